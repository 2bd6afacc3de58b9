// A guest's selfie read by the real model (guests.server.ts readSelfie): refused in words for each
// reason a guest can act on, accepted when it is one clear face. No database: SQLite's run only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { darkPhoto, noFacePhoto, samplePhoto, selfieOf } from "#fixtures/faces.ts";
import { type FaceEngine, startFaceEngine } from "./engine.server.ts";
import { readSelfie } from "./guests.server.ts";

let engine: FaceEngine;
beforeAll(() => {
  engine = startFaceEngine({ processes: 1 });
});
afterAll(async () => {
  await engine.stop();
});

/** A selfie of sample `n`'s largest face. */
async function selfieFrom(n: number): Promise<Buffer> {
  const { faces } = await engine.find(samplePhoto(n), `sample${n}.jpg`, "guest");
  const [face] = [...faces].sort((a, b) => b.w * b.h - a.w * a.h);
  if (!face) throw new Error(`no face in sample ${n}`);
  return selfieOf(n, face);
}

describe("a guest's selfie", () => {
  it("refuses a selfie it cannot use, saying why", async () => {
    const refusal = async (bytes: Uint8Array) => {
      const result = await readSelfie(engine, bytes, "selfie.jpg");
      return result.ok ? "ok" : result.reason;
    };
    expect(await refusal(await noFacePhoto())).toBe("no-face");
    expect(await refusal(await darkPhoto())).toBe("too-dark");
    expect(await refusal(samplePhoto(5))).toBe("several-faces");
    expect(await refusal(new TextEncoder().encode("not a photo at all"))).toBe("not-image");
    expect(await refusal(new Uint8Array(16 * 1024 * 1024))).toBe("too-large");
    expect(await refusal(await selfieFrom(3))).toBe("ok");
  });
});
