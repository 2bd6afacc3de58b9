// What the public site's screens show, shaped from the catalog's read model
// (read-model.server.ts): each screen's loader calls one or two functions here. Every read is
// the PUBLIC audience's (audience.server.ts): published portfolio shoots outside the trash, their
// live photos, and no image a client gallery holds alone.
import type { Database } from "../../platform/db/db.server.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { PUBLIC } from "./audience.server.ts";
import { largeImageUrl, loadStoredImages, type StoredImage, toResponsiveImage } from "./images.server.ts";
import {
  jsonList,
  type PortfolioShootRecord,
  readBannerSlides,
  readCollections,
  readShootPhotos,
  readShoots,
  readStudioRow,
  type StudioRow,
  shootCovers,
} from "./read-model.server.ts";
import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "./search-limits.ts";
import type {
  AboutPage,
  BannerSlide,
  CollectionCard,
  CollectionPage,
  ShootCard,
  ShootPage,
  Showreel,
  StudioInfo,
} from "./types.ts";

function imageOrNull(images: Map<number, StoredImage>, assetId: number | null, alt: string) {
  const stored = assetId === null ? undefined : images.get(assetId);
  return stored ? toResponsiveImage(stored, alt) : null;
}

/** The studio row given (one request's, see app/utils/request-context.ts), or read now. */
async function studioRow(db: Database, row: StudioRow | null | undefined): Promise<StudioRow | null> {
  return row === undefined ? readStudioRow(db) : row;
}

/** The studio's details for the header, the footer and the contact page. */
export async function getStudio(db: Database, row?: StudioRow | null): Promise<StudioInfo | null> {
  const s = await studioRow(db, row);
  if (!s) return null;
  const images = await loadStoredImages(db, PUBLIC, s.logo_asset_id === null ? [] : [s.logo_asset_id]);
  return {
    name: s.name,
    tagline: s.tagline,
    phones: jsonList(s.phones),
    emails: jsonList(s.emails),
    address: {
      street: s.street_address,
      locality: s.locality,
      region: s.region,
      postalCode: s.postal_code,
      country: s.country,
    },
    socialLinks: jsonList(s.social_links),
    openingHours: s.opening_hours,
    logo: imageOrNull(images, s.logo_asset_id, s.name),
  };
}

export async function getAboutPage(db: Database, row?: StudioRow | null): Promise<AboutPage | null> {
  const s = await studioRow(db, row);
  if (!s || s.about_text.trim() === "") return null;
  const images = await loadStoredImages(db, PUBLIC, s.about_asset_id === null ? [] : [s.about_asset_id]);
  return {
    title: s.about_title || `About ${s.name}`,
    text: s.about_text,
    image: imageOrNull(images, s.about_asset_id, `At work with ${s.name}`),
  };
}

export async function getShowreel(db: Database, row?: StudioRow | null): Promise<Showreel | null> {
  const s = await studioRow(db, row);
  if (!s?.showreel_video_id) return null;
  const images = await loadStoredImages(
    db,
    PUBLIC,
    s.showreel_poster_asset_id === null ? [] : [s.showreel_poster_asset_id],
  );
  return {
    videoId: s.showreel_video_id,
    poster: imageOrNull(images, s.showreel_poster_asset_id, `${s.name} showreel`),
  };
}

/** The slides with both images; a slide missing one is left out. */
/**
 * The home page's slides. A slide after the first carries no placeholder: the slideshow makes
 * it ready a whole turn before it shows (app/islands/banner-slideshow.ts), so its photo is
 * there first, and its placeholders (about 80 bytes each, compressed) would only lengthen the
 * home page's document, which should fit in a phone's first round trip.
 */
export async function getBannerSlides(db: Database): Promise<BannerSlide[]> {
  const slides = (await readBannerSlides(db, PUBLIC)).flatMap((s) =>
    s.desktop && s.mobile
      ? [{ id: s.id, desktop: toResponsiveImage(s.desktop, s.alt), mobile: toResponsiveImage(s.mobile, s.alt) }]
      : [],
  );
  return slides.map((slide, i) =>
    i === 0
      ? slide
      : { ...slide, desktop: { ...slide.desktop, placeholder: "" }, mobile: { ...slide.mobile, placeholder: "" } },
  );
}

export async function getCollectionCards(db: Database): Promise<CollectionCard[]> {
  const collections = await readCollections(db);
  const images = await loadStoredImages(
    db,
    PUBLIC,
    collections.flatMap((c) => (c.cover_asset_id === null ? [] : [c.cover_asset_id])),
  );
  return collections.map((c) => ({
    slug: c.slug,
    name: c.name,
    description: c.description,
    cover: imageOrNull(images, c.cover_asset_id, `${c.name} collection`),
  }));
}

/** Shoots as cards; a shoot without a chosen cover shows its first photo. */
async function toShootCards(db: Database, shoots: PortfolioShootRecord[]): Promise<ShootCard[]> {
  const covers = await shootCovers(db, PUBLIC, shoots);
  const coverOf = (s: PortfolioShootRecord) => covers.get(s.id) ?? null;
  const images = await loadStoredImages(
    db,
    PUBLIC,
    shoots.flatMap((s) => coverOf(s) ?? []),
  );
  return shoots.map((s) => ({
    id: s.id,
    title: s.title,
    location: s.location,
    description: s.description,
    cover: imageOrNull(images, coverOf(s), `${s.title}, ${s.location}`),
  }));
}

export async function getRecentStories(db: Database): Promise<ShootCard[]> {
  return toShootCards(db, await readShoots(db, PUBLIC, { stories: true }));
}

/** A collection by its URL segment, case-insensitively (/gallery/BabyShoot is babyShoot). */
export async function getCollectionPage(db: Database, segment: string): Promise<CollectionPage | null> {
  const collection = (await readCollections(db)).find((c) => c.slug.toLowerCase() === segment.toLowerCase());
  if (!collection) return null;
  return {
    slug: collection.slug,
    name: collection.name,
    description: collection.description,
    shoots: await toShootCards(db, await readShoots(db, PUBLIC, { collectionId: collection.id })),
  };
}

export async function getShootPage(db: Database, id: number): Promise<ShootPage | null> {
  const [shoot] = await readShoots(db, PUBLIC, { id });
  if (!shoot) return null;
  const photos = await readShootPhotos(db, PUBLIC, [id]);
  return {
    id: shoot.id,
    title: shoot.title,
    location: shoot.location,
    description: shoot.description,
    collection: { slug: shoot.collection.slug, name: shoot.collection.name },
    photos: photos.flatMap((p) => {
      if (!p.image) return [];
      return [{ id: p.id, image: toResponsiveImage(p.image, p.alt), large: largeImageUrl(p.image) }];
    }),
  };
}

/** Published shoots whose title, location or collection name contains every word of the query. */
export async function searchShoots(db: Database, query: string): Promise<ShootCard[]> {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (query.trim().length < MIN_SEARCH_LENGTH || words.length === 0) return [];
  return toShootCards(db, await readShoots(db, PUBLIC, { words, limit: MAX_SEARCH_RESULTS }));
}

export interface SitemapEntry {
  path: string;
  images: { url: string; title: string }[];
}

/** Every public page, with the images a search engine may index for it (their JPEGs). */
export async function getSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [collections, shoots] = await Promise.all([readCollections(db), readShoots(db, PUBLIC, {})]);
  const photos = await readShootPhotos(
    db,
    PUBLIC,
    shoots.map((s) => s.id),
  );
  const statics: SitemapEntry[] = ["/", "/about", "/contactUs"].map((path) => ({ path, images: [] }));
  return [
    ...statics,
    ...collections.map((c) => ({ path: `/gallery/${c.slug}`, images: [] })),
    ...shoots.map((s) => ({
      path: `/galleryList/${s.id}`,
      images: photos
        .filter((p) => p.shootId === s.id)
        .flatMap((p) => {
          const jpeg = p.image?.variants.find((v) => v.format === "jpeg");
          return jpeg ? [{ url: publicMediaUrl(jpeg.key), title: p.alt || s.title }] : [];
        }),
    })),
  ];
}
