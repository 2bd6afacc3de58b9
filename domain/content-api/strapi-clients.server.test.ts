// The two common Strapi client libraries, as a developer with an existing Strapi front end would
// point them at us: @strapi/client (Strapi's own) and strapi-sdk-js (v2, the Strapi v4 line),
// against the production server over HTTP. Each query is built by the library (its own qs
// serialisation), and every filter operator's answer is checked against the same test written
// here in plain JavaScript over the whole list, not against our own filter code.
import { HTTPForbiddenError, HTTPNotFoundError, strapi } from "@strapi/client";
import Strapi from "strapi-sdk-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import type { ServerProcess } from "#fixtures/server-process.ts";
import { type DemoServer, startDemoServer } from "#tests/helpers/demo-server.ts";

/** The demo studio's published shoots (spec section 3's ids). */
const SHOOT_COUNT = 20;
const TYPES = ["banners", "galleries", "collections", "recent-storys", "blocks"] as const;

type Params = Record<string, unknown>;
interface Entry {
  id: number;
  attributes: Record<string, unknown>;
}
interface Answer {
  data: Entry[];
  meta: { pagination: Record<string, number> };
}
interface OneAnswer {
  data: Entry;
  meta: object;
}

/** The two libraries behind one shape, so that every check runs through both. */
interface Client {
  name: string;
  find(type: string, params?: Params): Promise<Answer>;
  findOne(type: string, id: number, params?: Params): Promise<OneAnswer>;
}

let demo: DemoServer;
let server: ServerProcess;
let clients: Client[] = [];
let token = "";

beforeAll(async () => {
  demo = await startDemoServer("studio-clients-", async (db) => {
    ({ token } = await createApiToken(db, "client libraries"));
  });
  ({ server } = demo);

  const official = strapi({ baseURL: `${server.url}/api`, auth: token });
  const sdk = new Strapi({
    url: server.url,
    prefix: "/api",
    axiosOptions: { headers: { Authorization: `Bearer ${token}` } },
  });
  clients = [
    {
      name: "@strapi/client",
      find: (type, params) => official.collection(type).find(params) as Promise<unknown> as Promise<Answer>,
      findOne: (type, id, params) =>
        official.collection(type).findOne(String(id), params) as Promise<unknown> as Promise<OneAnswer>,
    },
    {
      name: "strapi-sdk-js",
      find: (type, params) => sdk.find(type, params) as Promise<unknown> as Promise<Answer>,
      findOne: (type, id, params) => sdk.findOne(type, id, params) as Promise<unknown> as Promise<OneAnswer>,
    },
  ];
});

afterAll(async () => {
  await demo?.stop();
});

const ids = (answer: { data: { id: number }[] }) => answer.data.map((e) => e.id);
const byId = (a: number, b: number) => a - b;

/** Each check, once through each library. */
async function eachClient(check: (client: Client) => Promise<void>) {
  for (const client of clients) {
    try {
      await check(client);
    } catch (error) {
      if (error instanceof Error) error.message = `${client.name}: ${error.message}`;
      throw error;
    }
  }
}

describe("@strapi/client and strapi-sdk-js against the production server", () => {
  it("find and findOne on every type", async () => {
    await eachClient(async (client) => {
      for (const type of TYPES) {
        const list = await client.find(type);
        expect(list.data.length, type).toBeGreaterThan(0);
        const first = list.data[0] as Entry;
        const one = await client.findOne(type, first.id);
        expect(one.data, type).toEqual(first);
      }
      const all = await client.find("collections", { pagination: { pageSize: 100 } });
      expect(ids(all).toSorted(byId)).toEqual([
        1, 2, 3, 21, 22, 23, 24, 25, 41, 42, 43, 44, 45, 61, 62, 63, 64, 101, 102, 103,
      ]);
    });
  });

  it("reads the slider's first image as bannerImage.data[0].attributes.url, a path the server serves", async () => {
    await eachClient(async (client) => {
      const banners = await client.find("banners", { populate: "bannerImage" });
      const bannerImage = banners.data[0]?.attributes.bannerImage as { data: Entry[] };
      const url = bannerImage.data[0]?.attributes.url as string;
      expect(url).toMatch(/^\/media\/.+\.jpg$/);
      const image = await fetch(`${server.url}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
    });
  });

  it("fields, locale, publicationState (v4) and status (v5)", async () => {
    const all = await clients[0]?.find("collections", { pagination: { pageSize: 100 } });
    await eachClient(async (client) => {
      const picked = await client.find("collections", { fields: ["title", "location"], pagination: { pageSize: 100 } });
      for (const e of picked.data) expect(Object.keys(e.attributes).toSorted()).toEqual(["location", "title"]);
      const one = await client.findOne("collections", 1, { fields: ["title"] });
      expect(one.data.attributes).toEqual({ title: all?.data.find((e) => e.id === 1)?.attributes.title });
      const state = client.name === "strapi-sdk-js" ? { publicationState: "preview" } : { status: "published" };
      expect(await client.find("collections", { locale: "en", ...state, pagination: { pageSize: 100 } })).toEqual(all);
    });
  });

  it("populate: *, a list, and nested objects with their own fields", async () => {
    await eachClient(async (client) => {
      const star = await client.findOne("collections", 101, { populate: "*" });
      expect(Object.keys(star.data.attributes)).toEqual(
        expect.arrayContaining(["base_image", "images", "image_collections", "galleries", "recent_stories"]),
      );
      const listed = await client.findOne("collections", 101, { populate: ["galleries", "base_image"] });
      expect(listed.data.attributes.galleries).toEqual(star.data.attributes.galleries);
      expect(listed.data.attributes.base_image).toEqual(star.data.attributes.base_image);
      expect(listed.data.attributes.images).toBeUndefined();
      const nested = await client.findOne("collections", 101, {
        populate: { galleries: { fields: ["name"], populate: { image: { fields: ["url"] } } } },
      });
      const gallery = (nested.data.attributes.galleries as { data: Entry[] }).data[0] as Entry;
      expect(Object.keys(gallery.attributes).toSorted()).toEqual(["image", "name"]);
      const image = (gallery.attributes.image as { data: Entry }).data;
      expect(Object.keys(image.attributes)).toEqual(["url"]);
      const wedding = await client.find("galleries", {
        filters: { slug: { $eq: "wedding" } },
        populate: { collections: { fields: ["title"], sort: ["id:desc"], populate: ["base_image"] } },
      });
      const shoots = ((wedding.data[0] as Entry).attributes.collections as { data: Entry[] }).data;
      expect(ids({ data: shoots })).toEqual([101, 3, 2, 1]);
      expect(Object.keys(shoots[0]?.attributes ?? {}).toSorted()).toEqual(["base_image", "title"]);
    });
  });

  it("every filter operator, against the same test in plain JavaScript", async () => {
    const all = (await clients[0]?.find("collections", { pagination: { pageSize: 100 }, sort: "id" }))?.data ?? [];
    expect(all).toHaveLength(SHOOT_COUNT);
    const text = (e: Entry, name: string) => e.attributes[name] as string;
    const created = all.map((e) => text(e, "createdAt")).toSorted();
    const [from, to] = [created[3] ?? "", created[12] ?? ""];
    const place = text(all[1] as Entry, "location");
    const cases: [string, Params, (e: Entry) => boolean][] = [
      ["$eq", { location: { $eq: place } }, (e) => text(e, "location") === place],
      ["$eqi", { location: { $eqi: place.toUpperCase() } }, (e) => text(e, "location") === place],
      ["$ne", { id: { $ne: 1 } }, (e) => e.id !== 1],
      ["$nei", { location: { $nei: place.toLowerCase() } }, (e) => text(e, "location") !== place],
      ["$lt", { id: { $lt: 25 } }, (e) => e.id < 25],
      ["$lte", { id: { $lte: 25 } }, (e) => e.id <= 25],
      ["$gt", { id: { $gt: 44 } }, (e) => e.id > 44],
      ["$gte", { id: { $gte: 44 } }, (e) => e.id >= 44],
      ["$in", { id: { $in: [1, 22, 103] } }, (e) => [1, 22, 103].includes(e.id)],
      ["$notIn", { id: { $notIn: [1, 22, 103] } }, (e) => ![1, 22, 103].includes(e.id)],
      ["$contains", { location: { $contains: "Wedding" } }, (e) => text(e, "location").includes("Wedding")],
      ["$notContains", { location: { $notContains: "Wedding" } }, (e) => !text(e, "location").includes("Wedding")],
      ["$containsi", { location: { $containsi: "WEDDING" } }, (e) => /wedding/i.test(text(e, "location"))],
      ["$notContainsi", { location: { $notContainsi: "WEDDING" } }, (e) => !/wedding/i.test(text(e, "location"))],
      ["$null", { description: { $null: true } }, (e) => e.attributes.description === null],
      ["$notNull", { description: { $notNull: true } }, (e) => e.attributes.description !== null],
      [
        "$between",
        { createdAt: { $between: [from, to] } },
        (e) => text(e, "createdAt") >= from && text(e, "createdAt") <= to,
      ],
      ["$startsWith", { location: { $startsWith: "Baby" } }, (e) => text(e, "location").startsWith("Baby")],
      [
        "$startsWithi",
        { location: { $startsWithi: "baby" } },
        (e) => text(e, "location").toLowerCase().startsWith("baby"),
      ],
      ["$endsWith", { location: { $endsWith: "Chennai" } }, (e) => text(e, "location").endsWith("Chennai")],
      [
        "$endsWithi",
        { location: { $endsWithi: "chennai" } },
        (e) => text(e, "location").toLowerCase().endsWith("chennai"),
      ],
      ["$and", { $and: [{ id: { $gt: 20 } }, { id: { $lt: 50 } }] }, (e) => e.id > 20 && e.id < 50],
      [
        "$or",
        { $or: [{ id: 1 }, { location: { $containsi: "out door" } }] },
        (e) => e.id === 1 || /out door/i.test(text(e, "location")),
      ],
      ["$not", { $not: { id: { $lt: 100 } } }, (e) => !(e.id < 100)],
      ["a relation", { galleries: { name: { $eq: "Wedding" } } }, (e) => [1, 2, 3, 101].includes(e.id)],
    ];
    // Each expectation picks some of the shoots, not none or all (but $null and $notNull, the pair).
    for (const [name, , test] of cases) {
      const count = all.filter(test).length;
      if (name === "$null") expect(count, name).toBe(0);
      else if (name === "$notNull") expect(count, name).toBe(SHOOT_COUNT);
      else expect(count > 0 && count < SHOOT_COUNT, `${name} picks ${count}`).toBe(true);
    }
    await eachClient(async (client) => {
      for (const [name, filters, test] of cases) {
        const answer = await client.find("collections", { filters, sort: "id", pagination: { pageSize: 100 } });
        expect(ids(answer), name).toEqual(all.filter(test).map((e) => e.id));
      }
    });
  });

  it("sorts newest first on the timestamps, and pages both ways with Strapi's meta", async () => {
    await eachClient(async (client) => {
      for (const field of ["createdAt", "updatedAt", "publishedAt"]) {
        const answer = await client.find("collections", { sort: [`${field}:desc`], pagination: { pageSize: 100 } });
        const times = answer.data.map((e) => Date.parse(e.attributes[field] as string));
        expect(times, field).toEqual(times.toSorted((a, b) => b - a));
      }
      const everything = await client.find("collections", { sort: "id", pagination: { pageSize: 100 } });
      const page = await client.find("collections", { sort: "id", pagination: { page: 2, pageSize: 5 } });
      expect(page.meta.pagination).toEqual({ page: 2, pageSize: 5, pageCount: 4, total: SHOOT_COUNT });
      expect(ids(page)).toEqual(ids(everything).slice(5, 10));
      const offset = await client.find("collections", { sort: "id", pagination: { start: 3, limit: 4 } });
      expect(offset.meta.pagination).toEqual({ start: 3, limit: 4, total: SHOOT_COUNT });
      expect(ids(offset)).toEqual(ids(everything).slice(3, 7));
    });
  });

  it("_q: Strapi 4's search over the text attributes and the id, paged and counted as any list", async () => {
    const all = (await clients[0]?.find("collections", { pagination: { pageSize: 100 } }))?.data ?? [];
    /** The same search in plain JavaScript: the text, in any case, in the title, description, place or id. */
    const search = (text: string) =>
      all
        .filter((e) =>
          [String(e.id), ...["title", "description", "location"].map((a) => String(e.attributes[a]))].some((v) =>
            v.toLowerCase().includes(text.toLowerCase()),
          ),
        )
        .map((e) => e.id);
    const wedding = search("WEDDING");
    expect(wedding.length > 0 && wedding.length < SHOOT_COUNT).toBe(true);
    await eachClient(async (client) => {
      for (const text of ["WEDDING", "madurai", "4"]) {
        const found = await client.find("collections", { _q: text, pagination: { pageSize: 100 } });
        expect(ids(found), text).toEqual(search(text));
      }
      const page = await client.find("collections", { _q: "wedding", pagination: { page: 2, pageSize: 2 } });
      expect(ids(page)).toEqual(wedding.slice(2, 4));
      expect(page.meta.pagination).toEqual({
        page: 2,
        pageSize: 2,
        pageCount: Math.ceil(wedding.length / 2),
        total: wedding.length,
      });
      expect(ids(await client.find("galleries", { _q: "wed" }))).toEqual([1]);
    });
  });

  it("the blocks' logo, a multiple media field: logo.data a list in the header, null in the footer", async () => {
    await eachClient(async (client) => {
      const blocks = await client.find("blocks", { populate: "*" });
      const byKey = new Map(blocks.data.map((b) => [b.attributes.Key, b.attributes]));
      const logos = (byKey.get("header")?.logo as { data: Entry[] } | undefined)?.data ?? [];
      expect(logos).toHaveLength(1);
      expect(logos.map((l) => l.attributes.url)).toEqual([expect.stringMatching(/^\/media\/.+\.jpg$/)]);
      expect(byKey.get("footer")?.logo).toEqual({ data: null });
      const header = await client.findOne("blocks", 1, { populate: ["logo"] });
      expect(header.data.attributes.logo).toEqual({ data: logos });
    });
  });

  it("ignores what Strapi ignores: an unknown parameter, an unknown relation to populate", async () => {
    await eachClient(async (client) => {
      const plain = await client.find("collections", { populate: ["galleries"] });
      const ignored = await client.find("collections", {
        populate: ["galleries", "photos"],
        foo: 1,
        options: { deep: true },
      });
      expect(ignored).toEqual(plain);
      expect(await client.find("banners", { populate: { image: "*" } })).toEqual(await client.find("banners"));
    });
  });

  it("findOne ignores find's parameters, as clients send them when they reuse find's", async () => {
    await eachClient(async (client) => {
      const one = await client.findOne("collections", 101, { populate: ["galleries"] });
      const reused = await client.findOne("collections", 101, {
        populate: ["galleries"],
        filters: { id: { $eq: 1 } },
        sort: ["title:desc"],
        pagination: { page: 2, pageSize: 5 },
        _q: "nothing like it",
      });
      expect(reused).toEqual(one);
    });
  });

  it("clamps a page size below 1 to 1, -1 included", async () => {
    await eachClient(async (client) => {
      for (const pageSize of [-1, 0]) {
        const page = await client.find("collections", { sort: "id", pagination: { page: 2, pageSize } });
        expect(page.meta.pagination, String(pageSize)).toEqual({
          page: 2,
          pageSize: 1,
          pageCount: SHOOT_COUNT,
          total: SHOOT_COUNT,
        });
        expect(page.data).toHaveLength(1);
      }
    });
  });

  it("a missing entry is the library's not-found error; a write its forbidden error", async () => {
    const official = clients[0] as Client;
    await expect(official.findOne("collections", 999)).rejects.toBeInstanceOf(HTTPNotFoundError);
    await expect(official.findOne("collections", 999)).rejects.toMatchObject({ response: { status: 404 } });
    const sdk = clients[1] as Client;
    await expect(sdk.findOne("collections", 999)).rejects.toMatchObject({
      data: null,
      error: { status: 404, name: "NotFoundError" },
    });
    const writer = strapi({ baseURL: `${server.url}/api`, auth: token });
    await expect(writer.collection("collections").create({ title: "x" })).rejects.toBeInstanceOf(HTTPForbiddenError);
  });
});
