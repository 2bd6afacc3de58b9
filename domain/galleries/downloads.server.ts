// A client gallery's downloads (ADR 027): which files a download holds (one photo, a set, the
// whole gallery, a selection list), under which names, at which size (the 2048 px viewing JPEG
// as "web size", or the original bytes), laid out as a deterministic ZIP so a cut download
// resumes with HTTP Range. Sets are folders ("01 Nichayathartham/"), in the gallery's order;
// photos in their set's order, under the name they were uploaded with.
import type { Database } from "../../platform/db/db.server.ts";
import type { GalleryDownloads } from "../../platform/db/schema.server.ts";
import { layoutZip, type ZipLayout, type ZipOptions, zipSize } from "../../platform/zip.server.ts";
import { fileSizes } from "../catalog/assets.server.ts";
import { type GalleryAudience, type GuestAudience, galleryAudience } from "../catalog/audience.server.ts";
import { readAssetFiles, widestVariant } from "../catalog/images.server.ts";
import { variantKey } from "../catalog/ingest.server.ts";
import { type ContentLanguage, titleIn } from "../catalog/localized.ts";
import { readShootPhotos } from "../catalog/read-model.server.ts";
import { visiblePhotoSet } from "../catalog/sets.server.ts";
import { type FileRef, fileChecksums, keptChecksums, refId } from "../media/checksums.server.ts";
import { planGalleryVariants, type Watermark } from "../media/pipeline.server.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import { type GalleryRecord, readGallerySets } from "./galleries.server.ts";
import { type ListReader, readListFor, readLists, type Visitor } from "./selections.server.ts";

export type DownloadScope =
  | { kind: "photo"; photoId: number }
  | { kind: "set"; setId: number }
  | { kind: "all" }
  | { kind: "list"; listId: number; reader: ListReader };

export type DownloadSize = Exclude<GalleryDownloads, "off">;

export interface DeliveryFile extends FileRef {
  /** The path in the archive: "01 Muhurtham/DSC_0042.jpg". */
  name: string;
  photoId: number;
  /** The set (shoot) the photo is in. */
  setId: number;
  /** Stable for the same content: the asset's creation time. */
  modified: Date;
}

/** Characters no common file system takes in a name, and control characters. */
const UNSAFE_NAME_CHARS = /[\\/:*?"<>|\p{Cc}]/gu;
const MAX_NAME_CHARS = 120;

function safeName(text: string, fallback: string): string {
  const cleaned = text.replace(UNSAFE_NAME_CHARS, "_").replace(/\s+/g, " ").trim().replace(/^\.+/, "");
  return (cleaned || fallback).slice(0, MAX_NAME_CHARS);
}

function withExtension(name: string, ext: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
}

/** "DSC_0001.jpg", "DSC_0001 (2).jpg", …: names unique in a folder, whatever the case (Windows). */
function uniqueIn(used: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf(".");
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

export function watermarkOf(gallery: Pick<GalleryRecord, "watermark">): Watermark | null {
  return gallery.watermark.text.trim() === "" ? null : gallery.watermark;
}

/** A set's folder in an archive: its place and title, "02 Muhurtham". */
export function setFolderName(position: number, title: string): string {
  return `${String(position + 1).padStart(2, "0")} ${safeName(title, "Set")}`;
}

/** What an archive of the whole gallery is called, on the downloads page and in its file name. */
export const ALL_PHOTOS_LABEL = "All photos";

export interface Delivery {
  /**
   * What the download is, for its archive's name: "All photos", the set's title, or the list's
   * name and whose it is ("Album, Meena": two people's lists of one name are two files).
   */
  label: string;
  /**
   * The label in Tamil where it is a set's title the studio wrote in Tamil (issue 33); null
   * otherwise, and a Tamil reader's archive is then named with the label.
   */
  labelTa: string | null;
  files: DeliveryFile[];
  /**
   * Photos of the scope left out because their watermarked web-size file is not made yet (the
   * studio has just set or changed the watermark, and the re-render is under way): a download
   * that names any is refused as "being prepared" rather than sent short.
   */
  preparing: Pick<DeliveryFile, "photoId" | "setId">[];
}

/**
 * The files a download holds, in archive order, or null when the scope names nothing of this
 * gallery (a photo, set or list of another gallery, or in the trash). A photo without its
 * web-size file (a gallery made from a portfolio shoot before its delivery plan ran) falls
 * back to its largest stored variant, unless the gallery is watermarked: then it is left out,
 * as preparing, rather than sent unmarked.
 */
export async function deliveryFiles(
  db: Database,
  storage: MediaStorage,
  gallery: Pick<GalleryRecord, "id" | "watermark">,
  scope: DownloadScope,
  size: DownloadSize,
  /** The couple's (the gallery's link), or a guest's: only the photos open to guests (issue 31). */
  audience: GalleryAudience | GuestAudience = galleryAudience(gallery.id),
): Promise<Delivery | null> {
  const sets = await readGallerySets(db, gallery.id);
  let setIds = sets.map((s) => s.id);
  if (scope.kind === "set") {
    if (!setIds.includes(scope.setId)) return null;
    setIds = [scope.setId];
  }
  if (scope.kind === "photo") {
    // Only the photo's own set is read, not a 5,000-photo gallery's every set.
    const photoSet = await visiblePhotoSet(db, audience, scope.photoId);
    if (photoSet === null || !setIds.includes(photoSet)) return null;
    setIds = [photoSet];
  }
  let photos = await readShootPhotos(db, audience, setIds, { images: false });
  let label = ALL_PHOTOS_LABEL;
  let labelTa: string | null = null;
  if (scope.kind === "set" || scope.kind === "photo") {
    const set = sets.find((s) => s.id === setIds[0]);
    label = set?.title ?? label;
    labelTa = set?.titleTa ?? null;
  }
  if (scope.kind === "photo") {
    photos = photos.filter((p) => p.id === scope.photoId);
    if (photos.length === 0) return null;
  }
  if (scope.kind === "list") {
    const list = await readListFor(db, gallery.id, scope.listId, scope.reader);
    if (!list) return null;
    label = `${list.name}, ${list.visitorName}`;
    const chosen = new Set(list.photoIds);
    photos = photos.filter((p) => chosen.has(p.id));
  }
  const setIndex = new Map(sets.map((s, i) => [s.id, i]));
  // readShootPhotos orders by set id; the archive follows the gallery's order of sets.
  photos = photos
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (setIndex.get(a.p.shootId) ?? 0) - (setIndex.get(b.p.shootId) ?? 0) || a.i - b.i)
    .map(({ p }) => p);

  const assetIds = [...new Set(photos.map((p) => p.assetId))];
  const assets = new Map((await readAssetFiles(db, audience, assetIds)).map((a) => [a.id, a]));
  const watermark = watermarkOf(gallery);
  const viewKeys = new Map<number, string>();
  if (size === "web") {
    for (const asset of assets.values()) {
      const view = planGalleryVariants(asset, watermark).at(-1);
      if (view) viewKeys.set(asset.id, variantKey(asset.sha256, view));
    }
  }
  // A viewing file whose checksum was kept at processing exists: one query instead of asking the
  // store about each of 5,000 files.
  const kept = await keptChecksums(
    db,
    [...viewKeys.values()].map((key) => ({ store: "public" as const, key })),
  );
  const stored = async (key: string) => kept.has(refId({ store: "public", key })) || storage.public.has(key);
  const used = new Map<number, Set<string>>();
  const files: DeliveryFile[] = [];
  const preparing: Delivery["preparing"] = [];
  for (const photo of photos) {
    const asset = assets.get(photo.assetId);
    if (!asset) continue;
    const setPosition = setIndex.get(photo.shootId) ?? 0;
    const folder = setFolderName(setPosition, sets[setPosition]?.title ?? "");
    let ref: FileRef;
    let fileName = safeName(photo.fileName, `photo-${photo.id}`);
    if (size === "original") {
      ref = { store: "originals", key: asset.originalKey };
    } else {
      const viewKey = viewKeys.get(asset.id);
      if (viewKey && (await stored(viewKey))) {
        ref = { store: "public", key: viewKey };
        fileName = withExtension(fileName, "jpg");
      } else {
        if (watermark) {
          preparing.push({ photoId: photo.id, setId: photo.shootId });
          continue;
        }
        const fallback = await widestVariant(db, audience, asset.id, ["jpeg", "webp"]);
        if (!fallback) continue;
        ref = { store: "public", key: fallback.key };
        fileName = withExtension(fileName, fallback.format === "jpeg" ? "jpg" : "webp");
      }
    }
    const inFolder = used.get(setPosition) ?? new Set<string>();
    used.set(setPosition, inFolder);
    files.push({
      ...ref,
      name: `${folder}/${uniqueIn(inFolder, fileName)}`,
      photoId: photo.id,
      setId: photo.shootId,
      modified: new Date(asset.createdAt),
    });
  }
  return { label, labelTa, files, preparing };
}

/** The archive of these files: its size and ETag known before a byte is read. */
export async function deliveryZip(
  db: Database,
  storage: MediaStorage,
  files: readonly DeliveryFile[],
  options?: ZipOptions,
): Promise<ZipLayout> {
  const sums = await fileChecksums(db, storage, files);
  return layoutZip(
    files.map((file) => {
      const sum = sums.get(refId(file));
      if (!sum) throw new Error(`no checksum for ${refId(file)}`);
      return {
        name: file.name,
        size: sum.bytes,
        crc32: sum.crc32,
        modified: file.modified,
        read: (start: number, end: number) => storage[file.store].stream(file.key, start, end),
      };
    }),
    options,
  );
}

/** What a client may download in this gallery: nothing, web size, or originals (which include web size). */
export function allowsDownload(gallery: Pick<GalleryRecord, "downloads">, size: DownloadSize): boolean {
  if (gallery.downloads === "off") return false;
  return size === "web" || gallery.downloads === "original";
}

export interface DownloadOffer {
  /** Its address after /download/: "all.zip", "set/12.zip", "list/3.zip". */
  path: string;
  kind: DownloadScope["kind"];
  label: string;
  photos: number;
  /** The archive's exact length, at each size the gallery allows. */
  bytes: Partial<Record<DownloadSize, number>>;
  /** Its photos whose web-size file is still being made (see Delivery): its web size waits for them. */
  preparing: number;
}

/** The sizes a gallery offers, smallest first. */
export function offeredSizes(gallery: Pick<GalleryRecord, "downloads">): DownloadSize[] {
  return (["web", "original"] as const).filter((size) => allowsDownload(gallery, size));
}

/**
 * What a client may download as a ZIP, each with its photo count and its exact size at every
 * allowed size, so the page says "1.2 GB" before anything starts: everything, each set, and each
 * of this person's own lists that holds a photo (none without a person). Sizes come from kept
 * figures (see fileSizes); the archives are laid out as their downloads will be, names included.
 */
export async function downloadOffers(
  db: Database,
  storage: MediaStorage,
  gallery: Pick<GalleryRecord, "id" | "watermark" | "downloads">,
  visitor: Pick<Visitor, "id"> | null,
  /** The page's language: each set's offer under its Tamil title where the studio wrote one. */
  language: ContentLanguage,
): Promise<DownloadOffer[]> {
  const sets = await readGallerySets(db, gallery.id);
  // Each of the person's lists that holds a photo, as that person reads it.
  const withPhotos = visitor
    ? (await readLists(db, visitor.id))
        .filter((list) => list.count > 0)
        .map((list) => ({
          ...list,
          scope: { kind: "list" as const, listId: list.id, reader: { visitorId: visitor.id } },
        }))
    : [];
  const blank = (path: string, kind: DownloadOffer["kind"], label: string): DownloadOffer => ({
    path,
    kind,
    label,
    photos: 0,
    bytes: {},
    preparing: 0,
  });
  const offers = [
    blank("all.zip", "all", ALL_PHOTOS_LABEL),
    ...sets.map((set) => blank(`set/${set.id}.zip`, "set", titleIn(language, set))),
    ...withPhotos.map((list) => blank(`list/${list.id}.zip`, "list", list.name)),
  ];
  const byPath = new Map(offers.map((o) => [o.path, o]));
  const count = (
    path: string,
    size: DownloadSize,
    delivery: Pick<Delivery, "files" | "preparing">,
    sizes: Map<string, number>,
  ) => {
    const offer = byPath.get(path);
    const { files, preparing } = delivery;
    if (!offer || files.length + preparing.length === 0) return;
    offer.photos = Math.max(offer.photos, files.length + preparing.length);
    offer.preparing = Math.max(offer.preparing, preparing.length);
    if (preparing.length === 0) {
      offer.bytes[size] = zipSize(files.map((file) => ({ name: file.name, size: sizeOf(sizes, file) })));
    }
  };
  for (const size of offeredSizes(gallery)) {
    // A set's archive holds the same entries under the same names as its folder in the whole
    // gallery's (names are made unique per folder), so one pass serves everything and each set.
    const all = (await deliveryFiles(db, storage, gallery, { kind: "all" }, size)) ?? { files: [], preparing: [] };
    const sizes = await fileSizes(db, storage, all.files);
    count("all.zip", size, all, sizes);
    for (const set of sets) {
      count(
        `set/${set.id}.zip`,
        size,
        {
          files: all.files.filter((f) => f.setId === set.id),
          preparing: all.preparing.filter((p) => p.setId === set.id),
        },
        sizes,
      );
    }
    for (const list of withPhotos) {
      const delivery = (await deliveryFiles(db, storage, gallery, list.scope, size)) ?? { files: [], preparing: [] };
      count(`list/${list.id}.zip`, size, delivery, await fileSizes(db, storage, delivery.files));
    }
  }
  return offers.filter((o) => o.photos > 0);
}

function sizeOf(sizes: Map<string, number>, file: FileRef): number {
  const bytes = sizes.get(refId(file));
  if (bytes === undefined) throw new Error(`no size for ${refId(file)}`);
  return bytes;
}
