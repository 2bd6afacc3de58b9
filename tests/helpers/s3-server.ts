// An S3-protocol server for the tests: fauxqs (an S3/SQS/SNS emulator, MIT) in a child process on
// a free loopback port, its objects as files in a temporary folder, with one bucket. Tests point
// the app at it with `env()` (a server process) or `settings()` (the stores in-process). Why
// fauxqs: docs/decisions/031-object-storage.md.
//
// Run directly (`node tests/helpers/s3-server.ts`), this file is that child: it starts fauxqs
// and prints its port. It exits when its parent does, however the parent ends (its standard
// input closes), so a test that times out leaves no server behind.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { connectS3 } from "#domain/media/s3-store.server.ts";
import { DEFAULT_S3_REGION, type S3Settings } from "#platform/env.server.ts";

/** fauxqs checks no signature: any key opens it. Not secrets, and never used anywhere else. */
const TEST_ACCESS_KEY_ID = "studio-test";
const TEST_SECRET_ACCESS_KEY = "studio-test-secret";
export const TEST_BUCKET = "studio-media";
/** How long the child may take to print its port (fauxqs itself starts in well under a second). */
const START_TIMEOUT_MS = 30_000;

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The bucket's settings as the app parses them; a prefix keeps one test's objects apart. */
  settings(prefix?: string): S3Settings;
  /** The variables that point a server process at the bucket. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

/** A prefix of its own for one test: "t-<uuid>/". */
export function uniquePrefix(): string {
  return `t-${randomUUID()}/`;
}

/** Children started here and not yet exited: killed when the test process exits, whatever happened. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startS3Server(): Promise<S3TestServer> {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-s3-"));
  const child = spawn(process.execPath, [import.meta.filename], {
    env: { ...process.env, S3_TEST_STORAGE_DIR: storageDir },
    // stdin is a pipe the child watches: it closes when this process ends, even by SIGKILL.
    stdio: ["pipe", "pipe", "pipe"],
  });
  running.add(child);
  const exited = once(child, "exit");
  void exited.then(() => running.delete(child));
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(storageDir, { recursive: true, force: true });
  };

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the S3 test server did not start:\n${errors}`)),
        START_TIMEOUT_MS,
      );
      child.once("exit", (code) => reject(new Error(`the S3 test server exited (${code}):\n${errors}`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", (line) => {
        clearTimeout(timer);
        const { port: given } = JSON.parse(line) as { port: number };
        resolve(given);
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix = ""): S3Settings => ({
    bucket: TEST_BUCKET,
    endpoint,
    region: DEFAULT_S3_REGION,
    accessKeyId: TEST_ACCESS_KEY_ID,
    secretAccessKey: TEST_SECRET_ACCESS_KEY,
    forcePathStyle: true,
    prefix,
  });
  const { sdk, client } = await connectS3(settings());
  await client.send(new sdk.CreateBucketCommand({ Bucket: TEST_BUCKET }));
  return {
    endpoint,
    bucket: TEST_BUCKET,
    settings,
    env: (prefix = "") => ({
      MEDIA_STORE: "s3",
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: DEFAULT_S3_REGION,
      S3_ACCESS_KEY_ID: TEST_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: TEST_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "on",
      S3_PREFIX: prefix,
    }),
    stop,
  };
}

/** The child: fauxqs on a free loopback port, until its parent goes. */
async function serveForParent(): Promise<void> {
  // fauxqs always listens on every interface (0.0.0.0) and has no option for it; a test server
  // must be reachable from this machine only, so its listen is held to loopback here.
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    const [options] = args;
    if (options && typeof options === "object" && (options as net.ListenOptions).host === "0.0.0.0") {
      args[0] = { ...(options as net.ListenOptions), host: "127.0.0.1" };
    }
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  const { startFauxqs } = await import("fauxqs");
  const storageDir = process.env.S3_TEST_STORAGE_DIR;
  const server = await startFauxqs({ port: 0, logger: false, s3StorageDir: storageDir });
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  // The objects go with the server, also when the parent was killed before it could remove them.
  const quit = () => {
    void server.stop().finally(() => {
      if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.stdin.on("end", quit);
  process.stdin.on("error", quit);
  process.stdin.resume();
  process.on("SIGTERM", quit);
}

if (import.meta.main) await serveForParent();
