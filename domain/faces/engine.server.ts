// The face model, as the rest of the server sees it (ADR 044): find(bytes) answers the faces in
// an image. The model runs in processes of its own (model-process.ts), started when first asked,
// at a lower CPU priority than the server, one image at a time each, and stopped after a while
// with nothing to do (each holds a few hundred MB). A guest waiting for their photos goes before
// the indexing of a gallery: their selfie is the next image any process takes.
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { logger } from "../../platform/logger.server.ts";
import { MINUTE_MS } from "../../platform/time.ts";
import { ImageRejectedError } from "../media/pipeline.server.ts";
import type { FaceReady, FaceRequest, FaceResponse, FoundFace } from "./model-protocol.ts";

/** What the model found in one image, and what a refusal of a selfie needs to say why. */
export interface FaceScan {
  faces: FoundFace[];
  width: number;
  height: number;
  meanLuma: number;
}

export type FacePriority = "guest" | "index";

export interface FaceEngine {
  /** The faces in an encoded image; an image that cannot be decoded is an ImageRejectedError. */
  find(bytes: Uint8Array, fileName: string, priority: FacePriority): Promise<FaceScan>;
  /**
   * Starts a model process if none runs, so the next find() need not wait for the model to load
   * (a second or two): a guest opening the event page will send a selfie in a minute.
   */
  warm(): void;
  /** The running model processes' ids (the bench reads their memory; tests, their number). */
  pids(): number[];
  /** Stops every model process (a request in flight is refused). */
  stop(): Promise<void>;
}

export interface FaceEngineOptions {
  /** How many model processes at most: each uses one core. */
  processes: number;
  /** A process with nothing to do for this long exits, giving back its memory. */
  idleMs?: number;
}

/** A model process idle this long exits: a gallery's indexing or a reception's guests keep it busy. */
export const FACE_ENGINE_IDLE_MS = 10 * MINUTE_MS;
/**
 * The model processes' CPU priority (nice): the server's pages, uploads and photo processing
 * come first, and the model takes what they leave. 10 of a possible 19: low, yet a guest's
 * selfie is not starved by a busy server's other background work.
 */
const MODEL_NICENESS = 10;

/** The model process's script, from the repository's root. */
const MODEL_SCRIPT = "domain/faces/model-process.ts";

/**
 * The model process runs from source, as the server's own entry does (server/main.ts): Node runs
 * TypeScript. This module is beside it when it runs from source (tests, scripts), and inside
 * the server's bundle (build/server/) otherwise: the script is found by walking up to the root.
 */
function modelScript(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++) {
    const candidate = path.join(dir, MODEL_SCRIPT);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`the face model's script (${MODEL_SCRIPT}) was not found above ${fileURLToPath(import.meta.url)}`);
}

interface Pending {
  request: Omit<FaceRequest, "id">;
  resolve(scan: FaceScan): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  busy: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

class FaceEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FaceEngineError";
  }
}

export function startFaceEngine({ processes, idleMs = FACE_ENGINE_IDLE_MS }: FaceEngineOptions): FaceEngine {
  const queues: Record<FacePriority, Pending[]> = { guest: [], index: [] };
  const workers = new Set<Worker>();
  let nextId = 1;
  let stopped = false;

  function spawn(): Worker {
    const child = fork(modelScript(), [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, MODEL_NICENESS);
      } catch (error) {
        logger.warn({ err: error }, "could not lower the face model's priority");
      }
    }
    logger.info({ modelPid: child.pid }, "started a face model process");
    const worker: Worker = { child, ready: Promise.resolve(), busy: null, idleTimer: null };
    worker.ready = new Promise((resolve, reject) => {
      child.once("message", (message: FaceReady) =>
        message.ready ? resolve() : reject(new FaceEngineError(`the face model did not load: ${message.error}`)),
      );
    });
    worker.ready.catch(() => {});
    child.on("message", (message: FaceResponse | FaceReady) => {
      if ("ready" in message) return;
      const pending = worker.busy;
      worker.busy = null;
      if (pending) settle(pending, message);
      next();
    });
    child.on("exit", (code, signal) => {
      workers.delete(worker);
      if (worker.idleTimer) clearTimeout(worker.idleTimer);
      const pending = worker.busy;
      worker.busy = null;
      if (pending) pending.reject(new FaceEngineError(`the face model's process stopped (${signal ?? code})`));
      if (!stopped) next();
    });
    workers.add(worker);
    return worker;
  }

  function settle(pending: Pending, response: FaceResponse) {
    if (response.ok) {
      const { faces, width, height, meanLuma } = response;
      pending.resolve({ faces, width, height, meanLuma });
      return;
    }
    const { error } = response;
    pending.reject(
      error.name === "ImageRejectedError" && error.fileName !== undefined && error.reason !== undefined
        ? new ImageRejectedError(error.fileName, error.reason)
        : new FaceEngineError(error.message),
    );
  }

  function take(): Pending | undefined {
    return queues.guest.shift() ?? queues.index.shift();
  }

  function next() {
    if (stopped) return;
    for (const worker of workers) {
      if (worker.busy) continue;
      const pending = take();
      if (!pending) {
        idle(worker);
        continue;
      }
      run(worker, pending);
    }
    // More waiting than running: another process, up to the limit.
    while (workers.size < processes && queues.guest.length + queues.index.length > 0) {
      const pending = take();
      if (pending) run(spawn(), pending);
    }
  }

  function idle(worker: Worker) {
    if (worker.idleTimer) return;
    worker.idleTimer = setTimeout(() => worker.child.kill(), idleMs);
    worker.idleTimer.unref();
  }

  function run(worker: Worker, pending: Pending) {
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.idleTimer = null;
    worker.busy = pending;
    const id = nextId++;
    worker.ready.then(
      () => worker.child.send({ id, ...pending.request } satisfies FaceRequest),
      (error: Error) => {
        worker.busy = null;
        pending.reject(error);
        worker.child.kill();
      },
    );
  }

  return {
    find(bytes, fileName, priority) {
      if (stopped) return Promise.reject(new FaceEngineError("the face engine has stopped"));
      return new Promise<FaceScan>((resolve, reject) => {
        queues[priority].push({ request: { bytes, fileName }, resolve, reject });
        next();
      });
    },
    warm() {
      if (stopped || workers.size > 0) return;
      idle(spawn());
    },
    pids() {
      return [...workers].flatMap((worker) => (worker.child.pid === undefined ? [] : [worker.child.pid]));
    },
    async stop() {
      stopped = true;
      for (const pending of [...queues.guest, ...queues.index])
        pending.reject(new FaceEngineError("the face engine has stopped"));
      queues.guest.length = 0;
      queues.index.length = 0;
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
              worker.child.once("exit", () => resolve());
              worker.child.kill();
            }),
        ),
      );
    },
  };
}

const SHARED = Symbol.for("studio.faces.engine");

/**
 * The server's one face engine (the job worker's indexing and the guests' selfies share its
 * processes and its queue, where a selfie goes first). On globalThis under a registered symbol:
 * in development Vite may load this module twice, and two engines would each start processes.
 */
export function sharedFaceEngine(processes: number): FaceEngine {
  const global = globalThis as { [SHARED]?: FaceEngine };
  global[SHARED] ??= startFaceEngine({ processes });
  return global[SHARED];
}

/** Stops the shared engine, if one was started (the server's shutdown). */
export async function stopSharedFaceEngine(): Promise<void> {
  const global = globalThis as { [SHARED]?: FaceEngine };
  const engine = global[SHARED];
  global[SHARED] = undefined;
  await engine?.stop();
}
