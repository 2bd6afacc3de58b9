// The server's memory (issue 17): the resident set (RSS) of the production server
// (`node server/main.ts`, as `npm start` runs it, with the environment `npm start` gives it) while
// it imports the demo studio into an empty data directory, and while it takes 300 uploaded
// camera-sized photos through the admin's path (tus, the upload check, the queue, the
// background worker), then what it still holds after a minute of doing nothing. The figure
// that matters is that last one: memory the process keeps for ever once the work is done.
//
// RSS and its high-water mark come from /proc/PID/status every 250 ms (VmRSS, VmHWM: the
// kernel's peak, so a spike between samples still counts); the V8 heap and the memory outside
// it that JavaScript holds (Buffers: external, arrayBuffers) from process.memoryUsage(),
// written to standard error by a tiny module the server is started with (--import; standard
// error, unlike an IPC channel, survives the server starting itself again with MALLOC_ARENA_MAX).
// Each run gets its own free port and temporary data directory, removed afterwards.
//
//   node scripts/bench/bench.ts --only=memory
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sessionCookieHeader } from "#app/http/cookies.server.ts";
import { createSession } from "#domain/auth/session.server.ts";
import { upsertUser } from "#domain/auth/users.server.ts";
import { addCollection } from "#domain/catalog/seed.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { startServer } from "#fixtures/server-process.ts";
import { DATABASE_FILE_NAME, migrate, openDatabase } from "#platform/db/db.server.ts";
import { resetEnv } from "#platform/env.server.ts";
import { type BatchFile, uploadBatch } from "../drills/tus-batch.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** How often RSS (and the heap, from inside the server) is sampled. */
const SAMPLE_MS = 250;
/** How long the server is left idle after the work before its memory counts as settled. */
const SETTLE_MS = 60_000;
/** The settled figure: the median of the samples in the last this-many ms of the idle minute. */
const SETTLED_WINDOW_MS = 5_000;
/** After a restart over the imported data, how long the server idles before it is measured. */
const RESTART_SETTLE_MS = 10_000;
/** The upload run: a wedding's worth of distinct 12 MP JPEGs (what bench-admin processes). */
const UPLOAD_PHOTOS = 300;
const UPLOAD_WIDTH_PX = 4000;
const UPLOAD_HEIGHT_PX = 3000;
/** Photos made and sent per round, so the bench's own memory holds a few, not 300. */
const UPLOAD_ROUND_PHOTOS = 20;
/** The queue is asked this often how far processing has got. */
const JOBS_POLL_MS = 1_000;
/** The demo import takes a minute or two here; allow for a slow machine. */
const READY_TIMEOUT_MS = 15 * 60_000;
/** Processing is given up on after this long without one more photo done. */
const STALL_LIMIT_MS = 5 * 60_000;
const BYTES_PER_MB = 1024 * 1024;
const KB_PER_MB = 1024;
/** /proc counts CPU time in clock ticks: USER_HZ, 100 a second on Linux. */
const TICKS_PER_S = 100;

/** Marks the reporter's lines in the server's standard error. */
const REPORT_MARK = "bench-memory-usage ";

/**
 * What `work` signs, signed with `appSecret` as APP_SECRET: the variable is set only meanwhile,
 * so the benches after this one (and the servers they start) see this process's environment.
 */
async function signedWith<T>(appSecret: string, work: () => Promise<T>): Promise<T> {
  const was = process.env.APP_SECRET;
  process.env.APP_SECRET = appSecret;
  resetEnv();
  try {
    return await work();
  } finally {
    if (was === undefined) delete process.env.APP_SECRET;
    else process.env.APP_SECRET = was;
    resetEnv();
  }
}

/**
 * Runs inside the server before its own code: writes process.memoryUsage() to standard error
 * every sample, one marked line each. The timer is unreferenced: it never keeps the server alive.
 */
const MEMORY_REPORTER = `data:text/javascript,${encodeURIComponent(
  `setInterval(() => process.stderr.write(${JSON.stringify(REPORT_MARK)} + JSON.stringify(process.memoryUsage()) + "\\n"), ${SAMPLE_MS}).unref();`,
)}`;

interface Sample {
  atMs: number;
  rssMb: number;
  hwmMb: number;
}

interface HeapSample {
  atMs: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

/** What a server process held at a moment, or over a phase. */
export interface MemoryFigures {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
}

export interface MeasuredServer {
  url: string;
  /** Milliseconds since the process was started. */
  elapsedMs(): number;
  /** CPU seconds the process has used so far. */
  cpuSeconds(): number;
  /** The kernel's high-water mark of RSS so far (VmHWM). */
  peakRssMb(): number;
  /** The highest heap and external figures reported so far, and since `fromMs`. */
  peakHeap(fromMs?: number): { heapUsedMb: number; externalMb: number };
  /** The median of the samples taken since `fromMs`. */
  medianSince(fromMs: number): MemoryFigures;
  waitUntilReady(): Promise<void>;
  stop(): Promise<void>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * CPU seconds a process has used (user and system, all its threads): what the work cost, which
 * other load on the machine changes far less than the wall-clock time.
 */
function readCpuSeconds(pid: number): number {
  try {
    // After the command name (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}

/** VmRSS and VmHWM of a process, in MB; undefined once it has gone. */
function readStatus(pid: number): { rssMb: number; hwmMb: number } | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / KB_PER_MB, hwmMb: kb("VmHWM") / KB_PER_MB };
}

/**
 * Starts the production server (fixtures/server-process.ts) over `dataDir`, with the
 * environment `npm start` gives it plus `env`, and samples its memory until stopped.
 */
export async function startMeasuredServer(dataDir: string, env: Record<string, string> = {}): Promise<MeasuredServer> {
  const started = performance.now();
  const server = await startServer(dataDir, { LOG_LEVEL: "warn", ...env }, { nodeArgs: ["--import", MEMORY_REPORTER] });
  // The server restarts itself on glibc (ADR 030) in the same process: the pid stays.
  const pid = server.child.pid as number;
  const samples: Sample[] = [];
  const heapSamples: HeapSample[] = [];
  const elapsedMs = () => performance.now() - started;
  const sample = () => {
    const status = readStatus(pid);
    if (status) samples.push({ atMs: elapsedMs(), ...status });
  };
  const timer = setInterval(sample, SAMPLE_MS);

  let partial = "";
  server.child.stderr?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith(REPORT_MARK)) continue;
      const usage = JSON.parse(line.slice(REPORT_MARK.length)) as NodeJS.MemoryUsage;
      heapSamples.push({
        atMs: elapsedMs(),
        heapUsedMb: usage.heapUsed / BYTES_PER_MB,
        heapTotalMb: usage.heapTotal / BYTES_PER_MB,
        externalMb: usage.external / BYTES_PER_MB,
        arrayBuffersMb: usage.arrayBuffers / BYTES_PER_MB,
      });
    }
  });

  const since = <T extends { atMs: number }>(list: T[], fromMs: number) => list.filter((s) => s.atMs >= fromMs);
  return {
    url: server.url,
    elapsedMs,
    cpuSeconds: () => readCpuSeconds(pid),
    peakRssMb() {
      sample();
      return samples.at(-1)?.hwmMb ?? Number.NaN;
    },
    peakHeap(fromMs = 0) {
      const recent = since(heapSamples, fromMs);
      return {
        heapUsedMb: Math.max(...recent.map((s) => s.heapUsedMb)),
        externalMb: Math.max(...recent.map((s) => s.externalMb)),
      };
    },
    medianSince(fromMs) {
      return {
        rssMb: median(since(samples, fromMs).map((s) => s.rssMb)),
        heapUsedMb: median(since(heapSamples, fromMs).map((s) => s.heapUsedMb)),
        externalMb: median(since(heapSamples, fromMs).map((s) => s.externalMb)),
      };
    },
    waitUntilReady: () => server.waitUntilReady(READY_TIMEOUT_MS),
    async stop() {
      clearInterval(timer);
      await server.stop();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RunFigures {
  /** The work's wall-clock time: start to ready (import), first upload to last photo processed. */
  workMs: number;
  /** The server's CPU seconds over the same span. */
  cpuS: number;
  peakRssMb: number;
  peakHeapUsedMb: number;
  peakExternalMb: number;
  settled: MemoryFigures;
}

/**
 * A phase's figures, its work done now (it began at `fromMs` and `fromCpuS` of the server's
 * clock and CPU): its time, cost and peaks, then SETTLE_MS idle and what the server keeps.
 */
async function finishPhase(server: MeasuredServer, fromMs: number, fromCpuS: number): Promise<RunFigures> {
  const workMs = server.elapsedMs() - fromMs;
  const cpuS = server.cpuSeconds() - fromCpuS;
  const peakHeap = server.peakHeap(fromMs);
  await sleep(SETTLE_MS);
  return {
    workMs,
    cpuS,
    peakRssMb: server.peakRssMb(),
    peakHeapUsedMb: peakHeap.heapUsedMb,
    peakExternalMb: peakHeap.externalMb,
    settled: server.medianSince(server.elapsedMs() - SETTLED_WINDOW_MS),
  };
}

/** The demo import on an empty data directory, then a minute idle; and a restart over that data. */
export async function measureDemoImport(
  env: Record<string, string> = {},
): Promise<{ run: RunFigures; restart: MemoryFigures }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-memory-demo-"));
  try {
    const server = await startMeasuredServer(dataDir, env);
    let run: RunFigures;
    try {
      await server.waitUntilReady();
      run = await finishPhase(server, 0, 0);
    } finally {
      await server.stop();
    }
    const again = await startMeasuredServer(dataDir, env);
    try {
      await again.waitUntilReady();
      await sleep(RESTART_SETTLE_MS);
      return { run, restart: again.medianSince(again.elapsedMs() - SETTLED_WINDOW_MS) };
    } finally {
      await again.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same JPEG with a comment segment (COM) naming `index` right after its start marker: the
 * same pixels, distinct bytes, so no upload is refused as a duplicate, at no cost to make.
 */
function distinctCopy(jpeg: Buffer, index: number): Buffer {
  const text = Buffer.from(`bench upload ${index}`, "latin1");
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

interface JobProgress {
  queued: number;
  running: number;
  done: number;
  failed: { fileName: string; reason: string }[];
}

/**
 * 300 photos uploaded to a shoot of an empty studio as the admin's browser sends them (tus,
 * three at a time), processed by the server's background worker, then a minute idle.
 */
export async function measureUploads(
  env: Record<string, string> = {},
  photos = UPLOAD_PHOTOS,
): Promise<RunFigures & { baseline: MemoryFigures; done: number; failed: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-memory-uploads-"));
  try {
    // A signed-in owner and a shoot to upload to, made before the server starts. The server is
    // given the key its cookie is signed with: this process's own environment (its DATA_DIR,
    // where a key is kept when APP_SECRET is unset) is not the server's.
    const appSecret = randomBytes(32).toString("base64url");
    const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
    let shootId: number;
    let sessionCookie: string;
    try {
      await migrate(db);
      const collectionId = await addCollection(db, { slug: "bench", name: "Bench" });
      shootId = await createShoot(db, { title: "Bench wedding", location: "", description: "", collectionId });
      const { id: userId } = await upsertUser(db, "bench@example.com", "a long enough bench password");
      const session = await createSession(db, userId, "bench");
      sessionCookie = await signedWith(appSecret, () => sessionCookieHeader(session.id));
    } finally {
      await db.destroy();
    }
    const source = await deriveSource(fs.readFileSync(path.join(ROOT, "demo/photos/04-forest-stream.jpg")), {
      width: UPLOAD_WIDTH_PX,
      height: UPLOAD_HEIGHT_PX,
    });

    const server = await startMeasuredServer(dataDir, { DEMO_CONTENT: "off", ...env, APP_SECRET: appSecret });
    try {
      await server.waitUntilReady();
      await sleep(SETTLED_WINDOW_MS);
      const baseline = server.medianSince(server.elapsedMs() - SETTLED_WINDOW_MS);
      // The form token the shoot's page carries for this session, as the uploader reads it.
      const page = await (
        await fetch(`${server.url}/admin/shoots/${shootId}`, { headers: { Cookie: sessionCookie } })
      ).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
      if (!csrf) throw new Error("the shoot's page carried no form token");

      const startedMs = server.elapsedMs();
      const startedCpuS = server.cpuSeconds();
      const startedAt = Date.now();
      let refused = 0;
      for (let first = 0; first < photos; first += UPLOAD_ROUND_PHOTOS) {
        const files: BatchFile[] = [];
        for (let i = first; i < Math.min(first + UPLOAD_ROUND_PHOTOS, photos); i++) {
          files.push({
            name: `bench-${String(i + 1).padStart(3, "0")}.jpg`,
            type: "image/jpeg",
            data: distinctCopy(source, i),
          });
        }
        const results = await uploadBatch(files, { origin: server.url, shootId, sessionCookie, csrf });
        refused += results.filter((r) => r.state === "refused").length;
      }
      let progress: JobProgress = { queued: 1, running: 0, done: 0, failed: [] };
      let lastDone = -1;
      let lastChange = Date.now();
      while (progress.queued + progress.running > 0) {
        if (Date.now() - lastChange > STALL_LIMIT_MS) throw new Error(`processing stalled at ${progress.done} photos`);
        await sleep(JOBS_POLL_MS);
        const answer = await fetch(`${server.url}/admin/shoots/${shootId}/jobs?since=${startedAt}`, {
          headers: { Cookie: sessionCookie },
        });
        progress = (await answer.json()) as JobProgress;
        if (progress.done !== lastDone) {
          lastDone = progress.done;
          lastChange = Date.now();
        }
      }
      const figures = await finishPhase(server, startedMs, startedCpuS);
      return { ...figures, baseline, done: progress.done, failed: progress.failed.length + refused };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (value: number) => `${Math.round(value)} MB`;

function figures({ rssMb, heapUsedMb, externalMb }: MemoryFigures): string {
  return `RSS ${mb(rssMb)} (V8 heap ${mb(heapUsedMb)}, external ${mb(externalMb)})`;
}

export async function runMemoryBench(): Promise<void> {
  console.log(
    `Server memory: the production server's RSS, sampled every ${SAMPLE_MS} ms; settled is the median of the last ${SETTLED_WINDOW_MS / 1000} s after ${SETTLE_MS / 1000} s idle`,
  );
  const demo = await measureDemoImport();
  console.log(
    `  demo import: ${(demo.run.workMs / 1000).toFixed(1)} s from start to ready, ${Math.round(demo.run.cpuS)} CPU s in the server`,
  );
  console.log(
    `    peak     RSS ${mb(demo.run.peakRssMb)} (V8 heap ${mb(demo.run.peakHeapUsedMb)}, external ${mb(demo.run.peakExternalMb)})`,
  );
  console.log(`    settled  ${figures(demo.run.settled)}`);
  console.log(`    restart over the same data, idle ${RESTART_SETTLE_MS / 1000} s: ${figures(demo.restart)}`);

  const uploads = await measureUploads();
  const perMinute = (uploads.done / uploads.workMs) * 60_000;
  console.log(
    `  ${UPLOAD_PHOTOS} uploads (${(UPLOAD_WIDTH_PX * UPLOAD_HEIGHT_PX) / 1e6} MP JPEGs over tus, processed in the background): ` +
      `${(uploads.workMs / 1000).toFixed(0)} s, ${Math.round(uploads.cpuS)} CPU s in the server, ${uploads.done} done, ` +
      `${uploads.failed} failed (${perMinute.toFixed(1)} photos per minute)`,
  );
  console.log(`    before   ${figures(uploads.baseline)}`);
  console.log(
    `    peak     RSS ${mb(uploads.peakRssMb)} (V8 heap ${mb(uploads.peakHeapUsedMb)}, external ${mb(uploads.peakExternalMb)})`,
  );
  console.log(`    settled  ${figures(uploads.settled)}\n`);
}
