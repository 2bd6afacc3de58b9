// Several instances (issue 18) for `npm run bench`: what PostgreSQL and a second instance do to
// the public pages' throughput on this machine, and what the bucket does to an upload's way to
// the site.
//
// - SSR requests per second (wrk, as scripts/bench/bench-ssr.ts runs it) for `/`, `/galleryList/1` and
//   `/contactUs` on the demo studio: one instance on SQLite (SQLite is one process's database,
//   so one instance only), one on PostgreSQL, the same one behind nginx (the balancer's own
//   cost), and two on PostgreSQL behind nginx (docs/cluster/nginx.conf, the drill's balancer).
//   The PostgreSQL instances keep their media in the S3 test server's bucket, as several must.
// - Upload to processed: 100 distinct 12 MP JPEGs over tus to one instance, from the first byte
//   sent to the last photo on the shoot (scripts/bench/bench-memory.ts's upload run), with the media
//   in the folder and in the bucket.
//
//   node scripts/bench/bench.ts --only=cluster
// Needs nginx, wrk and PostgreSQL's server (Debian's nginx-light, wrk and postgresql; .ci/run
// installs them on a clean machine).
import fs from "node:fs";
import { onCluster, postgresBinDir, startPostgresCluster } from "#fixtures/postgres.ts";
import { startS3Server } from "#fixtures/s3-server.ts";
import { startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { type Instance, newAppSecret, startBalancer, startInstance } from "../drills/cluster.ts";
import { measureUploads } from "./bench-memory.ts";
import { CONNECTIONS, PAGES } from "./bench-ssr.ts";
import { missingLoadTool, type WrkResult, wrk } from "./wrk.ts";

/** Each page's run; shorter than bench-ssr's 15 s, as there are four setups to run. */
const DURATION_S = 10;
const UPLOAD_PHOTOS = 100;
/** The first start imports the demo studio (its 24 MP photos): minutes on a busy machine. */
const DEMO_READY_TIMEOUT_MS = 15 * 60_000;
const GZIP = { "Accept-Encoding": "gzip" };

interface Column {
  label: string;
  runs: Map<string, WrkResult>;
}

/**
 * Each page under wrk at `url`, after one request to each of `instances` directly: every
 * instance renders a page once per content version and keeps it, so the runs measure what a
 * busy site serves, not the first render.
 */
async function measurePages(label: string, url: string, instances: readonly string[]): Promise<Column> {
  for (const instance of instances) {
    for (const page of PAGES) await (await fetch(`${instance}${page}`, { headers: GZIP })).arrayBuffer();
  }
  const runs = new Map(
    PAGES.map((page) => [
      page,
      wrk(`${url}${page}`, { connections: CONNECTIONS, durationS: DURATION_S, headers: GZIP }),
    ]),
  );
  return { label, runs };
}

async function onSqlite(): Promise<Column> {
  const dataDir = makeTempDir("studio-bench-cluster-sqlite-");
  const server = await startServer(dataDir, { LOG_LEVEL: "warn" });
  try {
    await server.waitUntilReady(DEMO_READY_TIMEOUT_MS);
    return await measurePages("SQLite, 1", server.url, [server.url]);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Column[]> {
  const cluster = await startPostgresCluster();
  const s3 = await startS3Server();
  const instances: Instance[] = [];
  try {
    await onCluster(cluster.url, `create database "studio"`);
    const databaseUrl = `${cluster.url}/studio`;
    const env = { APP_SECRET: newAppSecret(), ...s3.env(), LOG_LEVEL: "warn" };
    // The first instance imports the demo studio into the database and the bucket; the second
    // starts on it as it is.
    const a = await startInstance("a", env, { databaseUrl, readyTimeoutMs: DEMO_READY_TIMEOUT_MS });
    instances.push(a);
    const columns = [await measurePages("PostgreSQL, 1", a.url, [a.url])];
    const alone = await startBalancer([a.port]);
    try {
      columns.push(await measurePages("PostgreSQL, 1 + nginx", alone.url, [a.url]));
    } finally {
      await alone.nginx.stop();
    }
    const b = await startInstance("b", env, { databaseUrl });
    instances.push(b);
    const pair = await startBalancer([a.port, b.port]);
    try {
      columns.push(await measurePages("PostgreSQL, 2 + nginx", pair.url, [a.url, b.url]));
    } finally {
      await pair.nginx.stop();
    }
    return columns;
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await s3.stop();
    cluster.stop();
  }
}

function printPages(columns: readonly Column[]): void {
  const width = Math.max(...columns.map((c) => c.label.length)) + 2;
  console.log(`  ${"page".padEnd(16)}${columns.map((c) => c.label.padStart(width)).join("")}`);
  for (const page of PAGES) {
    const cells = columns.map((c) => (c.runs.get(page)?.requestsPerS ?? 0).toFixed(0).padStart(width));
    console.log(`  ${page.padEnd(16)}${cells.join("")}   req/s`);
  }
  for (const column of columns) {
    for (const [page, run] of column.runs) {
      if (run.errors + run.timeouts > 0) {
        console.log(`  ${column.label} ${page}: ${run.errors} errors, ${run.timeouts} timeouts`);
      }
    }
  }
  const p99 = columns.map((c) => `${c.label} ${Math.max(...[...c.runs.values()].map((r) => r.p99Ms)).toFixed(0)} ms`);
  console.log(`  slowest page's p99: ${p99.join(", ")}`);
}

async function printUploads(): Promise<void> {
  console.log(
    `  upload to processed, ${UPLOAD_PHOTOS} distinct 12 MP JPEGs over tus to one instance (SQLite), first byte to last photo:`,
  );
  const s3 = await startS3Server();
  try {
    for (const [store, env] of [
      ["folder", {}],
      ["bucket", s3.env()],
    ] as const) {
      const run = await measureUploads(env, UPLOAD_PHOTOS);
      const perMinute = (run.done / run.workMs) * 60_000;
      console.log(
        `    ${store}  ${(run.workMs / 1000).toFixed(0)} s (${perMinute.toFixed(1)} photos a minute, ${Math.round(run.cpuS)} CPU s in the server, peak RSS ${Math.round(run.peakRssMb)} MB), ${run.done} done, ${run.failed} failed`,
      );
    }
  } finally {
    await s3.stop();
  }
}

export async function runClusterBench(): Promise<void> {
  const missing = missingLoadTool();
  if (missing) {
    console.log(`Several instances: skipped, ${missing} is not installed (apt-get install nginx-light wrk)\n`);
    return;
  }
  try {
    postgresBinDir();
  } catch (error) {
    console.log(`Several instances: skipped, ${(error as Error).message}\n`);
    return;
  }
  console.log(
    `Several instances: SSR requests per second on the demo studio (wrk, ${CONNECTIONS} connections, ${DURATION_S} s a page, Accept-Encoding: gzip); nginx runs docs/cluster/nginx.conf`,
  );
  printPages([await onSqlite(), ...(await onPostgres())]);
  await printUploads();
  console.log("");
}
