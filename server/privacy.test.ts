// Private by construction (issue 29): a client gallery never reaches a public surface. The
// production server runs on the demo studio with two client galleries seeded beside it through
// the domain's own functions (tests/helpers/private-galleries.ts): sets, photos processed by the
// real pipeline (a watermark too), a cover, alt text, a visitor's list with comments, a photo and
// a set in the trash; and three galleries whose links are closed (trashed, revoked, expired).
// Every private text, hash, storage key and /media/ path is a marker, and every answer of every
// public surface is searched for every marker, body and headers: each public route, every
// same-origin link found on them (a bounded crawl), their <meta> values, the sitemap and
// robots.txt, the search for each private text, every resource of the content API however it is
// asked, and the private sets' ids as real 404s. Ids, being bare numbers, are looked for where ids
// are written (links, form fields, the API's entries). Then the reverse: inside gallery A by its
// link, PIN and visitor, nothing of gallery B. A finding names the marker, what it is, the URL and
// where in the answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY_ACCESS_COOKIE, GALLERY_VISITOR_COOKIE } from "#app/http/cookies.server.ts";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import { diskMediaStorage, PUBLIC_MEDIA_URL_PREFIX } from "#domain/media/storage.server.ts";
import { testDatabaseTarget } from "#fixtures/test-store.ts";
import { openDatabase } from "#platform/db/db.server.ts";
import { type DemoServer, startDemoServer } from "#tests/helpers/demo-server.ts";
import {
  albumMarkers,
  type ClosedGallery,
  closedGalleryMarkers,
  draftMarkers,
  guestMarkers,
  type Marker,
  type PrivateGallery,
  type PrivateGallerySpec,
  privateIds,
  privateMarkers,
  privateMediaPaths,
  type SeededAlbum,
  type SeededGuests,
  seedAlbum,
  seedClosedGallery,
  seedGuestSearch,
  seedPrivateGallery,
} from "#tests/helpers/private-galleries.ts";

/** Pages the crawl visits at most: the demo studio has about 60 public addresses. */
const MAX_CRAWL_PAGES = 300;
/** Requests in flight at once: a 2-core machine runs this beside the PostgreSQL run. */
const CRAWL_CONCURRENCY = 4;
/**
 * The crawl renders every public page once, the search test a page per private text: seconds on
 * an idle machine, but `npm test` runs two suites side by side on 2 cores, and other work may
 * share them too.
 */
const RENDERING_TEST_TIMEOUT_MS = 180_000;
/** Strapi's largest page size, and more than every entry the demo has of any type. */
const API_PAGE_SIZE = 100;
/** Characters of an answer shown either side of a marker found in it. */
const CONTEXT_CHARS = 60;
/** A gallery link's token: URL-safe base64 of 32 bytes (GALLERY_TOKEN_PATTERN). */
const ANY_GALLERY_LINK = /\/g\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** A gallery's event link for its guests, and a guest's own (issue 31). */
const ANY_EVENT_LINK = /\/e\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** The guests who searched A's and B's photos with a selfie (issue 31). */
const GUEST_NAMES = { A: "Peregrine Wolfsbane", B: "Ignatius Quimby" };
/** Each gallery's album (issue 32): a version sent with a comment, and the studio's draft after it. */
const ALBUMS = {
  A: {
    title: "Album of Zephyrine Marchbanks",
    label: "QXSPREAD",
    comment: "Swap for Vantwinkle's QXPIN",
    firstSeed: 4_000,
  },
  B: { title: "Album of Ossifrage Pennyworth", label: "QBSPREAD", comment: "Brighter QBPIN please", firstSeed: 5_000 },
};

// Every text of the two galleries carries a made-up word (Zephyrine, Vantwinkle, QXPRIVATE,
// Ossifrage, ...) found nowhere in the demo studio, so a marker found is a leak, never a clash.
const GALLERY_A: PrivateGallerySpec = {
  title: "Zephyrine Quillon Private Wedding",
  titleTa: "செஃபிரின் QXTAMIL திருமணம்",
  clientName: "Zephyrine Quillon",
  clientEmail: "zephyrine.quillon@private.example",
  clientPhone: "+91 97123 40586",
  pin: "4827",
  downloads: "original",
  watermarkText: "QXMARK Zephyrine proofs",
  sets: [
    { title: "Zephyrine Mehndi Secret", files: ["QXPRIVATE_0001.jpg", "QXPRIVATE_0002.jpg", "QXPRIVATE_0003.jpg"] },
    { title: "Zephyrine Sangeet Hidden", files: ["QXPRIVATE_0004.jpg", "QXPRIVATE_0005.jpg"] },
    { title: "Zephyrine Haldi Trashed", files: ["QXPRIVATE_0006.jpg"] },
  ],
  trashLastSet: true,
  alt: "QXALT Zephyrine at the mehndi",
  altTa: "QXALTTA மெஹந்தியில் செஃபிரின்",
  visitor: {
    name: "Thessaly Vantwinkle",
    pin: "246810",
    listName: "Vantwinkle Print Picks",
    comments: ["QXCOMMENT print this one large", "QXCOMMENT crop out the Vantwinkle cousin"],
  },
  firstSeed: 0x5a_0000,
};

const GALLERY_B: PrivateGallerySpec = {
  title: "Barnaby Ossifrage Private Reception",
  titleTa: "பார்னபி QBTAMIL வரவேற்பு",
  clientName: "Barnaby Ossifrage",
  clientEmail: "barnaby.ossifrage@private.example",
  clientPhone: "+91 96234 51708",
  pin: "5913",
  downloads: "web",
  watermarkText: "",
  sets: [
    { title: "Ossifrage Haldi Secret", files: ["QBPRIVATE_0001.jpg", "QBPRIVATE_0002.jpg", "QBPRIVATE_0003.jpg"] },
    { title: "Ossifrage Reception Hidden", files: ["QBPRIVATE_0004.jpg", "QBPRIVATE_0005.jpg"] },
  ],
  trashLastSet: false,
  alt: "QBALT Ossifrage on the stage",
  altTa: "QBALTTA மேடையில் ஆசிஃப்ரேஜ்",
  visitor: {
    name: "Wilhelmina Brackenbury",
    pin: "135790",
    listName: "Brackenbury Album",
    comments: ["QBCOMMENT frame this for Brackenbury"],
  },
  firstSeed: 0x5b_0000,
};

/**
 * Galleries whose links no longer open them, made first: private all the same, and their ids
 * then put A's and B's past the demo's first shoot ids (the two sequences are separate), so that
 * /galleryList/{A's or B's id} is a real 404.
 */
const CLOSED_GALLERIES = [
  { title: "Xanthippe Trashed Engagement", setTitle: "Xanthippe Ring Ceremony", state: "trashed" },
  { title: "Yevgenia Revoked Anniversary", setTitle: "Yevgenia Cake Cutting", state: "revoked" },
  { title: "Ulrika Expired Baptism", setTitle: "Ulrika Font Blessing", state: "expired" },
] as const;

/** The made-up words themselves: a leak of part of a text (a truncated title, a word) is still one. */
const MADE_UP_WORDS = {
  A: [
    "Zephyrine",
    "Quillon",
    "Thessaly",
    "Vantwinkle",
    "QXPRIVATE",
    "QXMARK",
    "QXALT",
    "QXCOMMENT",
    "Wolfsbane",
    "QXTAMIL",
    "செஃபிரின்",
  ],
  B: [
    "Barnaby",
    "Ossifrage",
    "Wilhelmina",
    "Brackenbury",
    "QBPRIVATE",
    "QBALT",
    "QBCOMMENT",
    "Quimby",
    "QBTAMIL",
    "பார்னபி",
  ],
  closed: ["Xanthippe", "Yevgenia", "Ulrika"],
};

interface Answer {
  path: string;
  status: number;
  headers: Headers;
  contentType: string;
  /** The body as text (a binary body as Latin-1, so its ASCII names can be searched too). */
  body: string;
}

let demo: DemoServer;
let origin = "";
let apiToken = "";
let galleryA: PrivateGallery;
let galleryB: PrivateGallery;
let guestsA: SeededGuests;
let guestsB: SeededGuests;
let albumA: SeededAlbum;
let albumB: SeededAlbum;
const closedGalleries: ClosedGallery[] = [];
/** Every gallery's markers: what no public surface may show. */
let allMarkers: Marker[] = [];
let markersOfB: Marker[] = [];
/** Every private set's id, every gallery's, the trashed one's too. */
let privateSetIds = new Set<number>();

beforeAll(async () => {
  demo = await startDemoServer("studio-privacy-", async (db) => {
    ({ token: apiToken } = await createApiToken(db, "privacy crawl"));
  });
  origin = demo.server.url;
  // The galleries are seeded on the running server's own database and media folder (the demo
  // helper's prepare has no media storage); nothing has been requested yet, so nothing is cached.
  const db = openDatabase(await testDatabaseTarget(demo.dataDir));
  try {
    const deps = { db, storage: diskMediaStorage(demo.dataDir) };
    for (const closed of CLOSED_GALLERIES) closedGalleries.push(await seedClosedGallery(db, closed));
    galleryA = await seedPrivateGallery(deps, GALLERY_A);
    galleryB = await seedPrivateGallery(deps, GALLERY_B);
    guestsA = await seedGuestSearch(db, galleryA, GUEST_NAMES.A, 3);
    guestsB = await seedGuestSearch(db, galleryB, GUEST_NAMES.B, 9);
    albumA = await seedAlbum(deps, galleryA, ALBUMS.A);
    albumB = await seedAlbum(deps, galleryB, ALBUMS.B);
  } finally {
    await db.destroy();
  }
  const wordMarkers = (label: keyof typeof MADE_UP_WORDS) =>
    MADE_UP_WORDS[label].map((value) => ({ what: `gallery ${label}'s made-up word`, value }));
  markersOfB = [
    ...privateMarkers(galleryB, "B"),
    ...guestMarkers(guestsB, "B"),
    ...albumMarkers(albumB, "B"),
    ...wordMarkers("B"),
  ];
  allMarkers = [
    ...privateMarkers(galleryA, "A"),
    ...guestMarkers(guestsA, "A"),
    ...albumMarkers(albumA, "A"),
    ...wordMarkers("A"),
    ...markersOfB,
    ...closedGalleries.flatMap(closedGalleryMarkers),
    ...wordMarkers("closed"),
  ];
  privateSetIds = new Set([
    ...privateIds(galleryA).setIds,
    ...privateIds(galleryB).setIds,
    ...closedGalleries.map((g) => g.setId),
  ]);
});

afterAll(async () => {
  await demo?.stop();
});

// --- requests

async function request(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(new URL(path, origin), { redirect: "manual", ...init });
  const contentType = response.headers.get("content-type") ?? "";
  const bytes = Buffer.from(await response.arrayBuffer());
  const textual = /^(text\/|application\/(json|xml|javascript))/.test(contentType);
  return {
    path,
    status: response.status,
    headers: response.headers,
    contentType,
    body: bytes.toString(textual ? "utf8" : "latin1"),
  };
}

const withToken = (): RequestInit => ({ headers: { Authorization: `Bearer ${apiToken}` } });

/** `items` through `work`, `limit` at a time, in order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit)
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return results;
}

// --- finding markers

/** The ways a text can be written into an answer: as is, in a URL, JSON-escaped; compared in lower case. */
function writtenForms(value: string): string[] {
  const lower = value.toLowerCase();
  return [
    ...new Set([
      lower,
      encodeURIComponent(lower),
      encodeURI(lower),
      lower.replaceAll(" ", "+"),
      lower.replaceAll("/", "\\/"),
      lower.replaceAll("/", "\\u002f"),
    ]),
  ];
}

const formsOf = new Map<string, string[]>();
function formsOfValue(value: string): string[] {
  let forms = formsOf.get(value);
  if (!forms) {
    forms = writtenForms(value);
    formsOf.set(value, forms);
  }
  return forms;
}

/** "gallery A's set title "…" in the body of GET /search?q=…: …context…", one per marker found. */
function markersIn(text: string, markers: readonly Marker[], where: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const marker of markers) {
    for (const form of formsOfValue(marker.value)) {
      const at = lower.indexOf(form);
      if (at < 0) continue;
      const context = text.slice(Math.max(0, at - CONTEXT_CHARS), at + form.length + CONTEXT_CHARS);
      found.push(`${marker.what} "${marker.value}" in ${where}: …${context.replace(/\s+/g, " ")}…`);
      break;
    }
  }
  return found;
}

/** The markers in an answer's headers and body (its <meta> values named on their own). */
function leaksIn(answer: Answer, markers: readonly Marker[], body = answer.body): string[] {
  const request = `GET ${answer.path} (${answer.status})`;
  const found: string[] = [];
  for (const [name, value] of answer.headers) found.push(...markersIn(value, markers, `header ${name} of ${request}`));
  for (const meta of body.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = meta[0];
    const name = /\b(?:name|property)="([^"]*)"/i.exec(tag)?.[1] ?? "?";
    const content = /\bcontent="([^"]*)"/i.exec(tag)?.[1] ?? "";
    found.push(...markersIn(content, markers, `<meta ${name}> of ${request}`));
  }
  found.push(...markersIn(body, markers, `the body of ${request}`));
  return found;
}

/** Links to a private set's page or API entry, and any gallery's link, wherever ids are written. */
function privateLinksIn(answer: Answer): string[] {
  const found: string[] = [];
  for (const match of answer.body.matchAll(/(?:galleryList|collections|recent-storys)\/(\d+)(?!\d)/g)) {
    if (privateSetIds.has(Number(match[1])))
      found.push(`a link to private set ${match[1]} (${match[0]}) in GET ${answer.path}`);
  }
  for (const match of answer.body.matchAll(ANY_GALLERY_LINK)) {
    found.push(`a client gallery's link ${match[0]} in GET ${answer.path}`);
  }
  for (const match of answer.body.matchAll(ANY_EVENT_LINK)) {
    found.push(`a gallery's event link ${match[0]} in GET ${answer.path}`);
  }
  return found;
}

// --- the public crawl

/** Every same-origin address an answer names: links, sources, form actions, <meta> URLs, sitemap entries. */
function addressesIn(answer: Answer): string[] {
  const values: string[] = [];
  for (const match of answer.body.matchAll(/\b(?:href|src|action|content)="([^"]+)"/gi)) values.push(match[1] ?? "");
  for (const match of answer.body.matchAll(/\bsrcset="([^"]+)"/gi))
    values.push(...(match[1] ?? "").split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? ""));
  for (const match of answer.body.matchAll(/<(?:image:)?loc>([^<]+)<\/(?:image:)?loc>/g)) values.push(match[1] ?? "");
  const location = answer.headers.get("location");
  if (location) values.push(location);
  const addresses: string[] = [];
  for (const value of values) {
    if (!/^(\/|https?:)/.test(value)) continue;
    const url = new URL(value.replaceAll("&amp;", "&"), new URL(answer.path, origin));
    if (url.origin === origin) addresses.push(url.pathname + url.search);
  }
  return addresses;
}

interface Crawl {
  answers: Answer[];
  /** Addresses found but not visited: the bound was reached first. */
  left: string[];
  /** Media files named on the pages: their addresses are searched, their bytes are not fetched. */
  mediaSeen: Set<string>;
}

/**
 * Fetches `seeds` and every same-origin address their answers name, breadth first, up to
 * MAX_CRAWL_PAGES. /media/ files are only noted: named by content, their names are what could
 * leak (and are searched on every page); their bytes are the photos.
 */
async function crawl(seeds: readonly string[]): Promise<Crawl> {
  const seen = new Set<string>(seeds);
  let queue = [...seeds];
  const answers: Answer[] = [];
  const mediaSeen = new Set<string>();
  while (queue.length > 0 && answers.length < MAX_CRAWL_PAGES) {
    const batch = queue.slice(0, Math.min(CRAWL_CONCURRENCY, MAX_CRAWL_PAGES - answers.length));
    queue = queue.slice(batch.length);
    for (const answer of await Promise.all(batch.map((path) => request(path)))) {
      answers.push(answer);
      for (const address of addressesIn(answer)) {
        if (address.startsWith(PUBLIC_MEDIA_URL_PREFIX)) mediaSeen.add(address);
        else if (!seen.has(address)) {
          seen.add(address);
          queue.push(address);
        }
      }
    }
  }
  return { answers, left: queue, mediaSeen };
}

/** ROT13: a query of the same shape and length as `text` that names nothing private. */
function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** The content API's entries in an answer ({ id, attributes }), at any depth. */
function apiEntries(value: unknown, found: { id: number; attributes: Record<string, unknown> }[] = []) {
  if (Array.isArray(value)) for (const item of value) apiEntries(item, found);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.id === "number" && record.attributes && typeof record.attributes === "object")
      found.push({ id: record.id, attributes: record.attributes as Record<string, unknown> });
    for (const child of Object.values(record)) apiEntries(child, found);
  }
  return found;
}

/** The private ids among an API answer's entries: a shoot that is a set, a media file that is a private photo's. */
function privateEntriesIn(answer: Answer): string[] {
  if (!answer.contentType.includes("json")) return [];
  const assetIds = new Set([...privateIds(galleryA).assetIds, ...privateIds(galleryB).assetIds]);
  const found: string[] = [];
  for (const entry of apiEntries(JSON.parse(answer.body))) {
    const isMedia = "mime" in entry.attributes;
    const isShoot = "isStory" in entry.attributes;
    if (isMedia && assetIds.has(entry.id)) found.push(`private photo asset ${entry.id} as media in GET ${answer.path}`);
    if (isShoot && privateSetIds.has(entry.id)) found.push(`private set ${entry.id} as an entry in GET ${answer.path}`);
  }
  return found;
}

describe("a private client gallery never reaches a public surface", () => {
  it(
    "is on no public page, nor on any page they link to, their <meta>, the sitemap or robots.txt",
    async () => {
      const sitemap = await request("/sitemap.xml");
      const sitemapPages = addressesIn(sitemap).filter((a) => !a.startsWith(PUBLIC_MEDIA_URL_PREFIX));
      const galleries = JSON.parse((await request("/api/galleries", withToken())).body) as {
        data: { attributes: { slug: string } }[];
      };
      const seeds = [
        "/",
        ...galleries.data.map((g) => `/gallery/${g.attributes.slug}`),
        "/about",
        "/contactUs",
        "/credits",
        "/search",
        "/sitemap.xml",
        "/robots.txt",
        "/healthz",
        "/admin/login",
        "/no-such-page-for-the-privacy-test",
        // A well-formed link that is no gallery's: the 404 says nothing more.
        `/g/${"A".repeat(43)}`,
        ...sitemapPages,
      ];
      const { answers, left, mediaSeen } = await crawl([...new Set(seeds)]);

      const findings = answers.flatMap((answer) => [...leaksIn(answer, allMarkers), ...privateLinksIn(answer)]);
      for (const media of mediaSeen)
        findings.push(...markersIn(media, allMarkers, `a /media/ address on a public page`));
      expect(findings, "private markers on the public pages").toEqual([]);

      // The crawl saw the whole public site: every page the sitemap lists, and their photographs.
      expect(left, `the crawl stopped at ${MAX_CRAWL_PAGES} pages: raise MAX_CRAWL_PAGES`).toEqual([]);
      const visited = new Set(answers.map((a) => a.path));
      expect(sitemapPages.filter((page) => !visited.has(page))).toEqual([]);
      expect(sitemapPages.filter((page) => page.startsWith("/galleryList/")).length).toBeGreaterThan(0);
      expect(mediaSeen.size).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status >= 500).map((a) => a.path)).toEqual([]);
    },
    RENDERING_TEST_TIMEOUT_MS,
  );

  it("has real 404s for its sets' ids and is never a shoot page under its gallery's id", async () => {
    const sets = [...privateSetIds];
    for (const answer of await inBatches(sets, CRAWL_CONCURRENCY, (id) => request(`/galleryList/${id}`))) {
      expect(answer.status, answer.path).toBe(404);
      expect([...leaksIn(answer, allMarkers), ...privateLinksIn(answer)]).toEqual([]);
    }
    // A gallery's id is no shoot's: /galleryList/{gallery id} is the public shoot of that id if
    // there is one (the ids are separate sequences), else a 404; never the gallery.
    const publicShoots = JSON.parse(
      (await request(`/api/collections?pagination[pageSize]=${API_PAGE_SIZE}`, withToken())).body,
    ) as { data: { id: number }[] };
    const publicIds = new Set(publicShoots.data.map((s) => s.id));
    const galleryIds = [galleryA.id, galleryB.id, ...closedGalleries.map((g) => g.id)];
    for (const id of galleryIds) {
      const answer = await request(`/galleryList/${id}`);
      expect(answer.status, answer.path).toBe(publicIds.has(id) ? 200 : 404);
      expect([...leaksIn(answer, allMarkers), ...privateLinksIn(answer)]).toEqual([]);
    }
    // The closed galleries made first put A's and B's ids where the demo has no shoot.
    expect(galleryIds.filter((id) => !publicIds.has(id))).toEqual(expect.arrayContaining([galleryA.id, galleryB.id]));
  });

  it(
    "is not found by the site's search, whatever private text is asked for",
    async () => {
      // Each search is for words in a shoot's title, place or collection; every other private text
      // (comments, alt text, the watermark) is a marker looked for on each of these pages.
      const texts = [
        ...[GALLERY_A, GALLERY_B].flatMap((g) => [
          g.title,
          g.clientName,
          ...g.sets.map((s) => s.title),
          ...g.sets.flatMap((s) => s.files),
        ]),
        ...closedGalleries.flatMap((g) => [g.title, g.setTitle]),
      ];
      // The search page repeats its query (title, heading, field, links). The same query with its
      // letters rotated names nothing: it shows how often the page repeats a query by itself, the
      // same for every query written the same ways (one twin per shape: spaces, dots, an @).
      const twins = new Map<string, Promise<{ forms: string[]; body: string }>>();
      // Each search in both languages: the Tamil page reads the Tamil fields where there are any.
      const searchPages = ["/search", "/ta/search"];
      const twinOf = (page: string, text: string) => {
        const shape = `${page} ${writtenForms(text)
          .map((form) => form.replace(/[a-z0-9]/g, ""))
          .join("|")}`;
        let twin = twins.get(shape);
        if (!twin) {
          twin = request(`${page}?q=${encodeURIComponent(rot13(text))}`).then((answer) => ({
            forms: writtenForms(rot13(text)),
            body: answer.body.toLowerCase(),
          }));
          twins.set(shape, twin);
        }
        return twin;
      };
      const findings: string[] = [];
      const searches = searchPages.flatMap((page) => texts.map((text) => ({ page, text })));
      await inBatches(searches, CRAWL_CONCURRENCY, async ({ page, text }) => {
        const [answer, twin] = await Promise.all([
          request(`${page}?q=${encodeURIComponent(text)}`),
          twinOf(page, text),
        ]);
        let body = answer.body.toLowerCase();
        const { forms: twinForms, body: twinBody } = twin;
        for (const [i, form] of writtenForms(text).entries()) {
          // The twin's query, written the same way, stands in for this one's repeats below.
          const twinForm = twinForms[i] ?? "";
          const extra = occurrences(body, form) - occurrences(twinBody, twinForm);
          if (extra !== 0)
            findings.push(`GET ${answer.path} names "${form}" ${extra} more times than the page repeats a query`);
          body = body.replaceAll(form, twinForm);
        }
        findings.push(...leaksIn(answer, allMarkers, body), ...privateLinksIn(answer));
      });
      expect(findings, "private texts found by the search").toEqual([]);

      // The search does find a public shoot by its title (so the nothing above means something).
      const shoots = JSON.parse((await request("/api/collections?pagination[pageSize]=1", withToken())).body) as {
        data: { id: number; attributes: { title: string } }[];
      };
      const [shoot] = shoots.data;
      if (!shoot) throw new Error("the demo has no public shoot");
      const found = await request(`/search?q=${encodeURIComponent(shoot.attributes.title)}`);
      expect(found.body).toContain(`/galleryList/${shoot.id}"`);
    },
    RENDERING_TEST_TIMEOUT_MS,
  );

  it("is in no answer of the content API, however it is asked", async () => {
    const resources = ["banners", "galleries", "collections", "recent-storys", "blocks"];
    const setIds = [...privateSetIds];
    const assetIds = [...privateIds(galleryA).assetIds, ...privateIds(galleryB).assetIds];
    const list = (name: string, ids: readonly number[]) => ids.map((id, i) => `${name}[${i}]=${id}`).join("&");
    const queries = [
      "",
      "populate=*",
      `populate=*&pagination[pageSize]=${API_PAGE_SIZE}`,
      `populate=*&pagination[start]=0&pagination[limit]=${API_PAGE_SIZE}`,
      "populate=*&publicationState=preview",
      "populate=*&status=draft",
      "populate[collections][populate]=*",
      "populate[image_collections][populate]=*",
      "populate[recent_stories][populate]=*",
      "populate[base_image][populate]=*",
      "populate[collections][populate][image_collections][populate]=*",
      // Strapi's i18n plugin: the Tamil fields, where the private texts have Tamil versions too.
      "locale=ta",
      "populate=*&locale=ta",
      `populate=*&locale=ta&pagination[pageSize]=${API_PAGE_SIZE}`,
      "populate=*&locale=ta&publicationState=preview",
      "populate=*&locale=all",
      `populate=*&locale=ta&${list("filters[id][$in]", setIds)}`,
      `populate=*&publicationState=preview&${list("filters[id][$in]", setIds)}`,
      `populate=*&status=draft&${list("filters[id][$in]", setIds)}`,
      `populate=*&${list("filters[collections][id][$in]", setIds)}`,
      `populate=*&${list("filters[image_collections][id][$in]", assetIds)}`,
      ...[...GALLERY_A.sets, ...GALLERY_B.sets].flatMap((s) => [
        `populate=*&filters[title][$contains]=${encodeURIComponent(s.title)}`,
        `populate=*&publicationState=preview&filters[title][$containsi]=${encodeURIComponent(s.title.split(" ")[0] ?? "")}`,
        // Strapi's search, over every text attribute: a set's title, any case, finds nothing.
        `populate=*&_q=${encodeURIComponent(s.title.toUpperCase())}`,
        `populate=*&status=draft&_q=${encodeURIComponent(s.title.split(" ")[0] ?? "")}`,
      ]),
      ...setIds.map((id) => `populate=*&_q=${id}`),
    ];
    const paths = [
      ...resources.flatMap((r) => queries.map((q) => `/api/${r}${q === "" ? "" : `?${q}`}`)),
      ...setIds.flatMap((id) => [
        `/api/collections/${id}`,
        `/api/collections/${id}?populate=*`,
        `/api/collections/${id}?populate=*&publicationState=preview`,
        `/api/collections/${id}?populate=*&status=draft`,
        `/api/recent-storys/${id}?populate=*`,
      ]),
      "/api/openapi.json",
    ];
    const answers = await inBatches(paths, CRAWL_CONCURRENCY, (path) => request(path, withToken()));
    const findings = answers.flatMap((a) => [...leaksIn(a, allMarkers), ...privateLinksIn(a), ...privateEntriesIn(a)]);
    expect(findings, "private markers in the content API").toEqual([]);
    expect(answers.filter((a) => a.status >= 500).map((a) => a.path)).toEqual([]);
    // A page of API_PAGE_SIZE holds every entry there is: nothing was left on a later page.
    for (const answer of answers.filter((a) => a.path.includes(`=${API_PAGE_SIZE}`) && a.status === 200)) {
      const { meta } = JSON.parse(answer.body) as { meta?: { pagination?: { pageCount?: number; total?: number } } };
      const { pageCount = 1, total = 0 } = meta?.pagination ?? {};
      expect(pageCount <= 1 && total <= API_PAGE_SIZE, answer.path).toBe(true);
    }
    // A set is not one entry of any type, by its id.
    for (const answer of answers.filter((a) => /^\/api\/(collections|recent-storys)\/\d+/.test(a.path)))
      expect(answer.status, answer.path).toBe(404);

    // The filters work: a private id beside a public one finds the public one alone.
    const [shoot] = (JSON.parse((await request("/api/collections", withToken())).body) as { data: { id: number }[] })
      .data;
    if (!shoot) throw new Error("the demo has no public shoot");
    const withPublic = await request(
      `/api/collections?publicationState=preview&${list("filters[id][$in]", [shoot.id, ...setIds])}`,
      withToken(),
    );
    expect((JSON.parse(withPublic.body) as { data: { id: number }[] }).data.map((e) => e.id)).toEqual([shoot.id]);
  });

  it("is served only at the unguessable /media/ addresses of its files, never as originals (today's rule: ADR 025-027)", async () => {
    // What is true today (README, "Where data lives": media/ holds the variants, served to anyone
    // who names one; ADR 027: a client's images are files named by their content, the watermarked
    // ones by the gallery's settings too): a private photo's variants answer at public /media/
    // addresses that only its own bytes can name, and its original is never served. An ADR on
    // private media may change this: this test is the one to adjust then.
    const files = [...privateMediaPaths(galleryA), ...privateMediaPaths(galleryB)];
    expect(files.length).toBeGreaterThan(0);
    for (const { photo, path } of files) expect(path).toContain(photo.sha256.slice(0, 24));
    const answers = await inBatches(files, CRAWL_CONCURRENCY, ({ path }) => request(path));
    for (const answer of answers) {
      expect([answer.path, answer.status, answer.contentType]).toEqual([
        answer.path,
        200,
        expect.stringMatching(/^image\/(webp|jpeg)$/),
      ]);
      // Nothing names the photo beyond its address: no file name, title or gallery in a header.
      expect(leaksIn({ ...answer, body: "" }, allMarkers)).toEqual([]);
    }
    for (const photo of [...galleryA.photos, ...galleryB.photos]) {
      for (const path of [`${PUBLIC_MEDIA_URL_PREFIX}${photo.originalKey}`, `/originals/${photo.originalKey}`]) {
        const answer = await request(path);
        expect(answer.status, path).toBe(404);
        expect(leaksIn(answer, allMarkers)).toEqual([]);
      }
    }
  });

  it("shows nothing of a gallery whose link does not open it: the PIN's door, a closed link, the trash", async () => {
    // ADR 026: the door and a closed link's page carry the studio's name and contact, never the
    // gallery's title, client or photos; a gallery in the trash is the ordinary 404.
    const links = [
      { token: galleryA.token, setId: galleryA.sets[0]?.id, status: 200 },
      ...closedGalleries.map((g) => ({ token: g.token, setId: g.setId, status: g.state === "trashed" ? 404 : 410 })),
    ];
    const findings: string[] = [];
    for (const { token, setId, status } of links) {
      const base = `/g/${token}`;
      const [page, ...rest] = await Promise.all(
        [base, `${base}/photos?set=${setId}&offset=0`, `${base}/downloads`, `${base}/download/all.zip`].map((path) =>
          request(path),
        ),
      );
      expect(page?.status, base).toBe(status);
      for (const answer of rest) expect(answer.status, answer.path).not.toBe(200);
      // The link names itself (its form posts to it): every other marker is a leak.
      const others = allMarkers.filter((m) => m.value !== token);
      for (const answer of [page, ...rest]) if (answer) findings.push(...leaksIn(answer, others));
    }
    expect(findings, "private markers behind a link that does not open").toEqual([]);
  });

  it("gallery A's link, PIN and visitor show nothing of gallery B", async () => {
    const base = `/g/${galleryA.token}`;
    const post = (path: string, form: Record<string, string>, cookie = "") =>
      request(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
        body: new URLSearchParams(form),
      });
    const cookieNamed = (answer: Answer, name: string) => {
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
      if (!cookie) throw new Error(`no ${name} cookie from ${answer.path} (${answer.status})`);
      return cookie.split(";")[0] ?? "";
    };
    // As the client's browser does it: the door, the gallery's PIN, then their name and own PIN.
    const door = await request(base);
    const pin = await post(base, { pin: GALLERY_A.pin });
    expect(pin.status).toBe(302);
    const access = cookieNamed(pin, GALLERY_ACCESS_COOKIE);
    const entered = await post(
      base,
      { intent: "enter", name: GALLERY_A.visitor.name, pin: GALLERY_A.visitor.pin },
      access,
    );
    expect(entered.status).toBe(302);
    const cookie = `${access}; ${cookieNamed(entered, GALLERY_VISITOR_COOKIE)}`;
    const ids = { a: privateIds(galleryA), b: privateIds(galleryB) };
    const [setA, setB] = [ids.a.setIds[0], ids.b.setIds[0]];
    const [photoB] = ids.b.photoIds;

    const get = (path: string) => request(path, { headers: { Cookie: cookie } });
    const pages = [
      base,
      `${base}?set=${setA}&offset=0`,
      `${base}?list=${ids.a.listId}`,
      `${base}.data`,
      `${base}/downloads`,
      `${base}/download/all.zip`,
      `${base}/download/all.zip?size=original`,
      `${base}/download/list/${ids.a.listId}.zip`,
      `${base}/download/set/${setA}.zip`,
      ...ids.a.setIds.map((id) => `${base}/photos?set=${id}&offset=0&list=${ids.a.listId}`),
      `${base}/album`,
      `${base}/album/${albumA.albumId}`,
    ];
    // Gallery B's own ids asked for through A's link: unknown there (404) ...
    const unknown = [
      ...ids.b.setIds.map((id) => `${base}/photos?set=${id}&offset=0`),
      `${base}/download/set/${setB}.zip`,
      `${base}/download/list/${ids.b.listId}.zip`,
      `${base}/download/photo/${photoB}`,
      `${base}/download/photo/${photoB}?size=original`,
      `${base}/album/${albumB.albumId}`,
    ];
    // ... or passed over for A's own (a list that is not the visitor's is their own list).
    const probes = [
      ...unknown,
      `${base}?set=${setB}&offset=0`,
      `${base}?list=${ids.b.listId}`,
      `${base}/photos?set=${setA}&offset=0&list=${ids.b.listId}`,
    ];
    const answers = [door, pin, entered, ...(await inBatches([...pages, ...probes], CRAWL_CONCURRENCY, get))];
    const heart = await post(
      `${base}/photos`,
      { intent: "heart", photo: String(photoB), list: String(ids.a.listId) },
      cookie,
    );
    // A's cookies sent to B's link (a browser never would: they are scoped to A's path) open nothing.
    const doorB = await request(`/g/${galleryB.token}`, { headers: { Cookie: cookie } });
    const photosB = await request(`/g/${galleryB.token}/photos?set=${setB}&offset=0`, { headers: { Cookie: cookie } });

    const idsOfB = (answer: Answer) => {
      const found: string[] = [];
      const written =
        /(?:\bp-|note-|photo\/|set\/|list\/|[?&]set=|[?&]list=|name="(?:photo|set|list)" value=")(\d+)(?!\d)/g;
      const ofB = new Set([...ids.b.photoIds, ...ids.b.setIds, ids.b.listId]);
      // The ids this request asked for itself: the page's own links repeat its query.
      const asked = new Set([...answer.path.matchAll(/\d+/g)].map((m) => Number(m[0])));
      for (const match of answer.body.matchAll(written)) {
        const id = Number(match[1]);
        if (ofB.has(id) && !asked.has(id)) found.push(`gallery B's id ${id} (${match[0]}) in ${answer.path}`);
      }
      return found;
    };
    const findings = [...answers, heart].flatMap((a) => [...leaksIn(a, markersOfB), ...idsOfB(a)]);
    const tokenOfB = (m: Marker) => m.value === galleryB.token;
    findings.push(
      ...[doorB, photosB].flatMap((a) =>
        leaksIn(
          a,
          markersOfB.filter((m) => !tokenOfB(m)),
        ),
      ),
    );
    expect(findings, "gallery B's markers seen through gallery A's link").toEqual([]);

    // Through A's link, B's sets, lists and photos are unknown; B's link keeps its door shut.
    const byPath = new Map(answers.map((a) => [a.path, a]));
    for (const probe of unknown) expect(byPath.get(probe)?.status, probe).toBe(404);
    expect(heart.status).toBe(409);
    expect(doorB.body).toContain('name="pin"');
    expect(photosB.status).toBe(403);

    // And A's own pages did open: its sets, photos, list and comments are there.
    const page = byPath.get(base);
    expect(page?.status).toBe(200);
    for (const text of [
      ...galleryA.sets.map((s) => s.title),
      GALLERY_A.visitor.comments[0] ?? "",
      GALLERY_A.visitor.listName,
    ])
      expect(page?.body).toContain(text);
    const photos = JSON.parse(byPath.get(`${base}/photos?set=${setA}&offset=0&list=${ids.a.listId}`)?.body ?? "{}") as {
      photos?: { id: number }[];
    };
    expect(photos.photos?.map((p) => p.id).every((id) => ids.a.photoIds.includes(id))).toBe(true);
    expect(photos.photos?.length).toBeGreaterThan(0);
    // A's album shows the version sent, its spreads and the pinned comment, and nothing of the
    // studio's draft after it: not its file names, its hash, nor its files' addresses.
    const album = byPath.get(`${base}/album/${albumA.albumId}`);
    expect(album?.status).toBe(200);
    for (const text of [albumA.sent.comment, ...albumA.sent.spreads.map((s) => s.variantKeys[0] ?? "?")])
      expect(album?.body).toContain(text);
    const ownDraft = [album, byPath.get(`${base}/album`)].flatMap((a) =>
      a ? leaksIn(a, draftMarkers(albumA, "A")) : [],
    );
    expect(ownDraft, "the studio's draft seen by its own couple").toEqual([]);
    const zip = byPath.get(`${base}/download/all.zip?size=original`);
    expect([zip?.status, zip?.body.includes(GALLERY_A.sets[0]?.files[0] ?? "?")]).toEqual([200, true]);
  });

  it("gallery A's event link and guest's page show nothing of gallery B, nor of the couple's own choices", async () => {
    const event = `/e/${guestsA.eventToken}`;
    const mine = `${event}/g/${guestsA.guestToken}`;
    const [photoB] = privateIds(galleryB).photoIds;
    const answers = await inBatches(
      [event, mine, `${mine}?more=1`, `${mine}.data`, `${mine}/download/${photoB}`],
      CRAWL_CONCURRENCY,
      (path) => request(path),
    );
    // The couple's people, their lists and notes are theirs: a guest sees photos, never those.
    const couplesOwn = privateMarkers(galleryA, "A").filter((m) => /visitor|list name|comment/.test(m.what));
    const findings = answers.flatMap((a) => leaksIn(a, [...markersOfB, ...couplesOwn]));
    expect(findings, "seen by gallery A's guest").toEqual([]);
    const byPath = new Map(answers.map((a) => [a.path, a]));
    expect(byPath.get(`${mine}/download/${photoB}`)?.status).toBe(403);
    // B's guest's link under A's event link, and B's event link with A's guest: no one's.
    expect((await request(`${event}/g/${guestsB.guestToken}`)).status).toBe(404);
    expect((await request(`/e/${guestsB.eventToken}/g/${guestsA.guestToken}`)).status).toBe(404);
    // A's own guest page did open, with A's photos.
    const page = byPath.get(mine);
    expect(page?.status).toBe(200);
    expect(page?.body).toContain(`id="p-${guestsA.photoIds[0]}"`);
  });
});
