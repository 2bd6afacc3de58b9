// Client galleries seeded beside the demo studio for the privacy test (issue 29), through the
// domain's own functions: sets, photos processed by the real pipeline under each gallery's plan
// (its watermark too), a cover, alt text, a photo and a set in the trash, a PIN, downloads, and a
// visitor with lists, hearts and comments; and galleries whose links are closed. The caller gives
// texts that each carry a made-up word found nowhere in the demo studio; every private thing comes
// back as a marker, for the test to look for in everything a public surface answers.

import { addComment, createAlbum, sendDraft } from "#domain/albums/proofing.server.ts";
import { ingestSpread } from "#domain/albums/spreads.server.ts";
import { variantKey } from "#domain/catalog/ingest.server.ts";
import { setAltText, trashPhotos } from "#domain/catalog/photos.server.ts";
import { chooseGuestSets, setGuestSearch } from "#domain/faces/guest-search.server.ts";
import { registerGuest } from "#domain/faces/guests.server.ts";
import { saveScan } from "#domain/faces/store.server.ts";
import { updateGalleryAccess } from "#domain/galleries/access-settings.server.ts";
import { setGalleryCover } from "#domain/galleries/cover.server.ts";
import {
  addGallerySet,
  createGallery,
  readGalleries,
  readGallery,
  revokeGalleryLink,
  setGalleryPin,
} from "#domain/galleries/galleries.server.ts";
import { trashGallery } from "#domain/galleries/gallery-details.server.ts";
import { trashGallerySet } from "#domain/galleries/gallery-sets.server.ts";
import { createList, enterAsVisitor, heartPhoto, setComment } from "#domain/galleries/selections.server.ts";
import { planGalleryVariants, planSpreadVariants, type Watermark } from "#domain/media/pipeline.server.ts";
import { sha256Hex } from "#domain/media/source.server.ts";
import { type diskMediaStorage, PUBLIC_MEDIA_URL_PREFIX } from "#domain/media/storage.server.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import type { Database } from "#platform/db/db.server.ts";
import type { GalleryDownloads } from "#platform/db/schema.server.ts";

/**
 * Wide enough that the gallery plan makes every grid thumbnail (400, 640 and 800 px) and the
 * viewing JPEG, small enough to process a dozen photos in a second or two.
 */
const PRIVATE_PHOTO_WIDTH_PX = 900;
const PRIVATE_PHOTO_HEIGHT_PX = 600;
/** The hex digits of its sha256 that every file name of an asset starts with (variantKey). */
const KEY_HASH_PREFIX_CHARS = 24;

export interface PrivateGallerySpec {
  title: string;
  /** Its title in Tamil (issue 33): what a Tamil page, mail or `locale=ta` would read. */
  titleTa: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  pin: string;
  downloads: GalleryDownloads;
  /** Empty: no watermark. */
  watermarkText: string;
  /** Each set's title and its photos' file names; the last set goes to the trash when `trashLastSet`. */
  sets: { title: string; files: string[] }[];
  trashLastSet: boolean;
  /** Alt text given to the first set's photos, and its Tamil version. */
  alt: string;
  altTa: string;
  visitor: { name: string; pin: string; listName: string; comments: string[] };
  /** A different seed range per gallery: each photo has bytes, and so a hash, of its own. */
  firstSeed: number;
}

export interface PrivatePhoto {
  id: number;
  assetId: number;
  fileName: string;
  sha256: string;
  originalKey: string;
  /** Every file of the photo in the public media folder (watermarked ones too), by storage key. */
  variantKeys: string[];
}

export interface PrivateGallery {
  spec: PrivateGallerySpec;
  id: number;
  token: string;
  /** The live sets (the trashed one is in trashedSet). */
  sets: { id: number; title: string }[];
  trashedSet: { id: number; title: string } | null;
  photos: PrivatePhoto[];
  coverPhotoId: number;
  trashedPhotoId: number;
  visitorId: number;
  listId: number;
}

export interface Marker {
  /** What it is, for the failure message: "gallery A set title", "QXPRIVATE_0001.jpg's media path". */
  what: string;
  value: string;
}

/** The watermark every marked gallery here uses, but for its text. */
function watermarkOf(text: string): Watermark | null {
  return text === "" ? null : { text, position: "bottom-right", opacityPercent: 60 };
}

/** Makes a gallery as `spec` says, each step through the domain function the admin or the client uses. */
export async function seedPrivateGallery(
  deps: { db: Database; storage: ReturnType<typeof diskMediaStorage> },
  spec: PrivateGallerySpec,
): Promise<PrivateGallery> {
  const { db } = deps;
  const id = await createGallery(db, {
    title: spec.title,
    titleTa: spec.titleTa,
    clientName: spec.clientName,
    clientEmail: spec.clientEmail,
    clientPhone: spec.clientPhone,
    eventDate: "2026-02-14",
  });
  await setGalleryPin(db, id, spec.pin);
  // The watermark before the photos: each is processed once, with the marked viewing JPEG.
  await updateGalleryAccess(db, id, {
    expiresOn: null,
    downloads: spec.downloads,
    watermarkText: spec.watermarkText,
    watermarkPosition: "bottom-right",
    watermarkOpacity: watermarkOf(spec.watermarkText)?.opacityPercent ?? 60,
  });
  const sets: { id: number; title: string; photoIds: number[] }[] = [];
  let seed = spec.firstSeed;
  for (const set of spec.sets) {
    const setId = await addGallerySet(db, id, set.title);
    const photoIds: number[] = [];
    for (const file of set.files) {
      const jpeg = await seededJpeg(seed++, PRIVATE_PHOTO_WIDTH_PX, PRIVATE_PHOTO_HEIGHT_PX);
      photoIds.push(await addPhotoToSet(deps, setId, jpeg, file));
    }
    sets.push({ id: setId, title: set.title, photoIds });
  }
  const [first, second] = sets;
  if (!first || !second || first.photoIds.length < 3)
    throw new Error("a private gallery needs two sets, the first of 3+ photos");
  await setAltText(db, first.id, first.photoIds, spec.alt, spec.altTa);
  const coverPhotoId = first.photoIds[0] as number;
  const cover = await setGalleryCover(db, id, coverPhotoId);
  if (!cover.ok) throw new Error(cover.error);
  const trashedPhotoId = first.photoIds.at(-1) as number;
  await trashPhotos(db, first.id, [trashedPhotoId]);
  const trashedSet = spec.trashLastSet ? sets.at(-1) : undefined;
  if (trashedSet) await trashGallerySet(db, id, trashedSet.id);

  const entered = await enterAsVisitor(db, id, spec.visitor.name, spec.visitor.pin);
  if (!entered.ok) throw new Error(`could not enter as ${spec.visitor.name}: ${entered.error}`);
  const list = await createList(db, entered.visitor, spec.visitor.listName);
  if (!list.ok) throw new Error(`could not make the list: ${list.error}`);
  const hearted = [first.photoIds[0], first.photoIds[1], second.photoIds[0]] as number[];
  for (const [i, photoId] of hearted.entries()) {
    const target = { visitor: entered.visitor, listId: list.listId, photoId };
    const heart = await heartPhoto(db, target);
    if (!heart.ok) throw new Error(`could not heart ${photoId}: ${heart.error}`);
    const comment = spec.visitor.comments[i];
    if (comment !== undefined) {
      const noted = await setComment(db, target, comment);
      if (!noted.ok) throw new Error(`could not comment on ${photoId}: ${noted.error}`);
    }
  }

  const gallery = await readGallery(db, id);
  if (!gallery) throw new Error(`no gallery ${id}`);
  const allPhotoIds = sets.flatMap((s) => s.photoIds);
  const rows = await db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select(["photos.id", "assets.id as assetId", "assets.original_name", "assets.sha256", "assets.original_key"])
    .select(["assets.width", "assets.height"])
    .where("photos.id", "in", allPhotoIds)
    .orderBy("photos.id")
    .execute();
  const variants = await db
    .selectFrom("asset_variants")
    .select(["asset_id", "key"])
    .where(
      "asset_id",
      "in",
      rows.map((r) => r.assetId),
    )
    .execute();
  const mark = watermarkOf(spec.watermarkText);
  const photos = rows.map((r): PrivatePhoto => {
    // A marked viewing JPEG has no asset_variants row (ADR 027): its name comes from the plan.
    const planned = planGalleryVariants(r, mark).map((v) => variantKey(r.sha256, v));
    const recorded = variants.filter((v) => v.asset_id === r.assetId).map((v) => v.key);
    return {
      id: r.id,
      assetId: r.assetId,
      fileName: r.original_name,
      sha256: r.sha256,
      originalKey: r.original_key,
      variantKeys: [...new Set([...recorded, ...planned])],
    };
  });
  return {
    spec,
    id,
    token: gallery.token,
    sets: sets.filter((s) => s !== trashedSet).map((s) => ({ id: s.id, title: s.title })),
    trashedSet: trashedSet ? { id: trashedSet.id, title: trashedSet.title } : null,
    photos,
    coverPhotoId,
    trashedPhotoId,
    visitorId: entered.visitor.id,
    listId: list.listId,
  };
}

/**
 * Every text of the gallery that must never leave it: its link's token, the client's details,
 * titles, file names, alt text, the visitor, list and comments, the watermark, and each photo's
 * content hash, storage keys and /media/ paths. Numbers (ids) are returned apart, by kind, since
 * a bare number is in every page: the test looks for them where ids are written.
 */
export function privateMarkers(gallery: PrivateGallery, label: string): Marker[] {
  const { spec } = gallery;
  const markers: Marker[] = [
    { what: `gallery ${label}'s link token`, value: gallery.token },
    { what: `gallery ${label}'s title`, value: spec.title },
    { what: `gallery ${label}'s Tamil title`, value: spec.titleTa },
    { what: `gallery ${label}'s client name`, value: spec.clientName },
    { what: `gallery ${label}'s client e-mail`, value: spec.clientEmail },
    { what: `gallery ${label}'s client phone`, value: spec.clientPhone },
    { what: `gallery ${label}'s client phone digits`, value: spec.clientPhone.replace(/\D/g, "") },
    { what: `gallery ${label}'s photos' alt text`, value: spec.alt },
    { what: `gallery ${label}'s photos' Tamil alt text`, value: spec.altTa },
    { what: `gallery ${label}'s visitor`, value: spec.visitor.name },
    { what: `gallery ${label}'s list name`, value: spec.visitor.listName },
    ...spec.visitor.comments.map((value) => ({ what: `gallery ${label}'s comment`, value })),
    ...spec.sets.map((s) => ({ what: `gallery ${label}'s set title`, value: s.title })),
  ];
  if (spec.watermarkText !== "") markers.push({ what: `gallery ${label}'s watermark text`, value: spec.watermarkText });
  for (const photo of gallery.photos) {
    const name = `gallery ${label}'s ${photo.fileName}`;
    markers.push(
      { what: `${name} (its file name)`, value: photo.fileName },
      { what: `${name} (its file name without extension)`, value: photo.fileName.replace(/\.[^.]+$/, "") },
      { what: `${name} (its content hash)`, value: photo.sha256 },
      // The part of the hash every one of its files is named by: it finds a file this list lacks.
      { what: `${name} (its files' hash prefix)`, value: photo.sha256.slice(0, KEY_HASH_PREFIX_CHARS) },
      { what: `${name} (its original's key)`, value: photo.originalKey },
    );
    for (const key of photo.variantKeys) {
      markers.push(
        { what: `${name} (variant key ${key})`, value: key },
        { what: `${name} (media path)`, value: `${PUBLIC_MEDIA_URL_PREFIX}${key}` },
      );
    }
  }
  return markers;
}

/** The private ids, by what they number. */
export function privateIds(gallery: PrivateGallery) {
  const sets = [...gallery.sets, ...(gallery.trashedSet ? [gallery.trashedSet] : [])];
  return {
    galleryId: gallery.id,
    setIds: sets.map((s) => s.id),
    photoIds: gallery.photos.map((p) => p.id),
    assetIds: gallery.photos.map((p) => p.assetId),
    visitorId: gallery.visitorId,
    listId: gallery.listId,
  };
}

/** A gallery whose link no longer opens it: in the trash, revoked, or past its last day. */
export interface ClosedGallery {
  id: number;
  token: string;
  title: string;
  setId: number;
  setTitle: string;
  state: "trashed" | "revoked" | "expired";
}

/** The day before every other: a gallery that expired then is closed whatever today is. */
const LONG_AGO = "2000-01-01";

/** A gallery with one empty set, then closed as `state` says, with the admin's own functions. */
export async function seedClosedGallery(
  db: Database,
  { title, setTitle, state }: Omit<ClosedGallery, "id" | "token" | "setId">,
): Promise<ClosedGallery> {
  const id = await createGallery(db, { title, clientName: title });
  const setId = await addGallerySet(db, id, setTitle);
  if (state === "trashed") await trashGallery(db, id);
  if (state === "revoked") await revokeGalleryLink(db, id);
  if (state === "expired") {
    await updateGalleryAccess(db, id, {
      expiresOn: LONG_AGO,
      downloads: "off",
      watermarkText: "",
      watermarkPosition: "bottom-right",
      watermarkOpacity: 60,
    });
  }
  const [gallery] = await readGalleries(db, { id, scope: "any" });
  if (!gallery) throw new Error(`no gallery ${id}`);
  return { id, token: gallery.token, title, setId, setTitle, state };
}

export function closedGalleryMarkers(gallery: ClosedGallery): Marker[] {
  return [
    { what: `the ${gallery.state} gallery's link token`, value: gallery.token },
    { what: `the ${gallery.state} gallery's title`, value: gallery.title },
    { what: `the ${gallery.state} gallery's set title`, value: gallery.setTitle },
  ];
}

/** Every /media/ path of the gallery's photos' files (the originals are never under /media/). */
export function privateMediaPaths(gallery: PrivateGallery): { photo: PrivatePhoto; path: string }[] {
  return gallery.photos.flatMap((photo) =>
    photo.variantKeys.map((key) => ({ photo, path: `${PUBLIC_MEDIA_URL_PREFIX}${key}` })),
  );
}

/** A gallery's guest search, seeded for the privacy test (issue 31): its event link and one guest. */
export interface SeededGuests {
  eventToken: string;
  guestToken: string;
  guestName: string;
  /** The photos the guest's face is in (all the gallery's live photos: one face each, the guest's). */
  photoIds: number[];
}

/**
 * Turns guest search on for the gallery's live sets, with every live photo already searched and
 * holding one face (a made-up descriptor along `axis`, so no model is needed), and one guest
 * whose descriptor is that face's: the guest's page shows those photos.
 */
export async function seedGuestSearch(
  db: Database,
  gallery: PrivateGallery,
  guestName: string,
  axis: number,
): Promise<SeededGuests> {
  const descriptor = new Float32Array(128);
  descriptor[axis] = 1;
  const photoIds = gallery.photos.filter((p) => p.id !== gallery.trashedPhotoId).map((p) => p.id);
  for (const photoId of photoIds) {
    await saveScan(db, {
      photoId,
      galleryId: gallery.id,
      faces: [{ x: 0.3, y: 0.2, w: 0.2, h: 0.3, score: 0.98, descriptor }],
    });
  }
  await setGuestSearch(db, gallery.id, true);
  await chooseGuestSets(
    db,
    gallery.id,
    gallery.sets.map((s) => s.id),
  );
  const { token: guestToken } = await registerGuest(db, {
    galleryId: gallery.id,
    name: guestName,
    descriptor,
    found: 0,
  });
  const eventToken = (await readGallery(db, gallery.id))?.guests.token ?? "";
  return { eventToken, guestToken, guestName, photoIds };
}

/** What no public surface may show of a gallery's guests. */
export function guestMarkers(guests: SeededGuests, label: string): Marker[] {
  return [
    { what: `gallery ${label}'s event link token`, value: guests.eventToken },
    { what: `gallery ${label}'s guest's personal link token`, value: guests.guestToken },
    { what: `gallery ${label}'s guest's name`, value: guests.guestName },
  ];
}

/** A gallery's album (issue 32), seeded for the privacy test: a version sent and a draft after it. */
export interface SeededAlbum {
  albumId: number;
  title: string;
  /** The version the couple sees (sent, with a person's pinned comment). */
  sent: { versionId: number; spreads: SeededSpread[]; comment: string };
  /** The studio's draft after it: the couple must see none of it. */
  draft: { spreads: SeededSpread[] };
}

export interface SeededSpread {
  fileName: string;
  sha256: string;
  /** Every file of the spread in the public media folder, by storage key. */
  variantKeys: string[];
}

/**
 * An album for the gallery: version 1 of two spreads, sent, with the gallery's visitor's comment
 * pinned on spread 1; then a draft replacing spread 2 with other bytes. Each spread is made by the
 * real pipeline under the gallery's watermark; `label` names the files ("QXSPREAD_01.jpg").
 */
export async function seedAlbum(
  deps: { db: Database; storage: ReturnType<typeof diskMediaStorage> },
  gallery: PrivateGallery,
  { title, label, comment, firstSeed }: { title: string; label: string; comment: string; firstSeed: number },
): Promise<SeededAlbum> {
  const { db } = deps;
  const { albumId } = await createAlbum(db, gallery.id, title);
  const watermark = watermarkOf(gallery.spec.watermarkText);
  let seed = firstSeed;
  const upload = async (number: number, kind: string): Promise<SeededSpread> => {
    const fileName = `${label}${kind}_${String(number).padStart(2, "0")}.jpg`;
    const data = await seededJpeg(seed++, PRIVATE_PHOTO_WIDTH_PX, PRIVATE_PHOTO_WIDTH_PX / 2);
    await ingestSpread(deps, gallery.id, {
      uploadId: `${label}-${kind}-${number}`,
      albumId,
      fileName,
      place: number,
      source: data,
    });
    const sha256 = sha256Hex(data);
    const width = PRIVATE_PHOTO_WIDTH_PX;
    return {
      fileName,
      sha256,
      variantKeys: planSpreadVariants({ width, height: width / 2 }, watermark).map((spec) => variantKey(sha256, spec)),
    };
  };
  const sentSpreads = [await upload(1, "SENT"), await upload(2, "SENT")];
  const { id: versionId } = await sendDraft(db, gallery.id, albumId);
  await addComment(
    db,
    gallery.id,
    albumId,
    versionId,
    { visitorId: gallery.visitorId, name: gallery.spec.visitor.name },
    { spread: 1, x: 0.25, y: 0.5, text: comment, swapPhotoId: gallery.photos[0]?.id ?? null },
  );
  const draftSpreads = [await upload(2, "DRAFT")];
  return { albumId, title, sent: { versionId, spreads: sentSpreads, comment }, draft: { spreads: draftSpreads } };
}

function spreadMarkers(spreads: SeededSpread[], what: string): Marker[] {
  return spreads.flatMap((spread) => [
    { what: `${what} ${spread.fileName} (its file name)`, value: spread.fileName.replace(/\.[^.]+$/, "") },
    { what: `${what} ${spread.fileName} (its content hash)`, value: spread.sha256 },
    {
      what: `${what} ${spread.fileName} (its files' hash prefix)`,
      value: spread.sha256.slice(0, KEY_HASH_PREFIX_CHARS),
    },
    ...spread.variantKeys.map((key) => ({
      what: `${what} ${spread.fileName} (media path)`,
      value: `${PUBLIC_MEDIA_URL_PREFIX}${key}`,
    })),
  ]);
}

/** What no public surface, and no other gallery, may show of the album. */
export function albumMarkers(album: SeededAlbum, label: string): Marker[] {
  return [
    { what: `gallery ${label}'s album title`, value: album.title },
    { what: `gallery ${label}'s album comment`, value: album.sent.comment },
    ...spreadMarkers(album.sent.spreads, `gallery ${label}'s sent spread`),
    ...draftMarkers(album, label),
  ];
}

/** What even the gallery's own couple may not see: the studio's draft. */
export function draftMarkers(album: SeededAlbum, label: string): Marker[] {
  return spreadMarkers(album.draft.spreads, `gallery ${label}'s draft spread`);
}
