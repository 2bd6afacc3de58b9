// What the public site's screens show, shaped from the catalog's read model
// (read-model.server.ts): each screen's loader calls one or two functions here. Every read is
// the PUBLIC audience's (audience.server.ts): published portfolio shoots outside the trash, their
// live photos, and no image a client gallery holds alone. Each takes the page's language: on a
// Tamil page the studio's own words are its Tamil versions where it wrote them, else the English
// (localized.ts); the rows read are the same whichever language asks.
import type { Database } from "../../platform/db/db.server.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { PUBLIC } from "./audience.server.ts";
import { largeImageUrl, loadStoredImages, type StoredImage, toResponsiveImage } from "./images.server.ts";
import { type ContentLanguage, inLanguage } from "./localized.ts";
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
  studioNameIn,
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

/**
 * The few words the site puts around the studio's own (a default title, an image's alt text made
 * from a name), in each language: these are composed here, where the names are chosen.
 */
const AROUND: Record<
  ContentLanguage,
  Record<"about" | "atWork" | "showreel" | "collection", (name: string) => string>
> = {
  en: {
    about: (name) => `About ${name}`,
    atWork: (name) => `At work with ${name}`,
    showreel: (name) => `${name} showreel`,
    collection: (name) => `${name} collection`,
  },
  ta: {
    about: (name) => `${name} பற்றி`,
    atWork: (name) => `பணியில் ${name} குழு`,
    showreel: (name) => `${name} ஷோரீல்`,
    collection: (name) => `${name} தொகுப்பு`,
  },
};

/** The studio's name in the language. */

/** A shoot's title and location in the language. */
function shootWords(s: PortfolioShootRecord, language: ContentLanguage) {
  return {
    title: inLanguage(language, s.title, s.titleTa),
    location: inLanguage(language, s.location, s.locationTa),
    description: inLanguage(language, s.description, s.descriptionTa),
  };
}

function imageOrNull(images: Map<number, StoredImage>, assetId: number | null, alt: string) {
  const stored = assetId === null ? undefined : images.get(assetId);
  return stored ? toResponsiveImage(stored, alt) : null;
}

/** The studio row given (one request's, see app/utils/request-context.ts), or read now. */
async function studioRow(db: Database, row: StudioRow | null | undefined): Promise<StudioRow | null> {
  return row === undefined ? readStudioRow(db) : row;
}

/** The studio's details for the header, the footer and the contact page. */
export async function getStudio(
  db: Database,
  row?: StudioRow | null,
  language: ContentLanguage = "en",
): Promise<StudioInfo | null> {
  const s = await studioRow(db, row);
  if (!s) return null;
  const images = await loadStoredImages(db, PUBLIC, s.logo_asset_id === null ? [] : [s.logo_asset_id]);
  const name = studioNameIn(s, language);
  return {
    name,
    tagline: inLanguage(language, s.tagline, s.tagline_ta),
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
    logo: imageOrNull(images, s.logo_asset_id, name),
  };
}

export async function getAboutPage(
  db: Database,
  row?: StudioRow | null,
  language: ContentLanguage = "en",
): Promise<AboutPage | null> {
  const s = await studioRow(db, row);
  if (!s) return null;
  const text = inLanguage(language, s.about_text, s.about_text_ta);
  if (text.trim() === "") return null;
  const images = await loadStoredImages(db, PUBLIC, s.about_asset_id === null ? [] : [s.about_asset_id]);
  const name = studioNameIn(s, language);
  return {
    title: inLanguage(language, s.about_title, s.about_title_ta) || AROUND[language].about(name),
    text,
    image: imageOrNull(images, s.about_asset_id, AROUND[language].atWork(name)),
  };
}

export async function getShowreel(
  db: Database,
  row?: StudioRow | null,
  language: ContentLanguage = "en",
): Promise<Showreel | null> {
  const s = await studioRow(db, row);
  if (!s?.showreel_video_id) return null;
  const images = await loadStoredImages(
    db,
    PUBLIC,
    s.showreel_poster_asset_id === null ? [] : [s.showreel_poster_asset_id],
  );
  return {
    videoId: s.showreel_video_id,
    poster: imageOrNull(images, s.showreel_poster_asset_id, AROUND[language].showreel(studioNameIn(s, language))),
  };
}

/**
 * The home page's slides. A slide after the first carries no placeholder: the slideshow makes
 * it ready a whole turn before it shows (app/islands/banner-slideshow.ts), so its photo is
 * there first, and its placeholders (about 80 bytes each, compressed) would only lengthen the
 * home page's document, which should fit in a phone's first round trip.
 */
export async function getBannerSlides(db: Database, language: ContentLanguage = "en"): Promise<BannerSlide[]> {
  // The slides with both images; a slide missing one is left out.
  const slides = (await readBannerSlides(db, PUBLIC)).flatMap((s) => {
    const alt = inLanguage(language, s.alt, s.altTa);
    return s.desktop && s.mobile
      ? [{ id: s.id, desktop: toResponsiveImage(s.desktop, alt), mobile: toResponsiveImage(s.mobile, alt) }]
      : [];
  });
  return slides.map((slide, i) =>
    i === 0
      ? slide
      : { ...slide, desktop: { ...slide.desktop, placeholder: "" }, mobile: { ...slide.mobile, placeholder: "" } },
  );
}

export async function getCollectionCards(db: Database, language: ContentLanguage = "en"): Promise<CollectionCard[]> {
  const collections = await readCollections(db);
  const images = await loadStoredImages(
    db,
    PUBLIC,
    collections.flatMap((c) => (c.cover_asset_id === null ? [] : [c.cover_asset_id])),
  );
  return collections.map((c) => {
    const name = inLanguage(language, c.name, c.name_ta);
    return {
      slug: c.slug,
      name,
      description: inLanguage(language, c.description, c.description_ta),
      cover: imageOrNull(images, c.cover_asset_id, AROUND[language].collection(name)),
    };
  });
}

/** Shoots as cards; a shoot without a chosen cover shows its first photo. */
async function toShootCards(
  db: Database,
  shoots: PortfolioShootRecord[],
  language: ContentLanguage,
): Promise<ShootCard[]> {
  const covers = await shootCovers(db, PUBLIC, shoots);
  const coverOf = (s: PortfolioShootRecord) => covers.get(s.id) ?? null;
  const images = await loadStoredImages(
    db,
    PUBLIC,
    shoots.flatMap((s) => coverOf(s) ?? []),
  );
  return shoots.map((s) => {
    const words = shootWords(s, language);
    return { id: s.id, ...words, cover: imageOrNull(images, coverOf(s), `${words.title}, ${words.location}`) };
  });
}

export async function getRecentStories(db: Database, language: ContentLanguage = "en"): Promise<ShootCard[]> {
  return toShootCards(db, await readShoots(db, PUBLIC, { stories: true }), language);
}

/** A collection by its URL segment, case-insensitively (/gallery/BabyShoot is babyShoot). */
export async function getCollectionPage(
  db: Database,
  segment: string,
  language: ContentLanguage = "en",
): Promise<CollectionPage | null> {
  const collection = (await readCollections(db)).find((c) => c.slug.toLowerCase() === segment.toLowerCase());
  if (!collection) return null;
  return {
    slug: collection.slug,
    name: inLanguage(language, collection.name, collection.name_ta),
    description: inLanguage(language, collection.description, collection.description_ta),
    shoots: await toShootCards(db, await readShoots(db, PUBLIC, { collectionId: collection.id }), language),
  };
}

export async function getShootPage(
  db: Database,
  id: number,
  language: ContentLanguage = "en",
): Promise<ShootPage | null> {
  const [shoot] = await readShoots(db, PUBLIC, { id });
  if (!shoot) return null;
  const photos = await readShootPhotos(db, PUBLIC, [id]);
  return {
    id: shoot.id,
    ...shootWords(shoot, language),
    collection: {
      slug: shoot.collection.slug,
      name: inLanguage(language, shoot.collection.name, shoot.collection.nameTa),
    },
    photos: photos.flatMap((p) => {
      if (!p.image) return [];
      const alt = inLanguage(language, p.alt, p.altTa);
      return [{ id: p.id, image: toResponsiveImage(p.image, alt), large: largeImageUrl(p.image) }];
    }),
  };
}

/** Published shoots whose title, location or collection name (English or Tamil) contains every word of the query. */
export async function searchShoots(
  db: Database,
  query: string,
  language: ContentLanguage = "en",
): Promise<ShootCard[]> {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (query.trim().length < MIN_SEARCH_LENGTH || words.length === 0) return [];
  return toShootCards(db, await readShoots(db, PUBLIC, { words, limit: MAX_SEARCH_RESULTS }), language);
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
  const statics: SitemapEntry[] = ["/", "/about", "/contactUs", "/credits"].map((path) => ({ path, images: [] }));
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
