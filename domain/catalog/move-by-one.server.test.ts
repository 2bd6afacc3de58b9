import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCollection } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { moveByOne, movedByOne, movedTo } from "./move-by-one.server.ts";

describe("moving one place", () => {
  it("swaps with the neighbour, and refuses past either end or for an unknown id", () => {
    expect(movedByOne([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(movedByOne([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(movedByOne([1, 2, 3], 1, -1)).toBeNull();
    expect(movedByOne([1, 2, 3], 3, 1)).toBeNull();
    expect(movedByOne([1, 2, 3], 9, 1)).toBeNull();
    const order = [1, 2];
    movedByOne(order, 1, 1);
    expect(order).toEqual([1, 2]);
  });

  it("puts an item at any place, clamped to the list, and refuses an unknown id", () => {
    expect(movedTo([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
    expect(movedTo([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
    expect(movedTo([1, 2, 3], 1, 9)).toEqual([2, 3, 1]);
    expect(movedTo([1, 2, 3], 3, -4)).toEqual([3, 1, 2]);
    expect(movedTo([1, 2, 3], 9, 0)).toBeNull();
    expect(movedTo([1, 2, 3], 2, 0.5)).toBeNull();
  });

  describe("in the database", () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await createTestStore();
      for (const [i, slug] of ["a", "b", "c"].entries()) {
        await seedCollection(store.db, { slug, position: i });
      }
    });
    afterAll(() => store.cleanup());

    const list = {
      read: async (trx: TestStore["db"]) =>
        (await trx.selectFrom("collections").select("id").orderBy("position").orderBy("id").execute()).map((r) => r.id),
      async write(trx: TestStore["db"], ids: number[]) {
        for (const [position, id] of ids.entries())
          await trx.updateTable("collections").set({ position }).where("id", "=", id).execute();
      },
    };

    it("reads and writes the order in one transaction", async () => {
      const [a, b, c] = await list.read(store.db);
      // Two moves at once: each sees the other's result, so neither step is lost.
      await Promise.all([moveByOne(store.db, list, c as number, -1), moveByOne(store.db, list, c as number, -1)]);
      expect(await list.read(store.db)).toEqual([c, a, b]);
      expect(await moveByOne(store.db, list, c as number, -1)).toBe(false);
    });
  });
});
