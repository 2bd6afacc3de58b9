// Imports the demo studio into an empty database on first start. Every step is idempotent
// and the run is marked in app_state, so a start killed half way simply finishes the job on
// the next start, and a finished import is never repeated.
import fs from "node:fs/promises";
import path from "node:path";
import { readAppState, writeAppState } from "../../platform/db/app-state.server.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { type IngestDeps, ingestImage } from "../catalog/ingest.server.ts";
import { POSITION_GAP } from "../catalog/photo-order.ts";
import { catalogIsEmpty, writeCatalog } from "../catalog/seed.server.ts";
import { deriveSource } from "../media/pipeline.server.ts";
import {
  DEMO_BANNER_FILES,
  DEMO_COLLECTIONS,
  DEMO_SETTINGS,
  DEMO_SHOOTS,
  demoPhotoFilesFor,
  MOBILE_BANNER_ASPECT,
} from "./studio.ts";

export const DEMO_PHOTOS_DIR = path.resolve("demo/photos");
/**
 * The demo studio's logo, a sample drawn for it: demo/logo/nila-studio-logo.svg is the drawing,
 * this PNG its rendering at twice the drawing's size (transparent corners kept). Uploads take no
 * SVG (a script could ride in one), so the logo goes through ingest as any studio's PNG would.
 */
export const DEMO_LOGO_FILE = path.resolve("demo/logo/nila-studio-logo.png");
const STATE_KEY = "demo_import";

interface ManifestEntry {
  file: string;
  subject: string;
  /** What it shows, in Tamil: its alt text on the Tamil pages (issue 33). */
  subjectTa: string;
}

export type DemoImportOutcome = "imported" | "already-done" | "studio-has-content";

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const readState = (db: Database) => readAppState(db, STATE_KEY);
const writeState = (db: Database, value: string) => writeAppState(db, STATE_KEY, value);

export async function importDemoIfEmpty(
  deps: IngestDeps,
  progress: (line: string) => void,
  photosDir = DEMO_PHOTOS_DIR,
): Promise<DemoImportOutcome> {
  const { db } = deps;
  const state = await readState(db);
  if (state === "done") return "already-done";
  if (state === undefined) {
    if (!(await catalogIsEmpty(db))) return "studio-has-content";
    await writeState(db, "started");
  } else {
    progress("Resuming the demo import that an earlier start left unfinished");
  }

  const manifest = JSON.parse(await fs.readFile(path.join(photosDir, "manifest.json"), "utf8")) as ManifestEntry[];
  const files = manifest.map((m) => m.file);
  const altOf = new Map(manifest.map((m) => [m.file, sentenceCase(m.subject)]));
  const altTaOf = new Map(manifest.map((m) => [m.file, m.subjectTa]));

  const total = files.length + DEMO_BANNER_FILES.length;
  let done = 0;
  const tick = (what: string) => progress(`Importing demo studio: ${++done}/${total} images (${what})`);

  const assetOf = new Map<string, number>();
  for (const file of files) {
    const data = await fs.readFile(path.join(photosDir, file));
    assetOf.set(file, (await ingestImage(deps, data, file)).assetId);
    tick(file);
  }
  const mobileAssetOf = new Map<string, number>();
  for (const file of DEMO_BANNER_FILES) {
    const crop = await deriveSource(await fs.readFile(path.join(photosDir, file)), { aspect: MOBILE_BANNER_ASPECT });
    mobileAssetOf.set(file, (await ingestImage(deps, crop, `${file} (portrait crop)`)).assetId);
    tick(`${file}, portrait crop`);
  }
  // Its own line, not one of the numbered images: a small PNG, done in a moment.
  const logoName = path.basename(DEMO_LOGO_FILE);
  const logoAssetId = (await ingestImage(deps, await fs.readFile(DEMO_LOGO_FILE), logoName)).assetId;
  progress(`Importing demo studio: the logo (${logoName})`);
  const asset = (file: string, map = assetOf): number => {
    const id = map.get(file);
    if (id === undefined) throw new Error(`Demo file ${file} is not in demo/photos/manifest.json`);
    return id;
  };

  const { aboutFile, showreelPosterFile, ...settings } = DEMO_SETTINGS;
  await writeCatalog(db, {
    settings: {
      ...settings,
      phones: JSON.stringify(settings.phones),
      emails: JSON.stringify(settings.emails),
      social_links: JSON.stringify(settings.social_links),
      logo_asset_id: logoAssetId,
      about_asset_id: asset(aboutFile),
      showreel_poster_asset_id: asset(showreelPosterFile),
    },
    collections: DEMO_COLLECTIONS.map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      nameTa: c.nameTa,
      descriptionTa: c.descriptionTa,
      coverAssetId: asset(c.coverFile),
    })),
    shoots: DEMO_SHOOTS.map((s, index) => {
      const photoFiles = demoPhotoFilesFor(index, files);
      return {
        id: s.id,
        collectionSlug: s.collection,
        title: s.title,
        location: s.location,
        description: s.description,
        titleTa: s.titleTa,
        locationTa: s.locationTa,
        descriptionTa: s.descriptionTa,
        coverAssetId: asset(photoFiles[0] ?? ""),
        storyPosition: s.storyPosition ?? null,
        status: "published",
        photos: photoFiles.map((file, position) => ({
          assetId: asset(file),
          position: position * POSITION_GAP,
          alt: altOf.get(file) ?? "",
          altTa: altTaOf.get(file) ?? null,
        })),
      };
    }),
    slides: DEMO_BANNER_FILES.map((file) => ({
      desktopAssetId: asset(file),
      mobileAssetId: asset(file, mobileAssetOf),
      alt: altOf.get(file) ?? "",
      altTa: altTaOf.get(file) ?? null,
    })),
  });
  await writeState(db, "done");
  progress(
    `Demo studio ready: ${DEMO_COLLECTIONS.length} collections, ${DEMO_SHOOTS.length} shoots, ${assetOf.size + mobileAssetOf.size} images and the logo`,
  );
  return "imported";
}
