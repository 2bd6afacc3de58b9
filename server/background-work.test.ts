// The server's background work refuses to start while a kind of job has no handler, in one line
// naming the kind (ADR 038; server/lifecycle.ts logs it as the reason the start failed and
// exits): here the photo kinds' registration as if it had forgotten re-renders.
import fs from "node:fs";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { makeTempDir } from "#fixtures/test-store.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { UnhandledKindError } from "../platform/background.server.ts";
import { closeDb } from "../platform/db/db.server.ts";
import { createBackgroundWork } from "./startup.ts";

vi.mock("../domain/processing/photo-worker.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../domain/processing/photo-worker.server.ts")>();
  return {
    ...actual,
    photoJobHandlers: (...args: Parameters<typeof actual.photoJobHandlers>) => {
      const { "photo-rerender": _forgotten, ...rest } = actual.photoJobHandlers(...args);
      return rest;
    },
  };
});

let dataDir: string;
beforeAll(async () => {
  dataDir = makeTempDir("studio-background-");
  // Mail off: the job worker is the one started.
  setEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined, SMTP_URL: undefined });
  await closeDb();
});
afterAll(async () => {
  await closeDb();
  restoreEnv();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("fails to start, in one line naming the kind, while a kind of job has no handler", async () => {
  const background = createBackgroundWork(dataDir);
  let refusal: unknown;
  try {
    background.start();
  } catch (error) {
    refusal = error;
  } finally {
    await background.stop();
  }
  expect(refusal).toEqual(
    new UnhandledKindError('jobs: no handler for the kind "photo-rerender"; register one before the worker starts'),
  );
  expect(String((refusal as Error).message)).not.toContain("\n");
});
