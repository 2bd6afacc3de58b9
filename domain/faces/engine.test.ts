// The face model's processes (engine.server.ts): a guest's selfie goes before a gallery's queued
// indexing, a process with nothing to do goes away after a while and one starts again when asked,
// warm() loads the model before it is needed, and stop() leaves nothing running.
import { afterEach, describe, expect, it } from "vitest";
import { samplePhoto } from "#fixtures/faces.ts";
import { type FaceEngine, type FacePriority, startFaceEngine } from "./engine.server.ts";

let engine: FaceEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the face engine", () => {
  it("takes a guest's selfie before the indexing queued ahead of it", async () => {
    engine = startFaceEngine({ processes: 1 });
    const done: string[] = [];
    const ask = (name: string, priority: FacePriority) =>
      (engine as FaceEngine).find(samplePhoto(2), `${name}.jpg`, priority).then(() => done.push(name));
    // The first is taken at once; the guest's joins the queue behind two more of the gallery's.
    await Promise.all([
      ask("index-1", "index"),
      ask("index-2", "index"),
      ask("index-3", "index"),
      ask("guest", "guest"),
    ]);
    expect(done).toEqual(["index-1", "guest", "index-2", "index-3"]);
  });

  it("lets an idle process go, starts one when asked again, and leaves none after stop()", async () => {
    engine = startFaceEngine({ processes: 1, idleMs: 300 });
    expect(engine.pids()).toEqual([]);
    engine.warm();
    const [first] = engine.pids();
    expect(first).toBeDefined();
    await until(() => (engine as FaceEngine).pids().length === 0 && !alive(first as number), "the idle process to go");
    const { faces } = await engine.find(samplePhoto(1), "sample1.jpg", "guest");
    expect(faces.length).toBe(3);
    const [second] = engine.pids();
    expect(second).not.toBe(first);
    await engine.stop();
    expect(alive(second as number)).toBe(false);
    await expect(engine.find(samplePhoto(1), "sample1.jpg", "guest")).rejects.toThrow("stopped");
  });
});
