// The content API's part of `npm run bench` (issue 16): "a studio with 5,000 shoots and a client
// with pageSize=100 get their page in milliseconds". A fresh database holds 5,000 published
// shoots in four collections, two photos each (rows only: the API reads rows, never files);
// each call goes through the API's handler as the route does, and is timed over several runs.
// A filter on a media field's attributes can only be answered from the entries in memory: it
// is timed too, as the cost of that path and of the whole list before SQL paging.
//
//   node scripts/bench/bench.ts --only=content-api
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ApiDeps, handleApiRequest } from "#app/routes/api/handler.server.ts";
import { insertAsset } from "#domain/catalog/assets.server.ts";
import { addCollection, writeShoots } from "#domain/catalog/seed.server.ts";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import { DATABASE_FILE_NAME, migrate, openDatabase } from "#platform/db/db.server.ts";
import { createMemoryRateLimiter } from "#platform/rate-limit.server.ts";
import { toStoredTime } from "#platform/time.ts";

const SHOOTS = 5_000;
const PHOTOS_PER_SHOOT = 2;
const RUNS = 7;
const ORIGIN = "https://studio.example";
const COLLECTIONS = ["Wedding", "Baby Shoot", "Motherhood", "Outdoor"] as const;
const CITIES = ["Chennai", "Coimbatore", "Madurai", "Salem", "Trichy", "Erode"] as const;
const DAY_MS = 86_400_000;

const CALLS = [
  ["a page of 100", "collections?populate=*&pagination[pageSize]=100&pagination[page]=7"],
  [
    "one collection, newest first",
    "collections?populate=*&filters[galleries][name]=wedding&sort=createdAt:desc&pagination[pageSize]=100",
  ],
  [
    "$or of two words, sorted by title",
    "collections?filters[$or][0][title][$containsi]=priya&filters[$or][1][location][$containsi]=madurai&sort=title&pagination[pageSize]=100",
  ],
  ["offset paging deep in the list", "collections?pagination[start]=4800&pagination[limit]=100"],
  [
    "a filter on a media field (answered in memory)",
    "collections?filters[base_image][name][$notNull]=true&pagination[pageSize]=100",
  ],
  ["sorted by collection, then newest", "collections?sort=galleries.name,createdAt:desc&pagination[pageSize]=100"],
  ["every collection with its shoots' titles", "galleries?populate[collections][fields][0]=title"],
] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function makeStudio(dataDir: string) {
  const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
  await migrate(db);
  const collectionIds: number[] = [];
  for (const [position, name] of COLLECTIONS.entries()) {
    const slug = name.replace(/ /g, "").replace(/^./, (c) => c.toLowerCase());
    collectionIds.push(await addCollection(db, { slug, name, position }));
  }
  const assetId = await insertAsset(
    db,
    {
      sha256: "0".repeat(64),
      original_key: "originals/bench.jpg",
      original_name: "bench.jpg",
      original_bytes: 1_000_000,
      mime: "image/jpeg",
      width: 2400,
      height: 1600,
      placeholder: "data:image/webp;base64,",
    },
    [
      { format: "jpeg", width: 1200, height: 800, key: "be/bench-1200.jpg", bytes: 180_000 },
      { format: "webp", width: 320, height: 213, key: "be/bench-320.webp", bytes: 12_000 },
      { format: "webp", width: 640, height: 427, key: "be/bench-640.webp", bytes: 40_000 },
    ],
  );
  const start = Date.parse("2020-01-01T00:00:00.000Z");
  const names = ["Priya", "Karthik", "Anitha", "Lakshmi", "Vignesh", "Meena", "Arjun", "Divya"];
  await writeShoots(
    db,
    Array.from({ length: SHOOTS }, (_, i) => {
      const id = i + 1;
      return {
        id,
        collectionId: collectionIds[id % collectionIds.length] ?? 0,
        title: `${names[id % names.length]} & ${names[(id * 7 + 3) % names.length]} ${id}`,
        location: `${COLLECTIONS[id % COLLECTIONS.length]} in ${CITIES[id % CITIES.length]}`,
        description: `Shoot ${id}`,
        status: "published" as const,
        createdAt: toStoredTime(start + ((id * 7919) % SHOOTS) * DAY_MS),
        updatedAt: toStoredTime(start + id * DAY_MS),
        assetIds: Array.from({ length: PHOTOS_PER_SHOOT }, () => assetId),
      };
    }),
  );
  return db;
}

export async function runContentApiBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-api-"));
  const db = await makeStudio(dataDir);
  try {
    const { token } = await createApiToken(db, "bench");
    const deps: ApiDeps = {
      db,
      origin: ORIGIN,
      limiter: createMemoryRateLimiter({ limit: 1_000_000, windowMs: 60_000 }),
      authFailures: createMemoryRateLimiter({ limit: 1_000_000, windowMs: 60_000 }),
      clientAddress: "192.0.2.1",
      corsOrigins: [],
      sharedCacheS: 0,
      strictQuery: false,
    };
    console.log(
      `Content API: ${SHOOTS.toLocaleString("en")} published shoots in ${COLLECTIONS.length} collections, ${PHOTOS_PER_SHOOT} photos each; median of ${RUNS} calls through the handler`,
    );
    for (const [label, query] of CALLS) {
      const times: number[] = [];
      let entries = 0;
      let bytes = 0;
      for (let run = 0; run < RUNS + 1; run++) {
        const url = new URL(`${ORIGIN}/api/${query}`);
        const request = new Request(url, { headers: { Authorization: `Bearer ${token}` } });
        const started = performance.now();
        const response = await handleApiRequest(request, url.pathname.slice("/api/".length), deps);
        const body = await response.text();
        // The first call warms the statement cache: not counted.
        if (run > 0) times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${query}: HTTP ${response.status} ${body}`);
        entries = (JSON.parse(body) as { data: unknown[] }).data.length;
        bytes = body.length;
      }
      console.log(
        `  ${label.padEnd(48)} ${median(times).toFixed(1).padStart(7)} ms  (${entries} entries, ${(bytes / 1024).toFixed(0)} KB)`,
      );
    }
    console.log();
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
