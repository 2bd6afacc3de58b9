// A gallery's watermark over time (ADR 027): the client's viewer reaches the 2048 px viewing JPEG
// (the marked one in a watermarked gallery, never an unmarked file beyond the grid's size), and a
// change of watermark queues the gallery's photos for the photo worker, which renders the files
// under the new names from each original, once, and then has nothing more to do.
import { describe, expect, it } from "vitest";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { gallerySetStore } from "#fixtures/gallery-set-store.ts";
import type { TestStore } from "#fixtures/test-store.ts";
import { runRound } from "../../platform/background.server.ts";
import { ingestImage, variantKey } from "../catalog/ingest.server.ts";
import { type GalleryAccessSettings, updateGalleryAccess } from "../galleries/access-settings.server.ts";
import { galleryWindows } from "../galleries/client-view.server.ts";
import { type CompactImage, expandImage, GRID_MAX_VARIANT_WIDTH_PX, largeUrl } from "../galleries/compact-image.ts";
import { enqueueGalleryRerender, pendingRerenders } from "../galleries/rerender-requests.server.ts";
import { claimNextJob, jobProgress } from "../jobs/queue.server.ts";
import { GALLERY_VIEW_EDGE_PX } from "../media/constants.ts";
import { planGalleryVariants, readEmbeddedMetadata, type Watermark } from "../media/pipeline.server.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { photoWork } from "./photo-worker.server.ts";
import { rerenderPhoto } from "./rerender.server.ts";

const FIRST_MARK: Watermark = { text: "NILA STUDIO", position: "bottom-right", opacityPercent: 60 };
const SECOND_MARK: Watermark = { text: "© Nila Studio 2026", position: "center", opacityPercent: 35 };

function access(mark: Watermark): GalleryAccessSettings {
  return {
    expiresOn: null,
    downloads: "web",
    watermarkText: mark.text,
    watermarkPosition: mark.position,
    watermarkOpacity: mark.opacityPercent,
  };
}

/** Every file URL a client's image names, with its width ("/media/ab/…-2048-….jpg" → 2048). */
function filesOf(image: CompactImage, maxWidthPx?: number): { url: string; width: number }[] {
  const expanded = expandImage(image, maxWidthPx);
  return expanded.sources.flatMap((s) =>
    s.srcSet.split(", ").map((entry) => {
      const [url = "", w = ""] = entry.split(" ");
      return { url, width: Number(w.slice(0, -1)) };
    }),
  );
}

/** The worker's real loop, one round at a time, until the queue is empty; an upload is never read. */
async function runWorker(store: TestStore): Promise<number> {
  const work = photoWork(store, {
    read: async (id) => {
      throw new Error(`a re-render read the upload ${id}`);
    },
    remove: async () => {},
  });
  let done = 0;
  for (;;) {
    const round = await runRound(work);
    if (round.claimed === 0) return done;
    expect(round.failed).toBe(0);
    done += round.succeeded;
  }
}

const wedding = gallerySetStore();

async function assetOf(photoId: number) {
  return wedding.store.db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .selectAll("assets")
    .where("photos.id", "=", photoId)
    .executeTakeFirstOrThrow();
}

async function viewKey(photoId: number, mark: Watermark | null): Promise<string> {
  const asset = await assetOf(photoId);
  const view = planGalleryVariants(asset, mark).at(-1);
  if (!view) throw new Error("no viewing variant");
  return variantKey(asset.sha256, view);
}

async function clientImages(): Promise<Map<number, CompactImage>> {
  const windows = await galleryWindows(wedding.store, wedding.galleryId, { listId: null, language: "en" });
  return new Map(windows.flatMap((w) => w.photos).map((p) => [p.id, p.image]));
}

describe("the client's largest image", () => {
  it("is the 2048 px watermarked JPEG in a watermarked gallery; the grid keeps its thumbnails", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    const photoId = await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(1, 3000, 2000), "DSC_0001.jpg");
    const marked = await viewKey(photoId, FIRST_MARK);
    const image = (await clientImages()).get(photoId);
    if (!image) throw new Error("photo not shown");

    expect(largeUrl(image)).toBe(publicMediaUrl(marked));
    const full = filesOf(image);
    expect(Math.max(...full.map((f) => f.width))).toBe(GALLERY_VIEW_EDGE_PX);
    expect(full.filter((f) => f.width > GRID_MAX_VARIANT_WIDTH_PX).map((f) => f.url)).toEqual([publicMediaUrl(marked)]);
    expect(expandImage(image).fallback).toBe(publicMediaUrl(marked));
    // The grid's files stop at its size: the 2048 px file is the viewer's alone.
    expect(Math.max(...filesOf(image, GRID_MAX_VARIANT_WIDTH_PX).map((f) => f.width))).toBeLessThanOrEqual(
      GRID_MAX_VARIANT_WIDTH_PX,
    );
    const meta = await readEmbeddedMetadata(await wedding.store.storage.public.get(marked));
    expect([meta.format, meta.width]).toEqual(["jpeg", GALLERY_VIEW_EDGE_PX]);
  });

  it("is the unmarked 2048 px JPEG in a gallery without a watermark", async () => {
    const photoId = await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(2, 3000, 2000), "DSC_0002.jpg");
    const view = await viewKey(photoId, null);
    const image = (await clientImages()).get(photoId);
    if (!image) throw new Error("photo not shown");
    expect(largeUrl(image)).toBe(publicMediaUrl(view));
    expect(filesOf(image).filter((f) => f.width > GRID_MAX_VARIANT_WIDTH_PX)).toEqual([
      { url: publicMediaUrl(view), width: GALLERY_VIEW_EDGE_PX },
    ]);
  });

  it("is no larger than the grid's, and never unmarked, while a watermarked file is missing", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    const photoId = await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(3, 3000, 2000), "DSC_0003.jpg");
    await wedding.store.storage.public.delete(await viewKey(photoId, FIRST_MARK));
    const image = (await clientImages()).get(photoId);
    if (!image) throw new Error("photo not shown");
    expect(Math.max(...filesOf(image).map((f) => f.width))).toBeLessThanOrEqual(GRID_MAX_VARIANT_WIDTH_PX);
    expect(expandImage(image).fallback).toBe("");
    expect(largeUrl(image)).toMatch(/-800-[0-9a-f]{8}\.webp$/);
  });
  it("of a portfolio shoot's photo (the public ladder) in a watermarked gallery stops at the grid's size until rendered", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    // As createGalleryFromShoot leaves it: the public ladder's AVIF, WebP (up to 2560 px) and JPEG, all unmarked.
    const { assetId } = await ingestImage(wedding.store, await seededJpeg(4, 3000, 2000), "DSC_0004.jpg");
    const { id: photoId } = await wedding.store.db
      .insertInto("photos")
      .values({ shoot_id: wedding.setId, asset_id: assetId, position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = (await clientImages()).get(photoId);
    if (!before) throw new Error("photo not shown");
    expect(Math.max(...filesOf(before).map((f) => f.width))).toBeLessThanOrEqual(GRID_MAX_VARIANT_WIDTH_PX);
    expect(expandImage(before).fallback).toBe("");

    // Rendering the gallery's photos gives it the gallery's marked viewing file.
    await enqueueGalleryRerender(wedding.store.db, wedding.galleryId);
    await runWorker(wedding.store);
    expect(largeUrl((await clientImages()).get(photoId) as CompactImage)).toBe(
      publicMediaUrl(await viewKey(photoId, FIRST_MARK)),
    );
  });
});

describe("a change of watermark", () => {
  it("queues the gallery's photos, and the worker renders them under the new names from each original", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    const photos = [
      await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(10, 1200, 800), "DSC_0010.jpg"),
      await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(11, 800, 1200), "DSC_0011.jpg"),
    ];
    const oldKeys = await Promise.all(photos.map((id) => viewKey(id, FIRST_MARK)));

    // Corner and opacity without text change no file: nothing is queued.
    expect(await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK))).toBe(0);
    expect(
      await updateGalleryAccess(wedding.store.db, wedding.galleryId, { ...access(SECOND_MARK), watermarkText: "" }),
    ).toBe(2);
    expect(
      await updateGalleryAccess(wedding.store.db, wedding.galleryId, { ...access(FIRST_MARK), watermarkText: "" }),
    ).toBe(0);

    expect(await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(SECOND_MARK))).toBe(2);
    // One row per photo however often it changed.
    expect(await pendingRerenders(wedding.store.db, wedding.galleryId)).toBe(2);
    const newKeys = await Promise.all(photos.map((id) => viewKey(id, SECOND_MARK)));
    for (const key of newKeys) expect(await wedding.store.storage.public.has(key)).toBe(false);
    // Meanwhile the client is shown no file of the new name (it is not there) and nothing unmarked large.
    for (const image of (await clientImages()).values())
      expect(Math.max(...filesOf(image).map((f) => f.width))).toBeLessThanOrEqual(GRID_MAX_VARIANT_WIDTH_PX);
    // The set's upload progress is about uploads only.
    expect(await jobProgress(wedding.store.db, wedding.setId, 0)).toMatchObject({ queued: 0, running: 0, done: 0 });

    expect(await runWorker(wedding.store)).toBe(2);
    expect(await pendingRerenders(wedding.store.db, wedding.galleryId)).toBe(0);
    const images = await clientImages();
    for (const [i, id] of photos.entries()) {
      const key = newKeys[i] as string;
      expect(await wedding.store.storage.public.has(key)).toBe(true);
      expect(largeUrl(images.get(id) as CompactImage)).toBe(publicMediaUrl(key));
      // The old watermark's file is left where it was (no media sweep yet, ADR 027).
      expect(await wedding.store.storage.public.has(oldKeys[i] as string)).toBe(true);
    }
    // No row for a watermarked file: the asset's rows stay the unmarked set.
    const rowKeys = (await wedding.store.db.selectFrom("asset_variants").select("key").execute()).map((r) => r.key);
    for (const key of newKeys) expect(rowKeys).not.toContain(key);
  });

  it("is idempotent: a photo whose files all exist is done without reading its original", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    const photoId = await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(20, 1200, 800), "DSC_0020.jpg");
    const asset = await assetOf(photoId);
    await wedding.store.storage.originals.delete(asset.original_key);
    expect(await enqueueGalleryRerender(wedding.store.db, wedding.galleryId)).toBe(1);
    expect(await runWorker(wedding.store)).toBe(1);
    const job = await wedding.store.db.selectFrom("jobs").select(["state", "error"]).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: "done", error: null });
  });

  it("to no watermark renders the unmarked viewing JPEG, with its row", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    const photoId = await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(30, 1200, 800), "DSC_0030.jpg");
    const unmarked = await viewKey(photoId, null);
    expect(await wedding.store.storage.public.has(unmarked)).toBe(false);
    expect(
      await updateGalleryAccess(wedding.store.db, wedding.galleryId, { ...access(FIRST_MARK), watermarkText: "" }),
    ).toBe(1);
    await runWorker(wedding.store);
    expect(await wedding.store.storage.public.has(unmarked)).toBe(true);
    const rows = await wedding.store.db.selectFrom("asset_variants").select("key").execute();
    expect(rows.map((r) => r.key)).toContain(unmarked);
    expect(largeUrl((await clientImages()).get(photoId) as CompactImage)).toBe(publicMediaUrl(unmarked));
  });

  it("made while a photo is being rendered queues it again rather than being marked done by that run", async () => {
    await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(FIRST_MARK));
    const photoId = await addPhotoToSet(wedding.store, wedding.setId, await seededJpeg(40, 1200, 800), "DSC_0040.jpg");
    await enqueueGalleryRerender(wedding.store.db, wedding.galleryId);
    const claimed = await claimNextJob(wedding.store.db);
    if (claimed?.kind !== "photo-rerender") throw new Error("no re-render job");
    // The studio saves a new watermark while the worker holds the job.
    expect(await updateGalleryAccess(wedding.store.db, wedding.galleryId, access(SECOND_MARK))).toBe(1);
    await rerenderPhoto(wedding.store, claimed);
    expect(await pendingRerenders(wedding.store.db, wedding.galleryId)).toBe(1);
    await runWorker(wedding.store);
    expect(await wedding.store.storage.public.has(await viewKey(photoId, SECOND_MARK))).toBe(true);
    expect(await pendingRerenders(wedding.store.db, wedding.galleryId)).toBe(0);
  });
});
