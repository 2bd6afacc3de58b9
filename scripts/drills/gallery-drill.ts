// The issue's gallery drill: generates a gallery of N photos across its sets (through the sets'
// own processing plan), makes a selection of K photos by script as a client would, exports it as
// the studio does (the file-name list and the ZIP of the originals), and checks that every chosen
// photo's name appears exactly once in each and nothing else does. Runs on a fresh temporary data
// directory, deleted after; the server need not run.
//
//   npm run gallery-drill -- --photos 3000 --select 300 [--sets 4] [--real]
//
// --real makes 24 MP JPEGs (slow: minutes per hundred); the default is small generated images.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { readPhotoLabels } from "#domain/catalog/sets.server.ts";
import { deliveryFiles, deliveryZip } from "#domain/galleries/downloads.server.ts";
import { addGallerySet, createGallery, readGallery } from "#domain/galleries/galleries.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { addPhotoToSet, makeSelectionList, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { migrate, openDatabase } from "#platform/db/db.server.ts";
import { zipBytes } from "#platform/zip.server.ts";

const SET_TITLES = ["Nichayathartham", "Nalangu", "Muhurtham", "Reception", "Candid", "Family"];
const SMALL_EDGE_PX = { width: 48, height: 32 };
const REAL_EDGE_PX = { width: 6000, height: 4000 };
const PROGRESS_EVERY = 500;

export interface DrillOptions {
  photos: number;
  select: number;
  sets: number;
  real?: boolean;
  log?: (line: string) => void;
}

export interface DrillReport {
  photos: number;
  selected: number;
  /** Names in the exported list / ZIP that are not exactly once, or not chosen. */
  listProblems: string[];
  zipProblems: string[];
  zipBytes: number;
  /** What `unzip -t` said of the archive (its last line). */
  unzipVerdict: string;
}

/** Every chosen name once and nothing else: the problems found, empty when none. */
export function problemsOf(expected: readonly string[], found: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of found) counts.set(name, (counts.get(name) ?? 0) + 1);
  const problems: string[] = [];
  for (const name of expected) {
    const n = counts.get(name) ?? 0;
    if (n !== 1) problems.push(`${name}: ${n} times`);
    counts.delete(name);
  }
  for (const name of counts.keys()) problems.push(`${name}: not chosen`);
  return problems;
}

export async function runGalleryDrill({ photos, select, sets, real = false, log = () => {} }: DrillOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-gallery-drill-"));
  const db = openDatabase(path.join(dataDir, "studio.db"));
  try {
    await migrate(db);
    const deps = { db, storage: diskMediaStorage(dataDir) };
    const galleryId = await createGallery(db, { title: "Drill wedding", selectionLimit: select });
    const setIds: number[] = [];
    for (let s = 0; s < sets; s++) setIds.push(await addGallerySet(db, galleryId, SET_TITLES[s] ?? `Set ${s + 1}`));
    const size = real ? REAL_EDGE_PX : SMALL_EDGE_PX;
    const photoIds: number[] = [];
    const started = performance.now();
    for (let i = 0; i < photos; i++) {
      // Consecutive frames go to the same function, as a day's shooting does.
      const setId = setIds[Math.floor((i * sets) / photos)] ?? setIds[0] ?? 0;
      const name = `DSC_${String(i + 1).padStart(5, "0")}.jpg`;
      photoIds.push(await addPhotoToSet(deps, setId, await seededJpeg(i + 1, size.width, size.height), name));
      if ((i + 1) % PROGRESS_EVERY === 0)
        log(`  ${i + 1} photos processed (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    log(
      `Gallery: ${photos} photos in ${sets} sets, processed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // The client's picks: every (photos / select)-th photo, so they span every set.
    const chosen = Array.from({ length: select }, (_, k) => photoIds[Math.floor((k * photos) / select)] ?? 0);
    const listId = await makeSelectionList(db, galleryId, "Anitha", chosen);
    // As the studio reads a client's list.
    const chosenNames = (await readPhotoLabels(db, STUDIO, chosen)).map((label) => label.fileName);
    log(`Selection: ${chosen.length} photos in the list "Album"`);

    const gallery = await readGallery(db, galleryId);
    if (!gallery) throw new Error("the gallery vanished");
    const files =
      (await deliveryFiles(db, deps.storage, gallery, { kind: "list", listId, reader: "studio" }, "original"))?.files ??
      [];
    // The file-name list the studio pastes into Lightroom's filter or Capture One.
    const nameList = files.map((f) => f.name.slice(f.name.lastIndexOf("/") + 1)).join(", ");
    const listProblems = problemsOf(chosenNames, nameList.split(", "));

    const zipFile = path.join(dataDir, "album-originals.zip");
    const layout = await deliveryZip(db, deps.storage, files);
    const out = fs.createWriteStream(zipFile);
    for await (const chunk of zipBytes(layout)) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const unzipVerdict =
      execFileSync("unzip", ["-t", zipFile], { encoding: "utf8", maxBuffer: 64 * 1024 ** 2 })
        .trim()
        .split("\n")
        .at(-1) ?? "";
    const inZip = execFileSync("unzip", ["-Z1", zipFile], { encoding: "utf8", maxBuffer: 64 * 1024 ** 2 })
      .trim()
      .split("\n")
      .map((entry) => entry.slice(entry.lastIndexOf("/") + 1));
    const zipProblems = problemsOf(chosenNames, inZip);
    log(
      `Export: the name list (${nameList.length.toLocaleString("en")} characters) and a ZIP of ${layout.size.toLocaleString("en")} bytes; unzip: ${unzipVerdict}`,
    );
    return {
      photos,
      selected: chosen.length,
      listProblems,
      zipProblems,
      zipBytes: layout.size,
      unzipVerdict,
    } satisfies DrillReport;
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      photos: { type: "string", default: "3000" },
      select: { type: "string", default: "300" },
      sets: { type: "string", default: "4" },
      real: { type: "boolean", default: false },
    },
  });
  const photos = Number(values.photos);
  const select = Number(values.select);
  const sets = Number(values.sets);
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!whole(photos) || !whole(select) || !whole(sets) || select > photos || sets > photos) {
    console.error(
      "--photos, --select and --sets must be positive whole numbers, with --select and --sets at most --photos.",
    );
    process.exit(2);
  }
  const report = await runGalleryDrill({ photos, select, sets, real: values.real, log: console.log });
  const ok =
    report.listProblems.length === 0 && report.zipProblems.length === 0 && /No errors/.test(report.unzipVerdict);
  for (const problem of [...report.listProblems, ...report.zipProblems].slice(0, 20)) console.log(`  ${problem}`);
  console.log(
    ok
      ? `OK: all ${report.selected} chosen names appear exactly once in the list and in the ZIP.`
      : "FAILED: see the names above.",
  );
  process.exit(ok ? 0 : 1);
}
