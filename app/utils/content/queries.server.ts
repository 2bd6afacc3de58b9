// The public site's reads. Each screen's loader calls one function here.
import type { Database } from "../db/db.server.ts";
import { loadStoredImages, toResponsiveImage } from "./images.server.ts";
import type { BannerSlide, CollectionCard, StudioInfo } from "./types.ts";

function jsonArray<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

export async function getStudio(db: Database): Promise<StudioInfo | null> {
  const s = await db.selectFrom("studio_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!s) return null;
  return {
    name: s.name,
    tagline: s.tagline,
    phones: jsonArray(s.phones),
    emails: jsonArray(s.emails),
    address: {
      street: s.street_address,
      locality: s.locality,
      region: s.region,
      postalCode: s.postal_code,
      country: s.country,
    },
    socialLinks: jsonArray(s.social_links),
  };
}

export async function getBannerSlides(db: Database): Promise<BannerSlide[]> {
  const slides = await db.selectFrom("banner_slides").selectAll().orderBy("position").execute();
  const images = await loadStoredImages(
    db,
    slides.flatMap((s) => [s.desktop_asset_id, s.mobile_asset_id]),
  );
  return slides.flatMap((s) => {
    const desktop = images.get(s.desktop_asset_id);
    const mobile = images.get(s.mobile_asset_id);
    if (!desktop || !mobile) return [];
    return [{ id: s.id, desktop: toResponsiveImage(desktop, s.alt), mobile: toResponsiveImage(mobile, s.alt) }];
  });
}

export async function getCollectionCards(db: Database): Promise<CollectionCard[]> {
  const collections = await db.selectFrom("collections").selectAll().orderBy("position").execute();
  const images = await loadStoredImages(
    db,
    collections.flatMap((c) => (c.cover_asset_id === null ? [] : [c.cover_asset_id])),
  );
  return collections.map((c) => {
    const cover = c.cover_asset_id === null ? undefined : images.get(c.cover_asset_id);
    return {
      slug: c.slug,
      name: c.name,
      description: c.description,
      cover: cover ? toResponsiveImage(cover, `${c.name} collection`) : null,
    };
  });
}
