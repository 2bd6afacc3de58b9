// The content API's locales (issue 33), as Strapi v4's i18n plugin answers them: `locale=ta` gives
// each localized entry with the studio's Tamil where it wrote it and its English elsewhere, and
// `locale` in its attributes; no locale, `en` and `all` give the default (English) entries;
// filters, sort and `_q` read the entries' values in the locale asked for; a type that is not
// localized ignores it; a locale the site does not have finds nothing (find), is ignored
// (findOne), or is a 400 with API_STRICT=on. Drafts stay out in every locale. The answers are
// held to the schemas the OpenAPI document is made from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { seedCollection } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { createShoot, setShootStatus } from "../catalog/shoots.server.ts";
import { RESOURCES } from "./content.server.ts";
import { ApiError } from "./errors.server.ts";
import type { ResourceContext } from "./resource.server.ts";
import { ENTRY_SCHEMAS, RESPONSE_SCHEMAS } from "./schemas.ts";

const ORIGIN = "https://studio.example";
const LENIENT = { strict: false };
const STRICT = { strict: true };

let store: TestStore;
let ctx: ResourceContext;
const ids = { priya: 0, meena: 0, draft: 0, wedding: 0 };

beforeAll(async () => {
  store = await createTestStore();
  ctx = { db: store.db, origin: ORIGIN };
  await store.db
    .insertInto("studio_settings")
    .values({ id: 1, name: "Nila Studio", name_ta: "நிலா ஸ்டுடியோ", tagline: "Light, kept" })
    .execute();
  ids.wedding = await seedCollection(store.db, { slug: "wedding", name: "Wedding", description: "Vows" });
  await store.db.updateTable("collections").set({ name_ta: "திருமணம்" }).where("id", "=", ids.wedding).execute();
  const shoot = (title: string, tamil: { titleTa?: string; locationTa?: string }) =>
    createShoot(store.db, { title, location: "Madurai", description: "At dawn", collectionId: ids.wedding, ...tamil });
  ids.priya = await shoot("Priya & Karthik", { titleTa: "பிரியா & கார்த்திக்", locationTa: "மதுரை" });
  ids.meena = await shoot("Meena & Suresh", {});
  ids.draft = await shoot("Draft", { titleTa: "வரைவு" });
  for (const id of [ids.priya, ids.meena]) await setShootStatus(store.db, id, "published");
});

afterAll(async () => {
  await store.cleanup();
});

async function list<K extends keyof typeof RESPONSE_SCHEMAS>(name: K, query: string, options = LENIENT) {
  const answer = await RESOURCES[name]?.list(ctx, new URL(`${ORIGIN}/api/${name}?${query}`), options);
  return RESPONSE_SCHEMAS[name].parse(answer) as z.infer<(typeof RESPONSE_SCHEMAS)[K]>;
}

async function one<K extends keyof typeof ENTRY_SCHEMAS>(name: K, id: number, query: string, options = LENIENT) {
  const answer = await RESOURCES[name]?.one(ctx, new URL(`${ORIGIN}/api/${name}/${id}?${query}`), id, options);
  return ENTRY_SCHEMAS[name].parse(answer) as z.infer<(typeof ENTRY_SCHEMAS)[K]>;
}

const titles = (answer: { data: { id: number; attributes: { title: string } }[] }) =>
  answer.data.map((e) => [e.id, e.attributes.title]);

describe("the content API's locales", () => {
  it("locale=ta: the Tamil where written, the English elsewhere, and locale in the attributes; drafts never", async () => {
    const tamil = await list("collections", "locale=ta");
    expect(titles(tamil)).toEqual([
      [ids.priya, "பிரியா & கார்த்திக்"],
      [ids.meena, "Meena & Suresh"],
    ]);
    expect(tamil.data[0]?.attributes).toMatchObject({ location: "மதுரை", description: "At dawn", locale: "ta" });
    expect(tamil.data[1]?.attributes).toMatchObject({ location: "Madurai", locale: "ta" });
    expect(tamil.meta.pagination).toMatchObject({ total: 2 });
  });

  it("no locale, en and all: the default locale's entries, in English", async () => {
    const plain = await list("collections", "");
    expect(titles(plain)).toEqual([
      [ids.priya, "Priya & Karthik"],
      [ids.meena, "Meena & Suresh"],
    ]);
    expect(plain.data.every((e) => e.attributes.locale === "en")).toBe(true);
    expect(await list("collections", "locale=en")).toEqual(plain);
    expect(await list("collections", "locale=all")).toEqual(plain);
  });

  it("findOne, a nested populate and the collections themselves answer in the locale", async () => {
    const entry = await one("collections", ids.priya, "locale=ta&populate=galleries");
    expect(entry.data.attributes.title).toBe("பிரியா & கார்த்திக்");
    expect(entry.data.attributes.galleries?.data[0]?.attributes).toMatchObject({
      name: "திருமணம்",
      description: "Vows",
      locale: "ta",
    });
    const galleries = await list("galleries", "locale=ta");
    expect(galleries.data.map((g) => g.attributes.name)).toEqual(["திருமணம்"]);
    expect((await list("galleries", "")).data.map((g) => g.attributes.name)).toEqual(["Wedding"]);
    expect((await one("collections", ids.draft, "locale=ta").catch((e: unknown) => e)) instanceof ApiError).toBe(true);
  });

  it("filters, sort and _q read the values in the locale asked for", async () => {
    expect(titles(await list("collections", "locale=ta&filters[title][$containsi]=கார்த்திக்"))).toEqual([
      [ids.priya, "பிரியா & கார்த்திக்"],
    ]);
    // In Tamil the shoot is not called "Priya & Karthik": as in Strapi, the localized entry's value.
    expect((await list("collections", "locale=ta&filters[title][$eq]=Priya%20%26%20Karthik")).data).toEqual([]);
    expect(titles(await list("collections", "filters[title][$eq]=Priya%20%26%20Karthik"))).toHaveLength(1);
    // Tamil letters sort after Latin ones: the Tamil title last, the English one (no Tamil) first.
    expect(titles(await list("collections", "locale=ta&sort=title:asc")).map(([id]) => id)).toEqual([
      ids.meena,
      ids.priya,
    ]);
    expect(titles(await list("collections", "sort=title:asc")).map(([id]) => id)).toEqual([ids.meena, ids.priya]);
    const searched = await list("collections", "locale=ta&_q=மதுரை&pagination[pageSize]=1");
    expect(titles(searched)).toEqual([[ids.priya, "பிரியா & கார்த்திக்"]]);
    expect(searched.meta.pagination).toMatchObject({ total: 1 });
    expect((await list("collections", "locale=ta&filters[locale][$eq]=ta")).data).toHaveLength(2);
    // fields may name it (not held to the schema, whose entries have every attribute).
    const picked = await RESOURCES.collections?.list(
      ctx,
      new URL(`${ORIGIN}/api/collections?locale=ta&fields[0]=locale`),
      LENIENT,
    );
    expect(picked?.data[0]?.attributes).toEqual({ locale: "ta" });
  });

  it("blocks: the studio's name in Tamil, its tagline in English where it wrote no Tamil", async () => {
    const [header] = (await list("blocks", "locale=ta")).data;
    expect(header?.attributes).toMatchObject({ Title: "நிலா ஸ்டுடியோ", Heading: "Light, kept", locale: "ta" });
    expect((await list("blocks", "")).data[0]?.attributes.Title).toBe("Nila Studio");
  });

  it("banners are not localized: locale is ignored, and no locale attribute", async () => {
    const banner = await list("banners", "locale=ta");
    expect(banner.data[0]?.attributes).not.toHaveProperty("locale");
    expect(await list("banners", "locale=fr")).toEqual(banner);
  });

  it("a locale the site does not have: find finds nothing, findOne ignores it, API_STRICT=on refuses it", async () => {
    expect(await list("collections", "locale=fr")).toEqual({
      data: [],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } },
    });
    expect((await one("collections", ids.priya, "locale=fr")).data.attributes).toMatchObject({
      title: "Priya & Karthik",
      locale: "en",
    });
    for (const attempt of [
      () => list("collections", "locale=fr", STRICT),
      () => one("galleries", ids.wedding, "locale=ta-IN", STRICT),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, errorName: "ValidationError", details: { parameter: "locale" } });
      expect((error as ApiError).message).toMatch(/has en, ta, or all/);
    }
    // The known ones are no error in strict mode.
    expect((await list("collections", "locale=ta", STRICT)).data).toHaveLength(2);
  });
});
