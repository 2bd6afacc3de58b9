// A throwaway PostgreSQL cluster for the tests: Debian's package (`.ci/run` installs it), a new
// cluster in a temporary directory on a free loopback port, trust authentication, no fsync (a
// test cluster need not survive a power cut). The server refuses to run as root, so as root
// (CI, this sandbox) it runs as the package's `postgres` user.
//
// The suite's run on PostgreSQL (`npm run test:postgres`) starts one cluster in Vitest's global
// setup and migrates a template database once; every test store, and every server a test
// starts, gets a database of its own copied from it (CREATE DATABASE … TEMPLATE: milliseconds).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process.ts";

/** Set by the global setup of a run on PostgreSQL: the cluster's URL without a database name. */
export const TEST_POSTGRES_ENV = "TEST_POSTGRES_URL";
/** The database every test database is copied from, migrated once per run. */
export const TEMPLATE_DATABASE = "studio_template";
const SUPERUSER = "postgres";
/** How long the cluster may take to start on a busy machine. */
const START_TIMEOUT_S = 60;

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
export function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) {
    throw new Error("PostgreSQL's server is not installed: `apt-get install postgresql` (.ci/run installs it)");
  }
  return path.join(root, version, "bin");
}

const asRoot = process.getuid?.() === 0;

/** Runs one of the server's programs, as the postgres user when we are root. */
function run(program: string, args: string[]): void {
  const binary = path.join(postgresBinDir(), program);
  const [command, commandArgs] = asRoot ? ["runuser", ["-u", SUPERUSER, "--", binary, ...args]] : [binary, args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>: add a database name to connect. */
  url: string;
  directory: string;
  stop(): void;
}

/** Creates and starts a cluster. The caller stops it; its directory goes with it. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "studio-postgres-"));
  const data = path.join(directory, "data");
  fs.mkdirSync(data);
  if (asRoot) {
    const [uid, gid] = ["-u", "-g"].map((flag) => Number(execFileSync("id", [flag, SUPERUSER], { encoding: "utf8" })));
    fs.chownSync(directory, uid as number, gid as number);
    fs.chownSync(data, uid as number, gid as number);
  }
  // C collation: text sorts by code point, as SQLite's does; UTF-8 like SQLite's text.
  run("initdb", ["-D", data, "-U", SUPERUSER, "--auth=trust", "--no-locale", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-k ${directory}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    // Each test database and server has its own connections; a run has several at once.
    "-c max_connections=300",
  ].join(" ");
  run("pg_ctl", [
    "-D",
    data,
    "-o",
    options,
    "-l",
    path.join(directory, "log"),
    "-w",
    "-t",
    String(START_TIMEOUT_S),
    "start",
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  };
  // A run that ends without its teardown (a crash, a kill) still takes its cluster down.
  process.once("exit", stop);
  return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}`, directory, stop };
}

/** Runs `statement` on the cluster's maintenance database. */
export async function onCluster(clusterUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${clusterUrl}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let created = 0;

/** A new database copied from the run's migrated template; its URL. */
export async function createTestPostgresDatabase(clusterUrl: string, { migrated = true } = {}): Promise<string> {
  const name = `studio_test_${process.pid}_${++created}_${Date.now().toString(36)}`;
  await onCluster(clusterUrl, `create database "${name}" template "${migrated ? TEMPLATE_DATABASE : "template0"}"`);
  return `${clusterUrl}/${name}`;
}

/** The run's cluster, when this run is on PostgreSQL (`npm run test:postgres`). */
export function testPostgresUrl(): string | undefined {
  const url = process.env[TEST_POSTGRES_ENV];
  return url === "" ? undefined : url;
}

export interface OwnPostgresDatabase {
  url: string;
  /** Drops the database, or stops the cluster started for it. */
  dispose(): Promise<void>;
}

/**
 * An empty PostgreSQL database for a test file that needs one on any run: on a run on PostgreSQL
 * a new database on its cluster, otherwise on a cluster started for this file (SQLite's run
 * tests what crosses from one engine to the other too: the schemas' parity, the copy).
 */
export async function ownPostgresDatabase(): Promise<OwnPostgresDatabase> {
  const runCluster = testPostgresUrl();
  if (runCluster) {
    const url = await createTestPostgresDatabase(runCluster, { migrated: false });
    const name = new URL(url).pathname.slice(1);
    return { url, dispose: () => onCluster(runCluster, `drop database if exists "${name}" with (force)`) };
  }
  const cluster = await startPostgresCluster();
  await onCluster(cluster.url, `create database "studio"`);
  return { url: `${cluster.url}/studio`, dispose: async () => cluster.stop() };
}
