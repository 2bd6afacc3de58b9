// An album spread's upload (issue 32): checked as a photo's is, made into an asset by the same
// image pipeline under the spread plan (a phone's AVIF, a larger WebP and the viewing JPEG,
// watermarked when the gallery is), and put at its number in the album's draft; a PDF's pages each
// the same way (ADR 051); spreads marked again after the gallery's watermark changed (ADR 050). Called once a tus upload is complete: the studio waits
// for its answer, which names the file and why when refused (ADR 045 says why not a queued job).
import type { Database } from "../../platform/db/db.server.ts";
import { STUDIO } from "../catalog/audience.server.ts";
import { readAssetFiles } from "../catalog/images.server.ts";
import { type IngestDeps, ingestImage, writeMissingVariants } from "../catalog/ingest.server.ts";
import { watermarkOf } from "../galleries/downloads.server.ts";
import { readGalleries } from "../galleries/galleries.server.ts";
import { SPREAD_PLAN } from "../media/constants.ts";
import { type PageLimit, pdfPages } from "../media/pdf.server.ts";
import {
  ImageRejectedError,
  inspectSource,
  planSpreadVariants,
  sameWatermark,
  type Watermark,
} from "../media/pipeline.server.ts";
import { type ImageSource, sha256Of } from "../media/source.server.ts";
import { MAX_SPREAD_NUMBER, spreadNumberOf } from "./numbering.ts";
import { draftOf, ProofingRefusal } from "./proofing.server.ts";
import { putSpread, readAlbums, readSpreads, readVersions, setSpreadsMark, spreadOfUpload } from "./store.server.ts";

export interface UploadedSpread {
  uploadId: string;
  albumId: number;
  fileName: string;
  /** Its place (1-based) among the files chosen together, sorted by name: the number a name without one takes. */
  place: number;
  /** Its number when the upload says it (a PDF's page), instead of one read from its name. */
  number?: number;
  /** The upload's file where it waits on this disk (never read whole), or its bytes from a bucket. */
  source: ImageSource;
}

/** The gallery an album is in, while the album exists. */
export async function galleryOfAlbum(db: Database, galleryId: number, albumId: number): Promise<boolean> {
  return (await readAlbums(db, STUDIO, galleryId)).some((a) => a.id === albumId);
}

/**
 * Makes the upload a spread of the album's draft (a new draft from the newest version if it has
 * none). Throws ImageRejectedError for a file that is not an image we can use.
 */
export async function ingestSpread(
  deps: IngestDeps,
  galleryId: number,
  upload: UploadedSpread,
  now = new Date(),
): Promise<{ number: number; versionId: number }> {
  const { db } = deps;
  const [gallery] = await readGalleries(db, { id: galleryId, scope: "live" });
  if (!gallery || !(await galleryOfAlbum(db, galleryId, upload.albumId)))
    throw new ProofingRefusal(404, "That album no longer exists.");
  // The header's check only: the pipeline below decodes every pixel as strictly as the upload
  // check would, before the studio's answer (a photo's check runs apart, its processing queued).
  const info = await inspectSource(upload.source, upload.fileName);
  const versionId = await draftOf(db, galleryId, upload.albumId, now);
  const number = upload.number ?? spreadNumberOf(upload.fileName, upload.place);
  if ((await spreadOfUpload(db, upload.uploadId)) !== undefined) return { number, versionId };
  const sha256 = await sha256Of(upload.source);
  const watermark = watermarkOf(gallery);
  const { assetId } = await ingestImage(deps, upload.source, upload.fileName, { sha256, info }, (source) =>
    planSpreadVariants(source, watermark, SPREAD_PLAN),
  );
  await putSpread(
    db,
    {
      versionId,
      number,
      assetId,
      fileName: upload.fileName,
      sha256,
      uploadId: upload.uploadId,
      plan: SPREAD_PLAN,
      watermark,
    },
    now,
  );
  return { number, versionId };
}

/**
 * Makes each page of an uploaded PDF the spread of its number (page 7 is spread 7, whatever the
 * PDF is called), as its own upload would: a page that is already a spread of this upload is
 * left as it is, so a retried PDF makes the pages it had not made yet. Refuses, naming the PDF,
 * one that cannot be read (pdfPages) or a page that is not an image we can use.
 */
export async function ingestPdfSpreads(
  deps: IngestDeps,
  galleryId: number,
  upload: Omit<UploadedSpread, "place" | "number">,
  now = new Date(),
): Promise<{ numbers: number[]; versionId: number | null }> {
  const numbers: number[] = [];
  let versionId: number | null = null;
  for await (const page of pdfPages(upload.source, upload.fileName, SPREADS_IN_A_PDF)) {
    const made = await ingestSpread(
      deps,
      galleryId,
      {
        uploadId: pdfPageUploadId(upload.uploadId, page.number),
        albumId: upload.albumId,
        fileName: `${upload.fileName}, page ${page.number}`,
        place: page.number,
        number: page.number,
        source: page.image,
      },
      now,
    );
    numbers.push(made.number);
    versionId = made.versionId;
  }
  return { numbers, versionId };
}

/** A PDF is refused whole when it has more pages than an album has spreads. */
const SPREADS_IN_A_PDF: PageLimit = {
  maxPages: MAX_SPREAD_NUMBER,
  tooMany: (pages) => `the PDF has ${pages} pages; an album has at most ${MAX_SPREAD_NUMBER} spreads`,
};

/** The upload id a PDF's page is made under: one upload, a spread per page. */
export function pdfPageUploadId(uploadId: string, page: number): string {
  return `${uploadId}#${page}`;
}

/** Spreads whose files carry another mark than their gallery's now (the studio changed it since). */
export function spreadsMarkedOtherwise<T extends { watermark: Watermark | null }>(
  spreads: readonly T[],
  watermark: Watermark | null,
): T[] {
  return spreads.filter((spread) => !sameWatermark(spread.watermark, watermark));
}

/**
 * Marks the album's spreads with the gallery's watermark as it is now where their files carry
 * another: each one's files made again from its original (one decode, only the files missing)
 * under the newest plan, then its row says so. Until then its page names its old files, so the
 * couple never meets a spread without its files. The studio waits, as it does for an upload
 * (ADR 045): about a third of a second a spread. Returns how many spreads were marked again, and
 * with which mark (null: none).
 */
export async function markSpreadsAgain(
  deps: IngestDeps,
  galleryId: number,
  albumId: number,
): Promise<{ marked: number; watermark: Watermark | null }> {
  const { db, storage } = deps;
  const [gallery] = await readGalleries(db, { id: galleryId, scope: "live" });
  if (!gallery || !(await galleryOfAlbum(db, galleryId, albumId)))
    throw new ProofingRefusal(404, "That album no longer exists.");
  const watermark = watermarkOf(gallery);
  const versions = await readVersions(db, STUDIO, galleryId, albumId);
  const stale = spreadsMarkedOtherwise(
    await readSpreads(
      db,
      STUDIO,
      versions.map((v) => v.id),
    ),
    watermark,
  );
  const made = new Set<number>();
  for (const file of await readAssetFiles(db, STUDIO, [...new Set(stale.map((s) => s.assetId))])) {
    // An original since lost (see npm run repair-media) keeps its spread as it was.
    if (!(await storage.originals.has(file.originalKey))) continue;
    const name = stale.find((s) => s.assetId === file.id)?.fileName ?? file.originalKey;
    const specs = planSpreadVariants(file, watermark, SPREAD_PLAN);
    await writeMissingVariants(storage, file.sha256, await storage.originals.get(file.originalKey), name, specs);
    made.add(file.id);
  }
  const marked = stale.filter((s) => made.has(s.assetId)).map((s) => s.id);
  await setSpreadsMark(db, marked, SPREAD_PLAN, watermark);
  return { marked: marked.length, watermark };
}

export { ImageRejectedError };
