// Who a read of shoots, photos or images is for, and the one rule of what each may see (ADR 039).
// A client gallery's sets are shoots and its photos are photos, in the same tables as the
// portfolio's; what keeps a couple's wedding off the public site is this rule, applied by the
// catalog's store to every read that names an audience, never a condition each reader must
// remember. A new audience (a wedding guest, a couple proofing an album) is a new case here,
// and TypeScript then points at every place that must decide what it sees.
import { type Expression, type SqlBool, sql } from "kysely";

/** Anyone on the internet: the public pages, the sitemap, search, the content API. */
export type PublicAudience = { readonly kind: "public" };
/** The signed-in studio: everything, the trash and drafts included where a read asks for them. */
export type StudioAudience = { readonly kind: "studio" };
/** Whoever holds one client gallery's link (and PIN): that gallery's live sets only. */
export type GalleryAudience = { readonly kind: "gallery"; readonly galleryId: number };
/**
 * A wedding guest who came by one gallery's event link (issue 31): that gallery's live sets the
 * studio opened to guests, without the photos the couple or the studio hid from them. Which of
 * those photos a guest is shown (the ones with their face) is the faces module's answer; this
 * rule is what no answer can go beyond.
 */
export type GuestAudience = { readonly kind: "guest"; readonly galleryId: number };
export type Audience = PublicAudience | StudioAudience | GalleryAudience | GuestAudience;

export const PUBLIC: PublicAudience = Object.freeze({ kind: "public" });
export const STUDIO: StudioAudience = Object.freeze({ kind: "studio" });
export function galleryAudience(galleryId: number): GalleryAudience {
  return Object.freeze({ kind: "gallery", galleryId });
}
export function guestAudience(galleryId: number): GuestAudience {
  return Object.freeze({ kind: "guest", galleryId });
}

/** Table names or aliases a rule is written against (a subquery names its own). */
interface Tables {
  shoots: string;
  photos: string;
}
const TABLES: Tables = { shoots: "shoots", photos: "photos" };
const EVERYTHING = sql<SqlBool>`1 = 1`;
const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * The shoots an audience may see. The public: published, not in the trash, and not a client
 * gallery's set (the schema already refuses a published set; this says it twice). A gallery's
 * link: that gallery's sets outside the trash. The studio: every shoot.
 */
export function shootVisibleTo(audience: Audience, { shoots }: Pick<Tables, "shoots"> = TABLES): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${shoots}.${name}`);
  switch (audience.kind) {
    case "public":
      // The unary plus keeps SQLite from answering "not a set" by the index on gallery_id: with
      // no statistics it takes "is null" for a rare value and walks every portfolio shoot first,
      // where a read of some shoots' photos should find those photos, then their shoots.
      return sql<SqlBool>`(${column("status")} = 'published' and ${column("deleted_at")} is null and (+${column("gallery_id")}) is null)`;
    case "gallery":
      return sql<SqlBool>`(${column("gallery_id")} = ${audience.galleryId} and ${column("deleted_at")} is null)`;
    case "guest":
      return sql<SqlBool>`(${column("gallery_id")} = ${audience.galleryId} and ${column("deleted_at")} is null and ${column("guest_visible")} = 1)`;
    case "studio":
      return EVERYTHING;
  }
}

/**
 * The photos an audience may see, in a query that joins each photo's shoot: a visible shoot's
 * photos outside the trash. The studio sees every photo; its reads choose live or trashed.
 */
export function photoVisibleTo(audience: Audience, tables: Tables = TABLES): Expression<SqlBool> {
  if (audience.kind === "studio") return EVERYTHING;
  const hidden =
    audience.kind === "guest" ? sql<SqlBool>` and ${sql.ref(`${tables.photos}.guest_hidden`)} = 0` : sql<SqlBool>``;
  return sql<SqlBool>`(${sql.ref(`${tables.photos}.deleted_at`)} is null${hidden} and ${shootVisibleTo(audience, tables)})`;
}

/**
 * The album versions (issue 32) an audience may see, in a query that joins each version's album:
 * a gallery's link sees its albums' versions once sent (a draft is the studio's alone, however its
 * spreads are asked for); the studio sees all; the public and guests none.
 */
export function albumVersionVisibleTo(
  audience: Audience,
  { versions, albums }: { versions: string; albums: string } = { versions: "album_versions", albums: "albums" },
): Expression<SqlBool> {
  switch (audience.kind) {
    case "gallery":
      return sql<SqlBool>`(${sql.ref(`${albums}.gallery_id`)} = ${audience.galleryId} and ${sql.ref(`${versions}.state`)} <> 'draft')`;
    case "studio":
      return EVERYTHING;
    case "public":
    case "guest":
      return NOTHING;
  }
}

/**
 * An asset that only client galleries' sets or albums hold (no portfolio shoot): a private photo, never
 * offered for a public place. Trashed photos count, so a private photo in the trash stays private.
 * The portfolio's side is asked first: for a portfolio photo (nearly every image a public page
 * loads) its first photo row answers, where asking for a gallery's first would read every photo
 * that holds the asset to find none.
 */
export const IS_GALLERY_ONLY_ASSET = sql<SqlBool>`(
  not exists (select 1 from photos pp join shoots ps on ps.id = pp.shoot_id
              where pp.asset_id = assets.id and ps.gallery_id is null)
  and (exists (select 1 from photos gp join shoots gs on gs.id = gp.shoot_id
               where gp.asset_id = assets.id and gs.gallery_id is not null)
       or exists (select 1 from album_spreads gsp where gsp.asset_id = assets.id)))`;

/**
 * An asset the studio has put in a public place: a banner slide, its logo, about photo or
 * showreel poster, a collection's cover. The same bytes uploaded to a client gallery are one
 * asset (ingest keeps one per hash), and the banner stays the banner.
 */
const IS_PLACED_PUBLICLY = sql<SqlBool>`(
  exists (select 1 from banner_slides pb
          where pb.desktop_asset_id = assets.id or pb.mobile_asset_id = assets.id)
  or exists (select 1 from studio_settings ps
             where ps.logo_asset_id = assets.id or ps.about_asset_id = assets.id
                or ps.showreel_poster_asset_id = assets.id)
  or exists (select 1 from collections pc where pc.cover_asset_id = assets.id))`;

/**
 * The images (assets) an audience may load, in a query on assets. The public: any but a client
 * gallery's own photos, unless the studio has also placed it publicly (banners, the studio's
 * logo, the portfolio's photos: an asset a portfolio shoot also holds is the studio's to show). A
 * gallery's link: the photos of its live sets and the spreads of its albums' sent versions; a guest:
 * the photos of the sets open to guests, never a spread. The studio: all. Readers load images by the ids a
 * visible read gave them; this makes a wrong id load nothing.
 */
export function assetVisibleTo(audience: Audience): Expression<SqlBool> {
  switch (audience.kind) {
    case "public":
      return sql<SqlBool>`(not ${IS_GALLERY_ONLY_ASSET} or ${IS_PLACED_PUBLICLY})`;
    case "gallery":
      return sql<SqlBool>`(exists (select 1 from photos vp join shoots vs on vs.id = vp.shoot_id
        where vp.asset_id = assets.id and ${photoVisibleTo(audience, { photos: "vp", shoots: "vs" })})
        or exists (select 1 from album_spreads vsp join album_versions vv on vv.id = vsp.version_id
          join albums va on va.id = vv.album_id
          where vsp.asset_id = assets.id and ${albumVersionVisibleTo(audience, { versions: "vv", albums: "va" })}))`;
    case "guest":
      return sql<SqlBool>`exists (select 1 from photos vp join shoots vs on vs.id = vp.shoot_id
        where vp.asset_id = assets.id and ${photoVisibleTo(audience, { photos: "vp", shoots: "vs" })})`;
    case "studio":
      return EVERYTHING;
  }
}
