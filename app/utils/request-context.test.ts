// The reads one request's loaders share: the studio row (the root's header and footer, the home
// page's showreel, a gallery's time zone) and the admin's unread inquiries, each made once per
// request however many loaders ask, even at once, and made afresh by the next request.
import type { LogEvent } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getShowreel, getStudio } from "#domain/catalog/public-pages.server.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { type Database, openDatabase } from "#platform/db/db.server.ts";
import { studioRowOf, unseenInquiriesOf } from "./request-context.ts";

describe("one request's shared reads", () => {
  let store: TestStore;
  let logged: Database;
  const reads: string[] = [];
  beforeAll(async () => {
    store = await createTestStore();
    await store.db
      .insertInto("studio_settings")
      .values({ id: 1, name: "Nila Studio", showreel_video_id: "abcdef123" })
      .execute();
    logged = openDatabase(store.dbFile, {
      log: (event: LogEvent) => {
        reads.push(event.query.sql);
      },
    });
  });
  afterAll(async () => {
    await logged.destroy();
    await store.cleanup();
  });
  const readsOf = (table: string) => reads.filter((sql) => sql.includes(`from "${table}"`)).length;

  it("reads the studio row once for all of one request's loaders", async () => {
    const context = new RouterContextProvider();
    // As the root (header and footer) and the home page (showreel) do for /.
    const [studio, showreel] = await Promise.all([
      studioRowOf(context, logged).then((row) => getStudio(logged, row)),
      studioRowOf(context, logged).then((row) => getShowreel(logged, row)),
    ]);
    expect(studio?.name).toBe("Nila Studio");
    expect(showreel?.videoId).toBe("abcdef123");
    expect(readsOf("studio_settings")).toBe(1);
    await studioRowOf(new RouterContextProvider(), logged);
    expect(readsOf("studio_settings")).toBe(2);
  });

  it("counts the unread inquiries once per request: the menu and the inbox agree", async () => {
    const context = new RouterContextProvider();
    expect(await Promise.all([unseenInquiriesOf(context, logged), unseenInquiriesOf(context, logged)])).toEqual([0, 0]);
    expect(readsOf("inquiries")).toBe(1);
    await unseenInquiriesOf(new RouterContextProvider(), logged);
    expect(readsOf("inquiries")).toBe(2);
  });
});
