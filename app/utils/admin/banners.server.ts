// The home page's banner slides: each has a desktop and a mobile image (chosen from the
// studio's photos), an order, and alt text; slides are added and removed here.

import { loadStoredImages, toResponsiveImage } from "../content/images.server.ts";
import type { Database } from "../db/db.server.ts";

export const BANNER_ALT_MAX_LENGTH = 200;

export async function listBannerSlides(db: Database) {
  const slides = await db.selectFrom("banner_slides").selectAll().orderBy("position").orderBy("id").execute();
  const images = await loadStoredImages(
    db,
    slides.flatMap((s) => [s.desktop_asset_id, s.mobile_asset_id]),
  );
  return slides.map((s) => {
    const desktop = images.get(s.desktop_asset_id);
    const mobile = images.get(s.mobile_asset_id);
    return {
      id: s.id,
      alt: s.alt,
      desktop: desktop ? toResponsiveImage(desktop, `${s.alt} (desktop)`) : null,
      mobile: mobile ? toResponsiveImage(mobile, `${s.alt} (mobile)`) : null,
    };
  });
}

/** Every image the studio has (photos and existing slides), to choose a slide's images from. */
export async function listImageChoices(db: Database) {
  const rows = await db
    .selectFrom("assets")
    .select(["id", "original_name", "width", "height"])
    .orderBy("original_name")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    assetId: r.id,
    label: `${r.original_name} (${r.width} × ${r.height}${r.height > r.width ? ", portrait" : ""})`,
  }));
}

export type BannerFieldErrors = Partial<Record<"desktop" | "mobile" | "alt", string>>;

export async function addBannerSlide(
  db: Database,
  input: { desktop: number; mobile: number; alt: string },
): Promise<BannerFieldErrors | null> {
  const errors: BannerFieldErrors = {};
  const alt = input.alt.trim();
  const exists = async (id: number) =>
    Number.isSafeInteger(id) &&
    (await db.selectFrom("assets").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  if (!(await exists(input.desktop))) errors.desktop = "Choose the desktop image.";
  if (!(await exists(input.mobile))) errors.mobile = "Choose the mobile image.";
  if (alt === "") errors.alt = "Describe the slide for people who cannot see it.";
  else if (alt.length > BANNER_ALT_MAX_LENGTH) errors.alt = `At most ${BANNER_ALT_MAX_LENGTH} characters.`;
  if (Object.keys(errors).length > 0) return errors;
  const { count } = await db
    .selectFrom("banner_slides")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  await db
    .insertInto("banner_slides")
    .values({ position: Number(count), desktop_asset_id: input.desktop, mobile_asset_id: input.mobile, alt })
    .execute();
  await renumber(db);
  return null;
}

async function renumber(db: Database, ids?: number[]): Promise<void> {
  const order =
    ids ??
    (await db.selectFrom("banner_slides").select("id").orderBy("position").orderBy("id").execute()).map((r) => r.id);
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of order.entries()) {
      await trx.updateTable("banner_slides").set({ position }).where("id", "=", id).execute();
    }
  });
}

export async function moveBannerSlide(db: Database, id: number, delta: -1 | 1): Promise<void> {
  const ids = (await db.selectFrom("banner_slides").select("id").orderBy("position").orderBy("id").execute()).map(
    (r) => r.id,
  );
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
  await renumber(db, ids);
}

/** Removes a slide (its images stay: they are photos or may be chosen again). */
export async function removeBannerSlide(db: Database, id: number): Promise<void> {
  await db.deleteFrom("banner_slides").where("id", "=", id).execute();
  await renumber(db);
}
