// Indexing a gallery's faces survives the server being killed (kill -9) half way (issue 31): the
// model's process goes with it, the server started again takes up the searches where they were,
// and no photo ends up with its faces twice. SQLite only: the production server's start-up puts
// a killed process's running jobs back in the queue at once there; on PostgreSQL another instance
// takes them once their lease runs out (the queue's own tests cover that).
import { afterEach, describe, expect, it } from "vitest";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { SAMPLE_FACES, samplePhoto } from "#fixtures/faces.ts";
import { addPhotoToSet } from "#fixtures/gallery-fixture.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { openDatabase } from "#platform/db/db.server.ts";
import { chooseGuestSets, setGuestSearch } from "./guest-search.server.ts";

let store: TestStore | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop("SIGKILL");
  await store?.cleanup();
  store = undefined;
});

/** Whether a process with this id is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("indexing a gallery's faces", () => {
  it("resumes after kill -9, with no photo's faces saved twice", async () => {
    store = await createTestStore();
    const { db, dataDir, dbFile } = store;
    const galleryId = await createGallery(db, { title: "Anitha & Karthik" });
    const setId = await addGallerySet(db, galleryId, "Reception");
    const photos = new Map<number, number>();
    for (const n of [1, 2, 3, 4]) photos.set(await addPhotoToSet(store, setId, samplePhoto(n), `s${n}.jpg`), n);
    await setGuestSearch(db, galleryId, true);
    await chooseGuestSets(db, galleryId, [setId]);
    await db.destroy();

    const env = { DEMO_CONTENT: "off", FACE_PROCESSES: "1" };
    const first = await startServer(dataDir, env);
    servers.push(first);
    const watch = openDatabase(dbFile);
    const scans = async () =>
      Number(
        (
          await watch
            .selectFrom("face_scans")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      await until(async () => (await scans()) >= 1, "a photo searched");
      const pids = [...first.output().matchAll(/"modelPid":(\d+)[^\n]*started a face model process/g)].map((m) =>
        Number(m[1]),
      );
      expect(pids.length).toBe(1);
      first.child.kill("SIGKILL");
      await first.exited;
      expect(await scans()).toBeLessThan(photos.size);
      // Its model process notices and ends too.
      await until(() => pids.every((pid) => !alive(pid)), "the model process to end", 10_000);

      const second = await startServer(dataDir, env);
      servers.push(second);
      await until(async () => (await scans()) === photos.size, "every photo searched");
      const rows = await watch.selectFrom("face_scans").select(["photo_id", "faces"]).execute();
      const faces = await watch
        .selectFrom("photo_faces")
        .select(["photo_id", (eb) => eb.fn.countAll().as("n")])
        .groupBy("photo_id")
        .execute();
      const saved = new Map(faces.map((f) => [f.photo_id, Number(f.n)]));
      for (const row of rows) {
        expect(saved.get(row.photo_id) ?? 0).toBe(row.faces);
        expect(row.faces).toBe(SAMPLE_FACES[photos.get(row.photo_id) ?? 0]);
      }
      const jobs = await watch.selectFrom("jobs").select(["state"]).where("kind", "=", "face-index").execute();
      expect(jobs.map((j) => j.state)).toEqual(Array(photos.size).fill("done"));
    } finally {
      await watch.destroy();
    }
  });
});
