// For /, React Router runs the root's loader (header, footer) and the home page's (showreel) at
// once: between them they read the studio row once. So do the root's and the about page's.
import type { LogEvent } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import type { Database } from "#platform/db/db.server.ts";

const state: { db?: Database } = {};
vi.mock("#platform/db/db.server.ts", async (original) => ({
  ...(await original<typeof import("#platform/db/db.server.ts")>()),
  getDb: () => state.db,
}));

const { loader: rootLoader } = await import("../root.tsx");
const { loader: homeLoader } = await import("./home.tsx");
const { loader: aboutLoader } = await import("./about.tsx");

describe("the studio row", () => {
  let store: TestStore;
  const reads: string[] = [];
  beforeAll(async () => {
    store = await createTestStore();
    await store.db
      .insertInto("studio_settings")
      .values({ id: 1, name: "Nila Studio", about_text: "We photograph people.", showreel_video_id: "abcdef123" })
      .execute();
    const { openDatabase } =
      await vi.importActual<typeof import("#platform/db/db.server.ts")>("#platform/db/db.server.ts");
    state.db = openDatabase(store.dbFile, {
      log: (event: LogEvent) => {
        if (event.query.sql.includes('from "studio_settings"')) reads.push(event.query.sql);
      },
    });
  });
  beforeEach(() => {
    reads.length = 0;
  });
  afterAll(async () => {
    await state.db?.destroy();
    await store.cleanup();
  });

  /** The arguments React Router gives every loader of one request. */
  function request(path: string) {
    return {
      request: new Request(`http://studio.test${path}`),
      params: {},
      context: new RouterContextProvider(),
      unstable_pattern: path,
    } as unknown as Parameters<typeof rootLoader>[0] & Parameters<typeof homeLoader>[0];
  }

  it("is read once for /, by the root and the home page together", async () => {
    const args = request("/");
    const [root, home] = await Promise.all([rootLoader(args), homeLoader(args)]);
    expect(root.studio?.name).toBe("Nila Studio");
    expect(home.showreel?.videoId).toBe("abcdef123");
    expect(reads).toHaveLength(1);
  });

  it("is read once for /about", async () => {
    const args = request("/about");
    const [root, about] = await Promise.all([rootLoader(args), aboutLoader(args)]);
    expect(root.studio?.name).toBe("Nila Studio");
    expect(about.about?.text).toBe("We photograph people.");
    expect(reads).toHaveLength(1);
  });
});
