// The content API against the demo studio in a real SQLite file: every endpoint's shape, the
// filters and pagination, the 400s, each way a token fails, the rate limit, ETag/304, CORS, and
// the OpenAPI document held to the real responses.
import fs from "node:fs";
import { Validator as OpenApiValidator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { moveBannerSlide } from "#domain/catalog/banners.server.ts";
import { renameCollection } from "#domain/catalog/collections.server.ts";
import { NAV_LINKS } from "#domain/catalog/navigation.ts";
import { readBannerSlides } from "#domain/catalog/read-model.server.ts";
import { standaloneSchema } from "#domain/content-api/openapi.ts";
import { MAX_PAGE_SIZE } from "#domain/content-api/query.server.ts";
import { ENTRY_SCHEMAS, errorSchema, RESPONSE_SCHEMAS } from "#domain/content-api/schemas.ts";
import { createApiToken, revokeApiToken } from "#domain/content-api/tokens.server.ts";
import { importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { DEMO_PHOTOS_PER_SHOOT } from "#domain/demo/studio.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { createMemoryRateLimiter } from "#platform/rate-limit.server.ts";
import { type ApiDeps, handleApiRequest, openApiResponse } from "./handler.server.ts";

const ORIGIN = "https://studio.example";
/** Paths on this site, as Strapi's local provider answers them: a client prefixes its STRAPI_URL. */
const MEDIA_JPEG = /^\/media\/.+\.jpg$/;
/** Strapi's system fields, on every entry: ISO 8601 with milliseconds, as Strapi writes them. */
const STORED_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SYSTEM_FIELDS = {
  createdAt: expect.stringMatching(STORED_TIME),
  updatedAt: expect.stringMatching(STORED_TIME),
  publishedAt: expect.stringMatching(STORED_TIME),
};
const ALL_SHOOT_IDS = [1, 2, 3, 21, 22, 23, 24, 25, 41, 42, 43, 44, 45, 61, 62, 63, 64, 101, 102, 103];
const WEDDING_IDS = [1, 2, 3, 101];
const BABY_SHOOT_IDS = [21, 22, 23, 24, 25, 102];

let store: TestStore;
let photosDir: string;
let token: string;
let deps: ApiDeps;

beforeAll(async () => {
  store = await createTestStore();
  // Large enough for Strapi's "thumbnail" format (our 320 px rung).
  photosDir = await smallDemoPhotos(400);
  await importDemoIfEmpty(store, () => {}, photosDir);
  token = (await createApiToken(store.db, "tests")).token;
  deps = {
    db: store.db,
    origin: ORIGIN,
    limiter: createMemoryRateLimiter({ limit: 10_000, windowMs: 60_000 }),
    authFailures: createMemoryRateLimiter({ limit: 10_000, windowMs: 60_000 }),
    clientAddress: "192.0.2.1",
    corsOrigins: [],
    sharedCacheS: 60,
    strictQuery: false,
  };
});

afterAll(async () => {
  await store.cleanup();
  fs.rmSync(photosDir, { recursive: true, force: true });
});

interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  method?: string;
  deps?: Partial<ApiDeps>;
}

/** Calls /api/{pathAndQuery} as the route module would. */
function call(pathAndQuery: string, options: CallOptions = {}) {
  const url = new URL(`${ORIGIN}/api/${pathAndQuery}`);
  const headers = new Headers(options.headers);
  const bearer = options.token === undefined ? token : options.token;
  if (bearer !== null) headers.set("Authorization", `Bearer ${bearer}`);
  const request = new Request(url, { method: options.method ?? "GET", headers });
  return handleApiRequest(request, url.pathname.slice("/api/".length), { ...deps, ...options.deps });
}

async function body<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  return schema.parse(await response.json());
}

async function ok<S extends z.ZodType>(pathAndQuery: string, schema: S): Promise<z.infer<S>> {
  const response = await call(pathAndQuery);
  expect(response.status, pathAndQuery).toBe(200);
  return body(response, schema);
}

async function failure(response: Response, status: number, name: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const parsed = await body(response, errorSchema);
  expect(parsed.error).toMatchObject({ status, name });
  return parsed.error;
}

const ids = (list: { data: { id: number }[] }) => list.data.map((e) => e.id);

describe("endpoints on the demo studio", () => {
  it("/api/banners?populate=bannerImage: bannerImage.data lists six desktop images, then six mobile crops", async () => {
    const res = await ok("banners?populate=bannerImage", RESPONSE_SCHEMAS.banners);
    const images = res.data[0]?.attributes.bannerImage?.data ?? [];
    expect(images.map((i) => i.device)).toEqual([...Array(6).fill("desktop"), ...Array(6).fill("mobile")]);
    expect(images.map((i) => i.slide)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
    for (const { id, url, attributes } of images) {
      expect(attributes.url).toMatch(MEDIA_JPEG);
      expect(url).toBe(attributes.url);
      expect(typeof id).toBe("number");
      expect(attributes.hash).toBe(attributes.name.replace(/\.jpg$/, ""));
      expect(attributes.createdAt).toMatch(/\.\d{3}Z$/);
      for (const f of Object.values(attributes.formats ?? {})) {
        expect(f?.url.endsWith(`/${f?.hash}${f?.ext}`)).toBe(true);
        expect(f?.path).toBeNull();
      }
    }
    const [desktop, mobile] = [images[0]?.attributes, images[6]?.attributes];
    expect(desktop?.width).toBeGreaterThan(desktop?.height ?? 0);
    expect(mobile?.height).toBeGreaterThan(mobile?.width ?? 0);
    expect(new Set(images.map((i) => i.id)).size).toBe(12);
  });

  it("/api/banners leaves bannerImage out unless populated, as Strapi does", async () => {
    const res = await ok("banners", RESPONSE_SCHEMAS.banners);
    expect(res.data[0]?.attributes).toEqual({ name: "Home banner", ...SYSTEM_FIELDS });
  });

  it("/api/galleries?populate=*: the collections with attributes.name and attributes.image.data.url", async () => {
    const res = await ok("galleries?populate=*", RESPONSE_SCHEMAS.galleries);
    expect(res.data.map((g) => g.attributes.name)).toEqual(["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]);
    for (const g of res.data) {
      const image = g.attributes.image?.data;
      expect(image?.url).toMatch(MEDIA_JPEG);
      expect(image?.attributes.url).toBe(image?.url);
      expect(Object.keys(image?.attributes.formats ?? {})).toContain("thumbnail");
      for (const f of Object.values(image?.attributes.formats ?? {})) {
        expect(f?.url).toMatch(/^\/media\/.+\.webp$/);
      }
    }
    expect(res.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 4 });
  });

  it("/api/collections with the spec's leading-bracket filter and with Strapi's own", async () => {
    const spec = await ok("collections?populate=*&[filters][galleries][name]=wedding", RESPONSE_SCHEMAS.collections);
    const strapi = await ok("collections?populate=*&filters[galleries][name]=wedding", RESPONSE_SCHEMAS.collections);
    expect(ids(spec)).toEqual(WEDDING_IDS);
    expect(strapi).toEqual(spec);
    for (const shoot of spec.data) {
      expect(shoot.attributes.title).not.toBe("");
      expect(shoot.attributes.location).toMatch(/^Wedding in /);
      expect(shoot.attributes.base_image?.data?.attributes.url).toMatch(MEDIA_JPEG);
      expect(shoot.attributes.galleries?.data[0]?.attributes.name).toBe("Wedding");
    }
  });

  it("matches a collection by name or URL segment, in any case; an unknown one gives an empty list", async () => {
    for (const name of ["babyShoot", "Baby Shoot", "BABYSHOOT", "baby%20shoot"]) {
      expect(ids(await ok(`collections?filters[galleries][name]=${name}`, RESPONSE_SCHEMAS.collections))).toEqual(
        BABY_SHOOT_IDS,
      );
    }
    const none = await ok("collections?filters[galleries][name]=portraits", RESPONSE_SCHEMAS.collections);
    expect(none).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
  });

  it("/api/collections/{id}?populate=*: one shoot with all its images", async () => {
    const res = await ok("collections/101?populate=*", ENTRY_SCHEMAS.collections);
    expect(res.data.id).toBe(101);
    expect(res.data.attributes.isStory).toBe(true);
    expect(res.data.attributes.images?.data).toHaveLength(DEMO_PHOTOS_PER_SHOOT);
    for (const image of res.data.attributes.images?.data ?? []) expect(image.url).toMatch(MEDIA_JPEG);
    await failure(await call("collections/999"), 404, "NotFoundError");
    const bad = await failure(await call("collections/abc"), 400, "ValidationError");
    expect(bad.message).toContain("abc");
    await failure(await call("banners/2"), 404, "NotFoundError");
    await failure(await call("nothing-here"), 404, "NotFoundError");
    await failure(await call("collections/1/images"), 404, "NotFoundError");
  });

  it("leaves out what the admin has trashed or unpublished, as the public site does", async () => {
    const trashedPhoto = await store.db
      .selectFrom("photos")
      .select("id")
      .where("shoot_id", "=", 1)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await store.db.updateTable("shoots").set({ deleted_at: now }).where("id", "=", 2).execute();
    await store.db.updateTable("shoots").set({ status: "draft" }).where("id", "=", 3).execute();
    await store.db.updateTable("photos").set({ deleted_at: now }).where("id", "=", trashedPhoto.id).execute();
    try {
      const list = await ok("collections?populate=*&filters[galleries][name]=wedding", RESPONSE_SCHEMAS.collections);
      expect(ids(list)).toEqual([1, 101]);
      await failure(await call("collections/2"), 404, "NotFoundError");
      await failure(await call("collections/3"), 404, "NotFoundError");
      const one = await ok("collections/1?populate=*", ENTRY_SCHEMAS.collections);
      expect(one.data.attributes.images?.data).toHaveLength(DEMO_PHOTOS_PER_SHOOT - 1);
    } finally {
      await store.db.updateTable("shoots").set({ deleted_at: null }).where("id", "=", 2).execute();
      await store.db.updateTable("shoots").set({ status: "published" }).where("id", "=", 3).execute();
      await store.db.updateTable("photos").set({ deleted_at: null }).where("id", "=", trashedPhoto.id).execute();
    }
  });

  it("/api/recent-storys?populate=*: the three stories with base_image.data.url and a description", async () => {
    const res = await ok("recent-storys?populate=*", RESPONSE_SCHEMAS["recent-storys"]);
    expect(ids(res)).toEqual([101, 102, 103]);
    for (const story of res.data) {
      expect(story.attributes.base_image?.data?.url).toMatch(MEDIA_JPEG);
      expect(story.description).toBe(story.attributes.description);
      expect(story.description).not.toBe("");
    }
    expect(res.data[0]?.attributes.title).toBe("Lakshmi & Vignesh");
  });

  it("/api/blocks?populate=*&filters[key][$eq]=header: the site's own navigation with the logo", async () => {
    const res = await ok("blocks?populate=*&filters[key][$eq]=header", RESPONSE_SCHEMAS.blocks);
    expect(res.data).toHaveLength(1);
    const header = res.data[0]?.attributes;
    expect(header).toMatchObject({ Key: "header", Url: "/", Title: "Nila Studio" });
    const links = header?.Nav_Links ?? [];
    const withoutLogo = links.filter((l) => !l.Logo);
    expect(withoutLogo.map((l) => [l.name, l.url])).toEqual(NAV_LINKS.map((l) => [l.label, l.to]));
    const logo = links.find((l) => l.Logo);
    expect(logo?.url).toBe("/");
    // The demo studio's logo, as its JPEG variant.
    expect(logo?.Logo?.data.attributes.url).toMatch(MEDIA_JPEG);
    expect(links.map((l) => l.id)).toEqual(links.map((_, i) => i + 1));
    // A JSON attribute: Strapi returns it populated or not.
    const footer = await ok("blocks?filters[Key]=footer", RESPONSE_SCHEMAS.blocks);
    expect(footer.data[0]?.attributes.Nav_Links?.map((l) => l.name)).toContain("Baby Shoot");
  });

  it("/api/blocks: the built-in logo when the studio has none of its own", async () => {
    const { logo_asset_id: own } = await store.db
      .selectFrom("studio_settings")
      .select("logo_asset_id")
      .executeTakeFirstOrThrow();
    await store.db.updateTable("studio_settings").set({ logo_asset_id: null }).execute();
    try {
      const res = await ok("blocks?populate=*&filters[key][$eq]=header", RESPONSE_SCHEMAS.blocks);
      const logo = res.data[0]?.attributes.Nav_Links?.find((l) => l.Logo)?.Logo;
      expect(logo?.data.attributes.url).toBe("/favicon.svg");
    } finally {
      await store.db.updateTable("studio_settings").set({ logo_asset_id: own }).execute();
    }
  });
});

describe("findOne: GET /api/{type}/{id} on every type, as Strapi has it", () => {
  it("answers the entry the list has, in { data, meta: {} }, and 404 for an id it does not have", async () => {
    const cases = [
      ["banners", ENTRY_SCHEMAS.banners, RESPONSE_SCHEMAS.banners],
      ["galleries", ENTRY_SCHEMAS.galleries, RESPONSE_SCHEMAS.galleries],
      ["collections", ENTRY_SCHEMAS.collections, RESPONSE_SCHEMAS.collections],
      ["recent-storys", ENTRY_SCHEMAS["recent-storys"], RESPONSE_SCHEMAS["recent-storys"]],
      ["blocks", ENTRY_SCHEMAS.blocks, RESPONSE_SCHEMAS.blocks],
    ] as const;
    for (const [name, entrySchema, listSchema] of cases) {
      const list = await ok(`${name}?populate=*&pagination[pageSize]=100`, listSchema);
      for (const entry of list.data) {
        const found = await ok(`${name}/${entry.id}?populate=*`, entrySchema);
        expect(found, `${name}/${entry.id}`).toEqual({ data: entry, meta: {} });
      }
      await failure(await call(`${name}/99999`), 404, "NotFoundError");
    }
    // A story is a story: a portfolio shoot's id is no recent-story.
    await failure(await call("recent-storys/1"), 404, "NotFoundError");
  });
});

describe("the spec's client (section 3): every property path it reads resolves", () => {
  /** Follows "a.b.0.c" through objects and lists; undefined where a step is missing. */
  const at = (value: unknown, path: string): unknown =>
    path
      .split(".")
      .reduce<unknown>(
        (v, key) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[key] : undefined),
        value,
      );
  const json = async (q: string) => (await (await call(q)).json()) as { data: unknown[] };
  const resolves = (entry: unknown, paths: string[]) => {
    for (const path of paths) expect(at(entry, path), path).toBeDefined();
  };

  it("slider, collections, recent stories, gallery list and header block", async () => {
    // The slider takes data[0].attributes.bannerImage; each banner image is read as id and url.
    const slider = await json("banners?populate=bannerImage");
    resolves(slider.data[0], [
      "attributes.bannerImage.data.0.id",
      "attributes.bannerImage.data.0.url",
      "attributes.bannerImage.data.0.attributes.url",
    ]);
    for (const collection of (await json("galleries?populate=*")).data) {
      resolves(collection, ["id", "attributes.name", "attributes.image.data.url"]);
    }
    for (const story of (await json("recent-storys?populate=*")).data) {
      resolves(story, [
        "id",
        "attributes.title",
        "attributes.location",
        "attributes.base_image.data.url",
        "description",
      ]);
    }
    const wedding = await json("collections?populate=*&[filters][galleries][name]=wedding");
    expect(wedding.data.length).toBeGreaterThan(0);
    for (const item of wedding.data) {
      resolves(item, [
        "id",
        "attributes.title",
        "attributes.description",
        "attributes.location",
        "attributes.base_image.data.attributes.url",
      ]);
    }
    const header = (await json("blocks?populate=*&filters[key][$eq]=header")).data[0];
    resolves(header, [
      "attributes.Title",
      "attributes.Key",
      "attributes.Url",
      "attributes.Heading",
      "attributes.Nav_Links.0.id",
      "attributes.Nav_Links.0.url",
      "attributes.Nav_Links.0.name",
    ]);
  });
});

describe("pagination, sorting and filters", () => {
  it("pages with meta.pagination", async () => {
    const res = await ok("collections?pagination[page]=2&pagination[pageSize]=5", RESPONSE_SCHEMAS.collections);
    expect(ids(res)).toEqual(ALL_SHOOT_IDS.slice(5, 10));
    expect(res.meta.pagination).toEqual({ page: 2, pageSize: 5, pageCount: 4, total: 20 });
    const last = await ok("collections?pagination[page]=4&pagination[pageSize]=6", RESPONSE_SCHEMAS.collections);
    expect(ids(last)).toEqual(ALL_SHOOT_IDS.slice(18));
    const past = await ok("collections?pagination[page]=9&pagination[pageSize]=5", RESPONSE_SCHEMAS.collections);
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(20);
  });

  it("caps pageSize at 100 and can leave the counts out", async () => {
    const capped = await ok("collections?pagination[pageSize]=5000", RESPONSE_SCHEMAS.collections);
    expect(capped.meta.pagination).toMatchObject({ pageSize: MAX_PAGE_SIZE });
    expect(capped.data).toHaveLength(20);
    const uncounted = await ok("galleries?pagination[withCount]=false", RESPONSE_SCHEMAS.galleries);
    expect(uncounted.meta.pagination).toEqual({ page: 1, pageSize: 25 });
  });

  it("sorts by one or more fields, ascending or descending", async () => {
    expect(ids(await ok("recent-storys?sort=id:desc", RESPONSE_SCHEMAS["recent-storys"]))).toEqual([103, 102, 101]);
    const byTitle = await ok("collections?sort[0]=title:desc&sort[1]=id", RESPONSE_SCHEMAS.collections);
    const titles = byTitle.data.map((s) => s.attributes.title);
    expect(titles).toEqual(titles.toSorted((a, b) => b.localeCompare(a, "en")));
    const names = await ok("galleries?sort=name", RESPONSE_SCHEMAS.galleries);
    expect(names.data.map((g) => g.attributes.name)).toEqual(["Baby Shoot", "Motherhood", "Outdoor", "Wedding"]);
  });

  it("understands the operators: $eq, $eqi, $ne, $in, $notIn, $contains, $containsi, $startsWith", async () => {
    const shoots = (q: string) => ok(`collections?${q}`, RESPONSE_SCHEMAS.collections).then(ids);
    expect(await shoots("filters[id][$in][0]=2&filters[id][$in][1]=41")).toEqual([2, 41]);
    expect(await shoots("filters[id][$in]=61")).toEqual([61]);
    expect(await shoots("filters[id]=21")).toEqual([21]);
    expect(await shoots("filters[galleries][name][$ne]=wedding")).toEqual(
      ALL_SHOOT_IDS.filter((id) => !WEDDING_IDS.includes(id)),
    );
    expect(await shoots("filters[id][$notIn][0]=1&filters[id][$notIn][1]=2&filters[galleries][slug]=wedding")).toEqual([
      3, 101,
    ]);
    expect(await shoots("filters[location][$startsWith]=Out door")).toEqual([61, 62, 63, 64, 103]);
    expect(await shoots("filters[location][$contains]=motherhood")).toEqual([41, 42, 43, 44, 45]);
    expect(await shoots("filters[location][$contains]=MOTHERHOOD")).toEqual([]);
    expect(await shoots("filters[location][$containsi]=MOTHERHOOD")).toEqual([41, 42, 43, 44, 45]);
    expect(await shoots("filters[title][$eqi]=LAKSHMI %26 VIGNESH")).toEqual([101]);
    expect(await shoots("filters[title][$eq]=LAKSHMI %26 VIGNESH")).toEqual([]);
  });
});

describe("the rest of Strapi v4's query", () => {
  const shoots = (q: string) => ok(`collections?${q}`, RESPONSE_SCHEMAS.collections).then(ids);

  it("compares numbers and dates: $lt, $lte, $gt, $gte, $between", async () => {
    expect(await shoots("filters[id][$lt]=3")).toEqual([1, 2]);
    expect(await shoots("filters[id][$lte]=3")).toEqual([1, 2, 3]);
    expect(await shoots("filters[id][$gt]=64")).toEqual([101, 102, 103]);
    expect(await shoots("filters[id][$gte]=64")).toEqual([64, 101, 102, 103]);
    // Numbers as numbers: 101 is not between 21 and 25 as text would have it.
    expect(await shoots("filters[id][$between][0]=21&filters[id][$between][1]=25")).toEqual([21, 22, 23, 24, 25]);
    const all = await ok("collections?pagination[pageSize]=100", RESPONSE_SCHEMAS.collections);
    const times = all.data.map((s) => Date.parse(s.attributes.createdAt)).toSorted((a, b) => a - b);
    const middle = new Date(times[10] ?? 0).toISOString();
    const before = all.data.filter((s) => Date.parse(s.attributes.createdAt) < Date.parse(middle)).map((s) => s.id);
    expect(await shoots(`filters[createdAt][$lt]=${middle}&pagination[pageSize]=100`)).toEqual(before);
  });

  it("understands the rest of the operators: $nei, $notContains(i), $startsWithi, $endsWith(i), $null, $notNull", async () => {
    expect(await shoots("filters[title][$nei]=lakshmi %26 vignesh&filters[id][$gt]=100")).toEqual([102, 103]);
    expect(await shoots("filters[location][$notContains]=Wedding&filters[id][$lt]=22")).toEqual([21]);
    expect(await shoots("filters[location][$notContainsi]=WEDDING&filters[id][$lt]=22")).toEqual([21]);
    expect(await shoots("filters[location][$startsWithi]=MOTHERHOOD")).toEqual([41, 42, 43, 44, 45]);
    const all = await ok("collections?pagination[pageSize]=100", RESPONSE_SCHEMAS.collections);
    const first = all.data[0]?.attributes.location ?? "";
    const ending = first.slice(-4);
    const endsWith = all.data.filter((s) => s.attributes.location.endsWith(ending)).map((s) => s.id);
    expect(await shoots(`filters[location][$endsWith]=${encodeURIComponent(ending)}`)).toEqual(endsWith);
    expect(await shoots(`filters[location][$endsWithi]=${encodeURIComponent(ending.toUpperCase())}`)).toEqual(
      all.data.filter((s) => s.attributes.location.toLowerCase().endsWith(ending.toLowerCase())).map((s) => s.id),
    );
    expect(await shoots("filters[title][$null]=true")).toEqual([]);
    expect(await shoots("filters[title][$notNull]=true")).toEqual(ALL_SHOOT_IDS);
  });

  it("combines with $or, $and and $not, at the top and inside a field or a relation", async () => {
    expect(await shoots("filters[$or][0][id]=1&filters[$or][1][galleries][name]=motherhood")).toEqual([
      1, 41, 42, 43, 44, 45,
    ]);
    expect(await shoots("filters[$and][0][id][$gt]=20&filters[$and][1][id][$lt]=24")).toEqual([21, 22, 23]);
    expect(await shoots("filters[$not][galleries][name]=wedding")).toEqual(
      ALL_SHOOT_IDS.filter((id) => !WEDDING_IDS.includes(id)),
    );
    expect(await shoots("filters[id][$not][$in][0]=1&filters[id][$not][$in][1]=2&filters[id][$lt]=4")).toEqual([3]);
    expect(await shoots("filters[id][$or][0][$eq]=2&filters[id][$or][1][$eq]=41")).toEqual([2, 41]);
    // qs makes an object, not a list, of more than 20 items: still a list of conditions.
    const many = ALL_SHOOT_IDS.map((id, i) => `filters[$or][${i}][id]=${id}`).join("&");
    expect(await shoots(`${many}&pagination[pageSize]=100`)).toEqual(ALL_SHOOT_IDS);
  });

  it("answers the same in SQL as in memory, operator by operator", async () => {
    // A test on a media field's attributes only the entries can answer: with it (always true
    // here), the whole query runs in memory; without it, in SQL.
    const inMemory = "filters[$or][0][base_image][name][$null]=true&filters[$or][1][base_image][name][$notNull]=true";
    const queries = [
      "filters[id][$between][0]=21&filters[id][$between][1]=45&sort=title:desc",
      "filters[galleries][name][$in][0]=babyshoot&filters[galleries][name][$in][1]=Out door&sort=createdAt:desc",
      "filters[galleries][name][$ne]=wedding&filters[location][$endsWithi]=I&sort=location,id:desc",
      "filters[location][$notContainsi]=WEDDING&filters[isStory]=false",
      "filters[$not][$or][0][title][$startsWith]=A&filters[$not][$or][1][title][$startsWithi]=p",
      "filters[createdAt][$gte]=2000-01-01&filters[updatedAt][$lte]=2100-01-01T00:00:00Z&sort=updatedAt",
      "filters[description][$null]=false&filters[galleries][id][$notIn][0]=1&pagination[start]=2&pagination[limit]=5",
      "filters[title][$eqi]=lakshmi %26 vignesh",
    ];
    for (const q of queries) {
      const sql = await ok(`collections?${q}`, RESPONSE_SCHEMAS.collections);
      const memory = await ok(`collections?${q}&${inMemory}`, RESPONSE_SCHEMAS.collections);
      expect(ids(sql), q).toEqual(ids(memory));
      expect(sql.meta, q).toEqual(memory.meta);
    }
  });

  it("filters on any scalar: description, isStory", async () => {
    expect(await shoots("filters[isStory]=true")).toEqual([101, 102, 103]);
    const one = await ok("collections/21", ENTRY_SCHEMAS.collections);
    const words = one.data.attributes.description.split(" ").slice(0, 3).join(" ");
    expect(await shoots(`filters[description][$contains]=${encodeURIComponent(words)}`)).toContain(21);
  });

  it("sorts newest first on createdAt, updatedAt and publishedAt, and takes sort[field]=desc", async () => {
    for (const field of ["createdAt", "updatedAt", "publishedAt"] as const) {
      const res = await ok(`collections?sort=${field}:desc&pagination[pageSize]=100`, RESPONSE_SCHEMAS.collections);
      const times = res.data.map((s) => Date.parse(s.attributes[field]));
      expect(times).toEqual(times.toSorted((a, b) => b - a));
    }
    expect(ids(await ok("recent-storys?sort[id]=desc", RESPONSE_SCHEMAS["recent-storys"]))).toEqual([103, 102, 101]);
  });

  it("returns only the fields asked for, at the top and in a populated relation; id always", async () => {
    const res = await call("collections?fields[0]=title&fields[1]=location&populate[galleries][fields][0]=name");
    expect(res.status).toBe(200);
    const first = ((await res.json()) as { data: { id: number; attributes: Record<string, unknown> }[] }).data[0];
    expect(first?.id).toBe(1);
    expect(Object.keys(first?.attributes ?? {}).sort()).toEqual(["galleries", "location", "title"]);
    expect(first?.attributes.galleries).toEqual({
      data: [{ id: expect.any(Number), attributes: { name: "Wedding" } }],
    });
    const commas = (await (await call("collections/1?fields=title,location")).json()) as {
      data: { attributes: Record<string, unknown> };
    };
    expect(Object.keys(commas.data.attributes).sort()).toEqual(["location", "title"]);
    // A JSON attribute comes without populate, and goes when fields leaves it out.
    const block = (await (await call("blocks?fields[0]=Key")).json()) as { data: { attributes: object }[] };
    expect(Object.keys(block.data[0]?.attributes ?? {})).toEqual(["Key"]);
    const links = (await (await call("blocks?fields[0]=Nav_Links")).json()) as { data: { attributes: object }[] };
    expect(Object.keys(links.data[0]?.attributes ?? {})).toEqual(["Nav_Links"]);
  });

  it("pages by start and limit too, with Strapi's { start, limit, total }", async () => {
    const res = await ok("collections?pagination[start]=5&pagination[limit]=3", RESPONSE_SCHEMAS.collections);
    expect(ids(res)).toEqual(ALL_SHOOT_IDS.slice(5, 8));
    expect(res.meta.pagination).toEqual({ start: 5, limit: 3, total: 20 });
    const uncounted = await ok(
      "collections?pagination[limit]=2&pagination[withCount]=false",
      RESPONSE_SCHEMAS.collections,
    );
    expect(uncounted.meta.pagination).toEqual({ start: 0, limit: 2 });
  });

  it("clamps as Strapi does: page 0 is 1, a page size below 1 is 1, limit=-1 is the most", async () => {
    const zero = await ok("collections?pagination[page]=0&pagination[pageSize]=-5", RESPONSE_SCHEMAS.collections);
    expect(zero.meta.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 20, total: 20 });
    expect(ids(zero)).toEqual([1]);
    // -1 too: only limit=-1 means the most.
    const minusOne = await ok("galleries?pagination[pageSize]=-1&pagination[page]=2", RESPONSE_SCHEMAS.galleries);
    expect(minusOne.meta.pagination).toEqual({ page: 2, pageSize: 1, pageCount: 4, total: 4 });
    expect(ids(minusOne)).toEqual([2]);
    const most = await ok("collections?pagination[limit]=-1&pagination[start]=-3", RESPONSE_SCHEMAS.collections);
    expect(most.meta.pagination).toEqual({ start: 0, limit: MAX_PAGE_SIZE, total: 20 });
  });

  it("accepts locale and publicationState, and answers the published entries", async () => {
    const plain = await ok("collections", RESPONSE_SCHEMAS.collections);
    expect(await ok("collections?locale=en&publicationState=live", RESPONSE_SCHEMAS.collections)).toEqual(plain);
    expect(await ok("collections?locale=all&publicationState=preview", RESPONSE_SCHEMAS.collections)).toEqual(plain);
    expect((await call("collections/1?locale=ta-IN&publicationState=preview")).status).toBe(200);
  });

  it("answers a nested populate: a shoot's collection with the collection's own image", async () => {
    const plain = await ok("collections/1?populate=galleries", ENTRY_SCHEMAS.collections);
    const gallery = plain.data.attributes.galleries?.data[0];
    expect(gallery?.attributes).toEqual({
      name: "Wedding",
      slug: expect.any(String),
      description: expect.any(String),
      ...SYSTEM_FIELDS,
      // Strapi's i18n attribute: the default locale without a locale parameter (issue 33).
      locale: "en",
    });
    const direct = await ok(`galleries/${gallery?.id}?populate=image`, ENTRY_SCHEMAS.galleries);
    for (const q of ["populate[galleries][populate]=image", "populate=galleries.image"]) {
      const nested = await ok(`collections/1?${q}`, ENTRY_SCHEMAS.collections);
      expect(nested.data.attributes.galleries?.data[0], q).toEqual(direct.data);
    }
    // "*" one level down: the collection's every relation, its shoots too, as /api/galleries/{id}?populate=* has them.
    const everything = await ok(`galleries/${gallery?.id}?populate=*`, ENTRY_SCHEMAS.galleries);
    const starred = await ok("collections/1?populate[galleries][populate]=*", ENTRY_SCHEMAS.collections);
    expect(starred.data.attributes.galleries?.data[0]).toEqual(everything.data);
    expect(everything.data.attributes.collections?.data.map((s) => s.id)).toContain(1);
    const picked = await call(
      "collections/1?populate[galleries][fields][0]=name&populate[galleries][populate][image][fields][0]=url",
    );
    const galleryOf = (
      (await picked.json()) as {
        data: { attributes: { galleries: { data: { attributes: Record<string, unknown> }[] } } };
      }
    ).data.attributes.galleries.data[0];
    expect(galleryOf?.attributes).toEqual({
      name: "Wedding",
      image: {
        data: {
          id: expect.any(Number),
          url: expect.any(String),
          attributes: { url: expect.stringMatching(MEDIA_JPEG) },
        },
      },
    });
    // Filters reach through the relation to its media too.
    const weddingCover = direct.data.attributes.image?.data?.attributes.name ?? "";
    expect(
      ids(await ok(`collections?filters[galleries][image][name]=${weddingCover}`, RESPONSE_SCHEMAS.collections)),
    ).toEqual(WEDDING_IDS);
  });

  it("populates with Strapi's other forms: a list, dotted paths, populate[x]=true", async () => {
    const star = await ok("collections/1?populate=*", ENTRY_SCHEMAS.collections);
    for (const q of [
      "populate[0]=base_image&populate[1]=images&populate[2]=galleries",
      "populate=base_image,images,galleries.image",
      "populate[base_image]=true&populate[images]=*&populate[galleries][populate]=*",
    ]) {
      const res = await ok(`collections/1?${q}`, ENTRY_SCHEMAS.collections);
      expect(res.data.attributes.base_image).toEqual(star.data.attributes.base_image);
      expect(res.data.attributes.images).toEqual(star.data.attributes.images);
      expect(res.data.attributes.galleries?.data[0]?.attributes.name).toBe("Wedding");
    }
  });
});

describe("the original content types' relations, by their original names", () => {
  it("a collection's shoots (galleries: collections), in the site's order, filtered and sorted as populate asks", async () => {
    const wedding = await ok("galleries?filters[name]=Wedding&populate=collections", RESPONSE_SCHEMAS.galleries);
    const shoots = wedding.data[0]?.attributes.collections?.data ?? [];
    const listed = await ok("collections?filters[galleries][name]=Wedding", RESPONSE_SCHEMAS.collections);
    expect(shoots.map((s) => s.id)).toEqual(ids(listed));
    expect(shoots.map((s) => s.id).toSorted((a, b) => a - b)).toEqual(WEDDING_IDS);
    expect(shoots[0]?.attributes).toEqual(listed.data[0]?.attributes);
    // populate[collections][filters] keeps some; [sort] orders them; [fields] picks; [populate] goes on.
    const picked = (await (
      await call(
        "galleries?filters[name]=Wedding&populate[collections][filters][id][$in][0]=1&populate[collections][filters][id][$in][1]=3" +
          "&populate[collections][sort]=id:desc&populate[collections][fields][0]=title&populate[collections][populate]=base_image",
      )
    ).json()) as {
      data: { attributes: { collections: { data: { id: number; attributes: Record<string, unknown> }[] } } }[];
    };
    const kept = picked.data[0]?.attributes.collections.data ?? [];
    expect(kept.map((s) => s.id)).toEqual([3, 1]);
    expect(Object.keys(kept[0]?.attributes ?? {}).toSorted()).toEqual(["base_image", "title"]);
    expect(kept[0]?.attributes.base_image).toEqual(
      (await ok("collections/3?populate=base_image", ENTRY_SCHEMAS.collections)).data.attributes.base_image,
    );
    // A filter through the relation: the collections with a shoot in Madurai.
    const madurai = await ok(
      "galleries?filters[collections][location][$containsi]=madurai",
      RESPONSE_SCHEMAS.galleries,
    );
    const withMadurai = await ok(
      "collections?filters[location][$containsi]=madurai&populate=galleries",
      RESPONSE_SCHEMAS.collections,
    );
    const expected = new Set(withMadurai.data.map((s) => s.attributes.galleries?.data[0]?.id));
    expect(madurai.data.length).toBeGreaterThan(0);
    expect(new Set(ids(madurai))).toEqual(expected);
  });

  it("a shoot's photos under their original name too (image_collections), and the story told of it (recent_stories)", async () => {
    const one = await ok("collections/101?populate=images,image_collections,recent_stories", ENTRY_SCHEMAS.collections);
    expect(one.data.attributes.image_collections?.data?.length).toBe(DEMO_PHOTOS_PER_SHOOT);
    expect(one.data.attributes.image_collections).toEqual(one.data.attributes.images);
    const story = await ok("recent-storys/101", ENTRY_SCHEMAS["recent-storys"]);
    expect(one.data.attributes.recent_stories?.data).toEqual([story.data]);
    const notAStory = await ok("collections/1?populate=recent_stories", ENTRY_SCHEMAS.collections);
    expect(notAStory.data.attributes.recent_stories).toEqual({ data: [] });
    // populate=* answers every relation, the original names included.
    const all = await ok("collections/1?populate=*", ENTRY_SCHEMAS.collections);
    expect(Object.keys(all.data.attributes)).toEqual(
      expect.arrayContaining(["base_image", "images", "image_collections", "galleries", "recent_stories"]),
    );
    // A filter on the original name finds the same shoots as on ours (the demo's shoots share photos).
    const firstPhoto = one.data.attributes.images?.data?.[0]?.attributes.name ?? "";
    const [ours, original] = await Promise.all(
      ["images", "image_collections"].map((field) =>
        ok(`collections?filters[${field}][name][$eq]=${firstPhoto}`, RESPONSE_SCHEMAS.collections),
      ),
    );
    expect(ids(ours ?? { data: [] })).toContain(101);
    expect(original).toEqual(ours);
  });

  it("a story's shoot (recent-storys: collections), as /api/collections/{id} answers it", async () => {
    const stories = await ok(
      "recent-storys?populate[collections][populate]=galleries",
      RESPONSE_SCHEMAS["recent-storys"],
    );
    for (const story of stories.data) {
      const shoot = await ok(`collections/${story.id}?populate=galleries`, ENTRY_SCHEMAS.collections);
      expect(story.attributes.collections?.data).toEqual([shoot.data]);
    }
    const byCollection = await ok(
      "recent-storys?filters[collections][galleries][name]=babyshoot",
      RESPONSE_SCHEMAS["recent-storys"],
    );
    expect(ids(byCollection)).toEqual([102]);
  });

  it("a block's logo (blocks: logo), a multiple media field as in the original: the header's, the one it links to; the footer's empty", async () => {
    const res = await ok("blocks?populate=logo", RESPONSE_SCHEMAS.blocks);
    const header = res.data.find((b) => b.attributes.Key === "header");
    const logos = header?.attributes.logo?.data ?? [];
    expect(logos).toHaveLength(1);
    expect(logos[0]?.url).toMatch(MEDIA_JPEG);
    const logoLink = header?.attributes.Nav_Links?.find((l) => l.Logo);
    expect(logoLink?.Logo?.data).toEqual(logos[0]);
    // Strapi answers an empty multiple media field with null, not [].
    const footer = res.data.find((b) => b.attributes.Key === "footer");
    expect(footer?.attributes.logo).toEqual({ data: null });
    const without = await ok("blocks", RESPONSE_SCHEMAS.blocks);
    expect(without.data[0]?.attributes.logo).toBeUndefined();
    // Filters read it as a list: a block whose logo is a JPEG is the header.
    expect(ids(await ok("blocks?filters[logo][ext][$eq]=.jpg", RESPONSE_SCHEMAS.blocks))).toEqual([1]);
    expect(ids(await ok("blocks?filters[logo][id][$null]=true", RESPONSE_SCHEMAS.blocks))).toEqual([2]);
  });

  it("populate filters a media field too: a single one answers null when they leave it out", async () => {
    const one = await ok("collections/1?populate=images,base_image", ENTRY_SCHEMAS.collections);
    const second = one.data.attributes.images?.data?.[1];
    const filtered = await ok(
      `collections/1?populate[images][filters][id][$eq]=${second?.id}&populate[base_image][filters][name][$eq]=nothing.jpg`,
      ENTRY_SCHEMAS.collections,
    );
    expect(filtered.data.attributes.images?.data).toEqual([second]);
    expect(filtered.data.attributes.base_image).toEqual({ data: null });
    // A multiple one they empty answers null too, as Strapi answers an empty media field.
    const none = await ok("collections/1?populate[images][filters][id][$eq]=0", ENTRY_SCHEMAS.collections);
    expect(none.data.attributes.images).toEqual({ data: null });
  });

  it("follows links back as deep as populate goes", async () => {
    type Linked = {
      id: number;
      attributes: { [name: string]: unknown; collections?: { data: Linked[] }; galleries?: { data: Linked[] } };
    };
    const res = (await (
      await call(
        "galleries?filters[slug]=wedding&populate[collections][populate][galleries][populate][collections][fields][0]=title",
      )
    ).json()) as { data: Linked[] };
    const shoots = res.data[0]?.attributes.collections?.data ?? [];
    const again = shoots[0]?.attributes.galleries?.data[0]?.attributes.collections?.data ?? [];
    expect(again.map((s) => s.id)).toEqual(shoots.map((s) => s.id));
    expect(again.map((s) => s.attributes)).toEqual(shoots.map((s) => ({ title: s.attributes.title })));
  });
});

describe("createdAt, updatedAt and publishedAt on every entry", () => {
  it("on every type, and a change to a collection or the slideshow moves its updatedAt", async () => {
    for (const type of ["banners", "galleries", "collections", "recent-storys", "blocks"] as const) {
      const res = (await (await call(type)).json()) as { data: { attributes: object }[] };
      for (const entry of res.data) expect(entry.attributes, type).toMatchObject(SYSTEM_FIELDS);
    }
    const before = (await ok("galleries?filters[slug]=wedding", RESPONSE_SCHEMAS.galleries)).data[0];
    const banner = (await ok("banners", RESPONSE_SCHEMAS.banners)).data[0];
    await new Promise((r) => setTimeout(r, 5));
    expect(await renameCollection(store.db, before?.id ?? 0, "Weddings")).toBeNull();
    const slides = await readBannerSlides(store.db, STUDIO, { images: false });
    await moveBannerSlide(store.db, slides[0]?.id ?? 0, 1);
    try {
      const after = (await ok("galleries?filters[slug]=wedding", RESPONSE_SCHEMAS.galleries)).data[0];
      expect(after?.attributes.createdAt).toBe(before?.attributes.createdAt);
      expect(Date.parse(after?.attributes.updatedAt ?? "")).toBeGreaterThan(
        Date.parse(before?.attributes.updatedAt ?? ""),
      );
      const moved = (await ok("banners", RESPONSE_SCHEMAS.banners)).data[0];
      expect(moved?.attributes.createdAt).toBe(banner?.attributes.createdAt);
      expect(Date.parse(moved?.attributes.updatedAt ?? "")).toBeGreaterThan(
        Date.parse(banner?.attributes.updatedAt ?? ""),
      );
    } finally {
      await renameCollection(store.db, before?.id ?? 0, before?.attributes.name ?? "");
      await moveBannerSlide(store.db, slides[0]?.id ?? 0, -1);
    }
  });
});

describe("sort on a relation's attribute, and Strapi v5's status", () => {
  it("sorts shoots by their collection's name, in SQL and in memory alike", async () => {
    const sql = await ok(
      "collections?sort=galleries.name:desc,id&pagination[pageSize]=100&populate=galleries",
      RESPONSE_SCHEMAS.collections,
    );
    const names = sql.data.map((s) => s.attributes.galleries?.data[0]?.attributes.name ?? "");
    expect(names).toEqual(names.toSorted().toReversed());
    expect(ids(sql).toSorted((a, b) => a - b)).toEqual(ALL_SHOOT_IDS);
    // The object form, and a filter only the entries can answer (a media field's): the same order.
    const memory = await ok(
      "collections?sort[0][galleries][name]=desc&sort[1]=id&pagination[pageSize]=100&filters[base_image][name][$notNull]=true",
      RESPONSE_SCHEMAS.collections,
    );
    expect(ids(memory)).toEqual(ids(sql));
    // In memory on collections: by a shoot's title, the collections that have the first one first.
    const byShoot = await ok("galleries?sort=collections.title:desc", RESPONSE_SCHEMAS.galleries);
    const withShoots = await ok("galleries?populate=collections", RESPONSE_SCHEMAS.galleries);
    const firstTitle = (g: (typeof withShoots.data)[number]) =>
      g.attributes.collections?.data[0]?.attributes.title ?? "";
    const expected = withShoots.data
      .toSorted((a, b) => firstTitle(b).localeCompare(firstTitle(a), "en"))
      .map((g) => g.id);
    expect(ids(byShoot)).toEqual(expected);
    expect(expected).not.toEqual(ids(withShoots));
  });

  it("takes status (what Strapi v5 clients send) as publicationState: the published entries", async () => {
    const live = await ok("recent-storys", RESPONSE_SCHEMAS["recent-storys"]);
    for (const q of ["status=published", "status=draft", "publicationState=preview"]) {
      expect(await ok(`recent-storys?${q}`, RESPONSE_SCHEMAS["recent-storys"]), q).toEqual(live);
    }
    expect((await failure(await call("recent-storys?status=archived"), 400, "ValidationError")).details).toEqual({
      parameter: "status",
    });
    await failure(await call("recent-storys?status=published&publicationState=live"), 400, "ValidationError");
  });
});

describe("bad parameters answer 400 naming the parameter", () => {
  /** Malformed values of known parameters: a 400 however strict the server is. */
  const cases: [string, string][] = [
    ["collections?fields[0]=colour", "fields"],
    ["collections?populate[galleries][fields][0]=colour", "populate[galleries][fields]"],
    ["collections?populate[galleries]=yes", "populate[galleries]"],
    ["collections?pagination[page]=two", "pagination[page]"],
    ["collections?pagination[page]=1&pagination[page]=2", "pagination[page]"],
    ["collections?pagination[page]=1&pagination[start]=0", "pagination"],
    ["collections?pagination[limit]=many", "pagination[limit]"],
    ["collections?locale=../../etc", "locale"],
    ["collections?publicationState=draft", "publicationState"],
    ["collections?filters[$or]=x", "filters[$or]"],
    ["collections?filters[$not]=x", "filters[$not]"],
    ["collections?filters[$eq]=x", "filters[$eq]"],
    ["collections?filters[id][$gt]=abc", "filters[id][$gt]"],
    ["collections?filters[id][$between][0]=1", "filters[id][$between]"],
    ["collections?filters[createdAt][$lt]=yesterday", "filters[createdAt][$lt]"],
    ["collections?filters[isStory]=maybe", "filters[isStory]"],
    ["collections?filters[title][$null]=perhaps", "filters[title][$null]"],
    ["collections?filters[title][location]=x", "filters[title][location]"],
    ["collections?sort[title]=up", "sort[title]"],
    ["collections?pagination[withCount]=yes", "pagination[withCount]"],
    ["collections?pagination=5", "pagination"],
    ["collections?sort=colour", "sort"],
    ["collections?sort=title:up", "sort"],
    ["blocks?sort=__proto__:asc", "sort"],
    ["collections?sort=constructor", "sort"],
    ["collections?filters[colour]=red", "filters[colour]"],
    ["collections?filters[galleries][nme]=wedding", "filters[galleries][nme]"],
    ["collections?filters[title][$regex]=x", "filters[title][$regex]"],
    ["collections?filters[title][$eq][$eq]=x", "filters[title][$eq][$eq]"],
    ["collections?filters=wedding", "filters"],
    ["blocks?filters[key][$eq]=header&filters[key][$eq]=footer", "filters[key][$eq]"],
    ["collections?_q[0]=wedding", "_q"],
    ["collections?_q=a&_q=b", "_q"],
    ["collections?_q[title]=wedding", "_q"],
  ];
  for (const strictQuery of [false, true]) {
    for (const [query, parameter] of cases) {
      it(`${query}${strictQuery ? " (API_STRICT=on)" : ""}`, async () => {
        const res = await call(query, { deps: { strictQuery } });
        const error = await failure(res, 400, "ValidationError");
        expect(error.message).toContain(`"${parameter}"`);
        expect(error.details).toEqual({ parameter });
      });
    }
  }

  it("names an unknown operator and lists the ones there are", async () => {
    const error = await failure(await call("collections?filters[title][$regex]=x"), 400, "ValidationError");
    expect(error.message).toContain('unknown operator "$regex"');
    expect(error.message).toContain("$between");
  });

  it("refuses a query nested deeper than any call needs", async () => {
    await failure(await call("collections?filters[a][b][c][d][e][f][g][h][i][j][k][l]=1"), 400, "ValidationError");
  });

  it("answers 404 for names that only an object's prototype has (__proto__, constructor, toString)", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "__proto__/1", "constructor/1"]) {
      await failure(await call(name), 404, "NotFoundError");
    }
  });
});

describe("what Strapi ignores is ignored; API_STRICT=on refuses it, naming it", () => {
  /** A query with a name Strapi 4 ignores, the same query without it, and the name API_STRICT=on refuses. */
  const cases: [string, string, string][] = [
    ["collections?foo=1", "collections", "foo"],
    ["galleries?populate=image&foo=1&bar[baz]=2", "galleries?populate=image", "foo"],
    ["collections?populate=photos", "collections", "populate"],
    ["collections?populate[photos]=*", "collections", "populate[photos]"],
    ["collections?populate[0]=photos", "collections", "populate"],
    ["collections?populate=", "collections", "populate"],
    ["collections?populate=galleries,photos", "collections?populate=galleries", "populate"],
    ["collections?populate=galleries.photos", "collections?populate=galleries", "populate"],
    [
      "collections?populate[galleries][populate]=photos",
      "collections?populate=galleries",
      "populate[galleries][populate]",
    ],
    ["collections?populate[galleries][colour]=1", "collections?populate=galleries", "populate[galleries][colour]"],
    ["blocks?populate=Nav_Links", "blocks", "populate"],
    ["banners?populate=image", "banners", "populate"],
    ["collections?pagination[pagesize]=5", "collections", "pagination[pagesize]"],
    // findOne with find's parameters, as clients send them when they reuse find's: not even read.
    ["collections/1?sort=title", "collections/1", "sort"],
    ["collections/1?filters[id][$eq]=2&populate=galleries", "collections/1?populate=galleries", "filters"],
    ["collections/1?filters[colour][$regex]=x", "collections/1", "filters"],
    ["collections/101?pagination[page]=2&pagination[pageSize]=1", "collections/101", "pagination"],
    ["recent-storys/102?_q=nothing-like-it", "recent-storys/102", "_q"],
    ["galleries/1?pagination[pageSize]=-1&sort=name:desc", "galleries/1", "pagination"],
  ];
  for (const [query, same, parameter] of cases) {
    it(query, async () => {
      const ignored = await call(query);
      expect(ignored.status, query).toBe(200);
      expect(await ignored.json()).toEqual(await (await call(same)).json());
      const strict = await call(query, { deps: { strictQuery: true } });
      const error = await failure(strict, 400, "ValidationError");
      expect(error.details).toEqual({ parameter });
      expect(error.message).toContain(`"${parameter}"`);
    });
  }
});

describe("_q: Strapi 4's search, the text in any case in a text attribute or the id", () => {
  type Listed = { id: number; attributes: Record<string, unknown> };
  /** The same search in plain JavaScript over the whole list: what Strapi's database search reads. */
  const searched = (entries: Listed[], text: string, attributes: string[]) =>
    entries
      .filter((e) =>
        [String(e.id), ...attributes.map((a) => String(e.attributes[a] ?? ""))].some((v) =>
          v.toLowerCase().includes(text.toLowerCase()),
        ),
      )
      .map((e) => e.id);

  it("finds shoots by title, place or description, and by id, paged and counted as any list", async () => {
    const all = (await ok("collections?pagination[pageSize]=100", RESPONSE_SCHEMAS.collections)).data;
    const shootText = ["title", "description", "location"];
    for (const text of ["WEDDING", "madurai", "Lakshmi %26", "2", "zzz-nothing"]) {
      const decoded = decodeURIComponent(text);
      const expected = searched(all, decoded, shootText);
      const found = await ok(`collections?_q=${text}&pagination[pageSize]=100`, RESPONSE_SCHEMAS.collections);
      expect(ids(found), text).toEqual(expected);
      expect(found.meta.pagination, text).toEqual({
        page: 1,
        pageSize: 100,
        pageCount: expected.length ? 1 : 0,
        total: expected.length,
      });
    }
    // Some shoots, not none or all: the searches above mean something.
    const wedding = searched(all, "wedding", shootText);
    expect(wedding.length > 0 && wedding.length < all.length).toBe(true);
    const page = await ok(
      "collections?_q=wedding&pagination[page]=2&pagination[pageSize]=2",
      RESPONSE_SCHEMAS.collections,
    );
    expect(ids(page)).toEqual(wedding.slice(2, 4));
    expect(page.meta.pagination).toEqual({
      page: 2,
      pageSize: 2,
      pageCount: Math.ceil(wedding.length / 2),
      total: wedding.length,
    });
    // With filters, both hold; an empty _q searches nothing, as in Strapi.
    expect(ids(await ok("collections?_q=wedding&filters[isStory]=true", RESPONSE_SCHEMAS.collections))).toEqual(
      wedding.filter((id) => [101, 102, 103].includes(id)),
    );
    expect(await ok("collections?_q=", RESPONSE_SCHEMAS.collections)).toEqual(
      await ok("collections", RESPONSE_SCHEMAS.collections),
    );
  });

  it("answers the same in SQL as in memory", async () => {
    const inMemory = "filters[$or][0][base_image][name][$null]=true&filters[$or][1][base_image][name][$notNull]=true";
    for (const q of ["_q=wedding&sort=id:desc", "_q=1&pagination[start]=1&pagination[limit]=4", "_q=%25", "_q=A_"]) {
      const sql = await ok(`collections?${q}`, RESPONSE_SCHEMAS.collections);
      const memory = await ok(`collections?${q}&${inMemory}`, RESPONSE_SCHEMAS.collections);
      expect(ids(sql), q).toEqual(ids(memory));
      expect(sql.meta, q).toEqual(memory.meta);
    }
  });

  it("searches every type's own text attributes: collections, stories, blocks, the banner", async () => {
    expect(ids(await ok("galleries?_q=wed", RESPONSE_SCHEMAS.galleries))).toEqual([1]);
    expect(ids(await ok("galleries?_q=BABYSHOOT", RESPONSE_SCHEMAS.galleries))).toEqual([2]);
    const stories = (await ok("recent-storys", RESPONSE_SCHEMAS["recent-storys"])).data;
    const title = String(stories[1]?.attributes.title);
    expect(
      ids(await ok(`recent-storys?_q=${encodeURIComponent(title.toUpperCase())}`, RESPONSE_SCHEMAS["recent-storys"])),
    ).toEqual(searched(stories, title, ["title", "description", "location"]));
    expect(ids(await ok("blocks?_q=quick", RESPONSE_SCHEMAS.blocks))).toEqual([2]);
    expect(ids(await ok("banners?_q=home", RESPONSE_SCHEMAS.banners))).toEqual([1]);
    expect(ids(await ok("banners?_q=away", RESPONSE_SCHEMAS.banners))).toEqual([]);
  });

  it("never finds a client gallery's set, however its title matches", async () => {
    const galleryId = await createGallery(store.db, { title: "Meera & Arjun" });
    // A set is a shoots row: a search that forgot whose shoots it reads would find it.
    const setId = await addGallerySet(store.db, galleryId, "Wedding Zorblat proofs");
    try {
      const inMemory = "filters[$or][0][base_image][name][$null]=true&filters[$or][1][base_image][name][$notNull]=true";
      const queries = ["_q=zorblat", "_q=ZORBLAT&publicationState=preview", "_q=Zorblat&status=draft"];
      for (const q of [...queries, `_q=zorblat&${inMemory}`, `_q=${setId}`]) {
        const found = await ok(`collections?${q}&pagination[pageSize]=100`, RESPONSE_SCHEMAS.collections);
        expect(ids(found), q).not.toContain(setId);
        if (/zorblat/i.test(q)) expect(found.meta.pagination.total, q).toBe(0);
      }
      const wedding = await ok("collections?_q=wedding&pagination[pageSize]=100", RESPONSE_SCHEMAS.collections);
      expect(wedding.data.length).toBeGreaterThan(0);
      expect(ids(wedding)).not.toContain(setId);
      expect(ids(await ok("recent-storys?_q=zorblat", RESPONSE_SCHEMAS["recent-storys"]))).toEqual([]);
      const populated = await ok(
        "galleries?_q=wed&populate[collections][filters][title][$containsi]=zorblat",
        RESPONSE_SCHEMAS.galleries,
      );
      expect(populated.data[0]?.attributes.collections).toEqual({ data: [] });
    } finally {
      await store.db.deleteFrom("shoots").where("id", "=", setId).execute();
      await store.db.deleteFrom("client_galleries").where("id", "=", galleryId).execute();
    }
  });
});

describe("tokens", () => {
  const failures: [string, CallOptions][] = [
    ["no Authorization header", { token: null }],
    ["another scheme", { token: null, headers: { Authorization: `Basic ${btoa("a:b")}` } }],
    ["a Bearer header without a token", { token: null, headers: { Authorization: "Bearer" } }],
    ["a token without our prefix", { token: "abc" }],
    ["a well-formed token that was never issued", { token: `nst_${"A".repeat(43)}` }],
  ];
  for (const [what, options] of failures) {
    it(`answers 401 for ${what}`, async () => {
      const res = await call("galleries?populate=*", options);
      await failure(res, 401, "UnauthorizedError");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    });
  }

  it("answers 401 for a token with one character changed", async () => {
    const last = token.at(-1) === "A" ? "B" : "A";
    await failure(await call("galleries", { token: token.slice(0, -1) + last }), 401, "UnauthorizedError");
  });

  it("checks the token before the parameters, so a stranger learns nothing", async () => {
    await failure(await call("collections?foo=1", { token: null }), 401, "UnauthorizedError");
    await failure(await call("no-such-thing", { token: null }), 401, "UnauthorizedError");
  });

  it("stops accepting a revoked token at the very next request", async () => {
    const { id, token: doomed } = await createApiToken(store.db, "to revoke");
    expect((await call("galleries", { token: doomed })).status).toBe(200);
    expect(await revokeApiToken(store.db, id)).toBe(true);
    await failure(await call("galleries", { token: doomed }), 401, "UnauthorizedError");
    expect((await call("galleries")).status).toBe(200);
  });

  it("rate-limits per token with 429, Retry-After and the error shape", async () => {
    const limited = { limiter: createMemoryRateLimiter({ limit: 2, windowMs: 60_000 }) };
    const other = (await createApiToken(store.db, "other")).token;
    expect((await call("galleries", { deps: limited })).status).toBe(200);
    expect((await call("galleries", { deps: limited })).status).toBe(200);
    const refused = await call("galleries", { deps: limited });
    await failure(refused, 429, "RateLimitError");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("galleries", { deps: limited, token: other })).status).toBe(200);
  });

  it("slows an address that keeps guessing, but never holds back a good token from it", async () => {
    const guarded = {
      authFailures: createMemoryRateLimiter({ limit: 3, windowMs: 60_000 }),
      clientAddress: "192.0.2.9",
    };
    // Calls without any token guess nothing: they stay 401 however many there are.
    for (let i = 0; i < 5; i++) {
      await failure(await call("galleries", { deps: guarded, token: null }), 401, "UnauthorizedError");
    }
    for (const guess of ["nst_a", "nst_b", "nst_c"]) {
      await failure(await call("galleries", { deps: guarded, token: guess }), 401, "UnauthorizedError");
    }
    const refused = await call("galleries", { deps: guarded, token: "nst_d" });
    await failure(refused, 429, "RateLimitError");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A script that sent a stale token a few times, or a shared NAT, still reads with a good one.
    expect((await call("galleries", { deps: guarded })).status).toBe(200);
    await failure(await call("galleries", { deps: guarded, token: null }), 401, "UnauthorizedError");
  });
});

describe("HTTP caching", () => {
  it("sends a strong ETag and answers If-None-Match with 304", async () => {
    const first = await call("recent-storys?populate=*");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const again = await call("recent-storys?populate=*");
    expect(again.headers.get("etag")).toBe(etag);
    const cached = await call("recent-storys?populate=*", { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    expect(cached.headers.get("etag")).toBe(etag);
    const other = await call("recent-storys?populate=base_image");
    expect(other.headers.get("etag")).not.toBe(etag);
    const stale = await call("recent-storys?populate=*", { headers: { "If-None-Match": '"old"' } });
    expect(stale.status).toBe(200);
  });

  it("lets a shared cache keep a response briefly, keyed on the token", async () => {
    const res = await call("galleries");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(res.headers.get("vary")).toContain("Authorization");
    const privately = await call("galleries", { deps: { sharedCacheS: 0 } });
    expect(privately.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("CORS", () => {
  const partner = "https://partner.example";

  it("sends no CORS headers unless origins are configured", async () => {
    const res = await call("galleries", { headers: { Origin: partner } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await call("galleries", { method: "OPTIONS", token: null, headers: { Origin: partner } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers a preflight and the request for a listed origin only", async () => {
    const cors = { corsOrigins: [partner] };
    const preflight = await call("galleries", {
      method: "OPTIONS",
      token: null,
      deps: cors,
      headers: {
        Origin: partner,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(partner);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/GET/);
    const res = await call("galleries", { deps: cors, headers: { Origin: partner } });
    expect(res.headers.get("access-control-allow-origin")).toBe(partner);
    expect(res.headers.get("access-control-expose-headers")).toMatch(/ETag/);
    expect(res.headers.get("vary")).toMatch(/Origin/);
    // Every header exposed to the partner's script is one the API really sends (on a 200 or a 429).
    const limited = { ...cors, limiter: createMemoryRateLimiter({ limit: 0, windowMs: 60_000 }) };
    const refused = await call("galleries", { deps: limited, headers: { Origin: partner } });
    expect(refused.status).toBe(429);
    for (const name of (res.headers.get("access-control-expose-headers") ?? "").split(/,\s*/)) {
      expect(res.headers.has(name) || refused.headers.has(name), name).toBe(true);
    }
    const stranger = await call("galleries", { deps: cors, headers: { Origin: "https://evil.example" } });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses writes as Strapi does a write no role may make: 403 ForbiddenError, token or not", async () => {
    for (const [method, path] of [
      ["POST", "galleries"],
      ["PUT", "collections/1"],
      ["DELETE", "blocks/1"],
    ]) {
      for (const token of [undefined, null]) {
        const res = await call(path ?? "", { method, token });
        await failure(res, 403, "ForbiddenError");
        expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      }
    }
  });
});

interface OpenApiDocument {
  [key: string]: unknown;
  components: { schemas: Record<string, object> };
  paths: Record<
    string,
    { get?: { responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> } }
  >;
}

describe("the OpenAPI document", () => {
  let doc: OpenApiDocument;
  const served = (headers: Record<string, string> = {}, corsOrigins: string[] = [], strictQuery = false) =>
    openApiResponse(new Request(`${ORIGIN}/api/openapi.json`, { headers }), {
      origin: ORIGIN,
      corsOrigins,
      strictQuery,
    });
  beforeAll(async () => {
    doc = await served().json();
  });

  it("is a valid OpenAPI 3.1 document (the official schema, as OpenAPI tools read it)", async () => {
    const validator = new OpenApiValidator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes _q, and says what this server does with the names Strapi ignores (API_STRICT)", async () => {
    type Operation = { description?: string; parameters: { name: string; description?: string }[] };
    const operation = (document: OpenApiDocument, path: string) =>
      (document.paths[path] as { get: Operation } | undefined)?.get;
    const q = operation(doc, "/api/collections")?.parameters.find((p) => p.name === "_q");
    expect(q?.description).toMatch(/search.*any case.*title, description, location.*id/);
    expect(operation(doc, "/api/collections/{id}")?.parameters.map((p) => p.name)).not.toContain("_q");
    const info = (document: OpenApiDocument) => (document.info as { description: string }).description;
    expect(info(doc)).toMatch(/are ignored.*API_STRICT=on refuses/);
    expect(operation(doc, "/api/collections/{id}")?.description).toMatch(/sort and pagination are ignored/);
    const strict: OpenApiDocument = await served({}, [], true).json();
    expect(info(strict)).toMatch(/runs with API_STRICT=on.*refused with a 400/);
    expect(operation(strict, "/api/collections/{id}")?.description).toMatch(/are refused \(API_STRICT=on\)/);
    const validator = new OpenApiValidator();
    expect((await validator.validate(strict)).errors ?? []).toEqual([]);
  });

  it("is public, cached briefly, and readable by the listed origins only", async () => {
    const partner = "https://partner.example";
    const res = served({ Origin: partner });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(served({ Origin: partner }, [partner]).headers.get("access-control-allow-origin")).toBe(partner);
    const etag = res.headers.get("etag") ?? "";
    expect(served({ "If-None-Match": etag }).status).toBe(304);
  });

  /** The JSON Schema the served document gives for one path's answer with one status. */
  function jsonSchemaAt(path: string, status: string) {
    const schema = doc.paths[path]?.get?.responses?.[status]?.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`the document has no schema for ${path} ${status}`);
    return standaloneSchema(doc, schema);
  }
  const schemaAt = (path: string, status: string) =>
    z.fromJSONSchema(jsonSchemaAt(path, status) as Parameters<typeof z.fromJSONSchema>[0]);

  it("describes every endpoint, and each real response fits its documented schema", async () => {
    const calls: [string, string][] = [
      ["/api/banners", "banners?populate=bannerImage"],
      ["/api/galleries", "galleries?populate=*"],
      ["/api/collections", "collections?populate=*&[filters][galleries][name]=wedding"],
      ["/api/collections/{id}", "collections/1?populate=*"],
      ["/api/recent-storys", "recent-storys?populate=*"],
      ["/api/blocks", "blocks?populate=*&filters[key][$eq]=header"],
      ["/api/banners/{id}", "banners/1?populate=*"],
      ["/api/galleries/{id}", "galleries/2?populate=*"],
      ["/api/recent-storys/{id}", "recent-storys/102?populate=*"],
      ["/api/blocks/{id}", "blocks/2"],
    ];
    expect(Object.keys(doc.paths).toSorted()).toEqual(calls.map(([p]) => p).toSorted());
    for (const [path, query] of calls) {
      const res = await call(query);
      const parsed = schemaAt(path, "200").safeParse(await res.json());
      expect(parsed.success, `${path}: ${parsed.error?.message}`).toBe(true);
      const unauthorised = await call(query, { token: null });
      expect(schemaAt(path, "401").safeParse(await unauthorised.json()).success).toBe(true);
    }
  });

  it("holds to an independent JSON Schema validator (Ajv, strict), errors included", async () => {
    // A client's own tooling, not zod: strict mode refuses any keyword or format that is not
    // standard JSON Schema 2020-12, as a reviewer's validator would.
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const exchanges: [string, string, number, CallOptions?][] = [
      ["/api/banners", "banners?populate=bannerImage", 200],
      ["/api/banners", "banners", 200],
      ["/api/galleries", "galleries?populate=*", 200],
      ["/api/collections", "collections?populate=*&[filters][galleries][name]=wedding", 200],
      ["/api/collections", "collections?pagination[withCount]=false", 200],
      ["/api/collections/{id}", "collections/101?populate=*", 200],
      ["/api/recent-storys", "recent-storys?populate=*", 200],
      ["/api/blocks", "blocks?populate=*&filters[key][$eq]=header", 200],
      ["/api/blocks", "blocks", 200],
      ["/api/collections", "collections?_q=wedding&sort=title", 200],
      ["/api/collections", "collections?sort=colour", 400],
      ["/api/collections", "collections?foo=1", 400, { deps: { strictQuery: true } }],
      ["/api/collections/{id}", "collections/999", 404],
      ["/api/galleries", "galleries", 401, { token: null }],
      [
        "/api/galleries",
        "galleries",
        429,
        { deps: { limiter: createMemoryRateLimiter({ limit: 0, windowMs: 60_000 }) } },
      ],
    ];
    for (const [path, query, status, options] of exchanges) {
      const res = await call(query, options);
      expect(res.status, query).toBe(status);
      const validate = ajv.compile(jsonSchemaAt(path, String(status)));
      expect(validate(await res.json()), `${query}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("rejects a response that drifts from the documented shape", () => {
    const schema = schemaAt("/api/galleries", "200");
    expect(schema.safeParse({ data: [{ id: 1, attributes: { title: "x" } }], meta: {} }).success).toBe(false);
  });
});
