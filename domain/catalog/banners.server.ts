// The home page's banner slides: each has a desktop and a mobile image (chosen from the
// studio's images or uploaded through the image field), an order, and alt text; slides are
// added and removed here. The alt text has an optional Tamil version (issue 33), given when the
// slide is added or later; empty, the Tamil home page reads the English.

import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import type { AdminForm } from "../auth/admin-form.server.ts";
import { STUDIO } from "./audience.server.ts";
import { resolveImageField } from "./image-choice.server.ts";
import { toResponsiveImage } from "./images.server.ts";
import type { IngestDeps } from "./ingest.server.ts";
import { tamilToStore } from "./localized.ts";
import { lockOrders, moveByOne, type Step } from "./move-by-one.server.ts";
import { readBannerSlides } from "./read-model.server.ts";

export const BANNER_ALT_MAX_LENGTH = 200;

export async function listBannerSlides(db: Database) {
  return (await readBannerSlides(db, STUDIO)).map((s) => ({
    id: s.id,
    alt: s.alt,
    altTa: s.altTa ?? "",
    desktop: s.desktop ? toResponsiveImage(s.desktop, `${s.alt} (desktop)`) : null,
    mobile: s.mobile ? toResponsiveImage(s.mobile, `${s.alt} (mobile)`) : null,
  }));
}

export type BannerFieldErrors = Partial<Record<"desktop" | "mobile" | "alt" | "altTa", string>>;

/** A Tamil alt text's problem: only its length (it is optional). */
function altTaError(text: string | null): string | undefined {
  return text !== null && text.length > BANNER_ALT_MAX_LENGTH
    ? `At most ${BANNER_ALT_MAX_LENGTH} characters.`
    : undefined;
}

function altError(text: string): string | undefined {
  const alt = text.trim();
  if (alt === "") return "Describe the slide for people who cannot see it.";
  if (alt.length > BANNER_ALT_MAX_LENGTH) return `At most ${BANNER_ALT_MAX_LENGTH} characters.`;
  return undefined;
}

export type BannerValues = Record<"desktop" | "mobile" | "alt" | "altTa", string>;

/**
 * Adds a slide from the add form: each image chosen or uploaded (an accepted upload is kept
 * and chosen even when another field is wrong, so it need not be sent again).
 */
export async function addBannerSlideFromForm(
  deps: IngestDeps,
  parsed: AdminForm,
): Promise<{ errors: BannerFieldErrors; values: BannerValues } | null> {
  const errors: BannerFieldErrors = {};
  const ids: Partial<Record<"desktop" | "mobile", number | null>> = {};
  for (const which of ["desktop", "mobile"] as const) {
    const result = await resolveImageField(deps, parsed, which, {
      optional: false,
      missing: `Choose the ${which} image or upload one.`,
    });
    ids[which] = result.assetId;
    if (!result.ok) errors[which] = result.error;
  }
  const alt = parsed.form.get("alt");
  const altTa = parsed.form.get("altTa");
  const values = {
    desktop: String(ids.desktop ?? ""),
    mobile: String(ids.mobile ?? ""),
    alt: typeof alt === "string" ? alt : "",
    altTa: typeof altTa === "string" ? altTa : "",
  };
  const { desktop, mobile } = ids;
  if (Object.keys(errors).length === 0 && desktop && mobile) {
    const refused = await addBannerSlide(deps.db, { desktop, mobile, alt: values.alt, altTa: values.altTa });
    if (!refused) return null;
    Object.assign(errors, refused);
  } else {
    const alt = altError(values.alt);
    if (alt) errors.alt = alt;
    const tamil = altTaError(tamilToStore(values.altTa));
    if (tamil) errors.altTa = tamil;
  }
  return { errors, values };
}

export async function addBannerSlide(
  db: Database,
  input: { desktop: number; mobile: number; alt: string; altTa?: string },
): Promise<BannerFieldErrors | null> {
  const errors: BannerFieldErrors = {};
  const alt = input.alt.trim();
  const altTa = tamilToStore(input.altTa);
  const exists = async (id: number) =>
    Number.isSafeInteger(id) &&
    (await db.selectFrom("assets").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  if (!(await exists(input.desktop))) errors.desktop = "Choose the desktop image.";
  if (!(await exists(input.mobile))) errors.mobile = "Choose the mobile image.";
  const altProblem = altError(alt);
  if (altProblem) errors.alt = altProblem;
  const altTaProblem = altTaError(altTa);
  if (altTaProblem) errors.altTa = altTaProblem;
  if (Object.keys(errors).length > 0) return errors;
  await db.transaction().execute(async (trx) => {
    // Two slides added at once would otherwise both count the same end (on PostgreSQL).
    await lockOrders(trx);
    const { count } = await trx
      .selectFrom("banner_slides")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("banner_slides")
      .values({
        position: Number(count),
        desktop_asset_id: input.desktop,
        mobile_asset_id: input.mobile,
        alt,
        alt_ta: altTa,
      })
      .execute();
    await SLIDES.write(trx, await SLIDES.read(trx));
  });
  return null;
}

/** The slides' order as stored: position 0..n-1; written on every change, so their updated_at is the slideshow's. */
const SLIDES = {
  read: async (trx: Database) => (await readBannerSlides(trx, STUDIO, { images: false })).map((s) => s.id),
  async write(trx: Database, ids: number[]) {
    const updated_at = toStoredTime();
    for (const [position, id] of ids.entries()) {
      await trx.updateTable("banner_slides").set({ position, updated_at }).where("id", "=", id).execute();
    }
  },
};

/**
 * Sets a slide's Tamil alt text (empty clears it: the Tamil home page then reads the English);
 * returns the field's error, or null when saved. Not a change to the slideshow's order, so the
 * other slides keep their times.
 */
export async function setBannerAltTa(db: Database, id: number, text: string): Promise<string | null> {
  const altTa = tamilToStore(text);
  const problem = altTaError(altTa);
  if (problem) return problem;
  await db
    .updateTable("banner_slides")
    .set({ alt_ta: altTa, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
  return null;
}

export async function moveBannerSlide(db: Database, id: number, step: Step): Promise<void> {
  await moveByOne(db, SLIDES, id, step);
}

/** Removes a slide (its images stay: they are photos or may be chosen again). */
export async function removeBannerSlide(db: Database, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOrders(trx);
    await trx.deleteFrom("banner_slides").where("id", "=", id).execute();
    await SLIDES.write(trx, await SLIDES.read(trx));
  });
}
