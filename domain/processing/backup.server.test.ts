// On both media stores: the folder under DATA_DIR and a bucket (tests/helpers/media-store.ts);
// the backup is a folder either way.
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURES_DIR, makeTempDir } from "#fixtures/test-store.ts";
import { isPostgresTarget } from "#platform/db/postgres-dialect.server.ts";
import { MEDIA_STORE_KINDS, type MediaTestStore, mediaTestStores } from "#tests/helpers/media-store.ts";
import { migrate, openDatabase } from "../../platform/db/db.server.ts";
import { SECRET_FILE_NAME } from "../../platform/secret.server.ts";
import { ingestImage } from "../catalog/ingest.server.ts";
import { backupDataDir } from "./backup.server.ts";

const orientedJpeg = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const demoJpeg = fs.readFileSync(path.resolve("demo/photos/08-paint-brushes.jpg"));

const stores = mediaTestStores();

describe.each(MEDIA_STORE_KINDS)("backupDataDir from the %s", (kind) => {
  let store: MediaTestStore;
  let target: string;
  beforeEach(async () => {
    store = await stores.create(kind);
    target = makeTempDir("studio-backup-");
  });
  afterEach(async () => {
    await store.cleanup();
    fs.rmSync(target, { recursive: true, force: true });
  });

  async function liveKeys(): Promise<{ originals: string[]; media: string[] }> {
    const originals = await store.db.selectFrom("assets").select("original_key").execute();
    const media = await store.db.selectFrom("asset_variants").select("key").execute();
    return { originals: originals.map((r) => r.original_key), media: media.map((r) => r.key) };
  }

  // On PostgreSQL's run the store's database is on the server, and the backup's is a SQLite
  // file all the same: every assertion below holds on both.
  const backup = (into = target) =>
    backupDataDir(
      store.dataDir,
      into,
      () => {},
      store.storage,
      isPostgresTarget(store.dbFile) ? store.dbFile : undefined,
    );

  describe("a backup", () => {
    it("copies the open database and every file it refers to into a folder that works as DATA_DIR", async () => {
      await ingestImage(store, orientedJpeg, "rotated.jpg");
      await ingestImage(store, demoJpeg, "brushes.jpg");
      fs.writeFileSync(path.join(store.dataDir, SECRET_FILE_NAME), "s".repeat(43), { mode: 0o600 });
      const keys = await liveKeys();

      const report = await backup();

      expect(report.missing).toEqual([]);
      expect(report.originals).toEqual({ copied: 2, present: 0 });
      expect(report.media).toEqual({ copied: keys.media.length, present: 0 });
      for (const key of keys.originals) {
        expect(fs.readFileSync(path.join(target, "originals", key))).toEqual(await store.storage.originals.get(key));
      }
      for (const key of keys.media) {
        expect(fs.readFileSync(path.join(target, "media", key))).toEqual(await store.storage.public.get(key));
      }
      // One self-contained file: no write-ahead log to carry along.
      expect(fs.readdirSync(target).sort()).toEqual([SECRET_FILE_NAME, "media", "originals", "studio.db"]);
      expect(fs.statSync(path.join(target, SECRET_FILE_NAME)).mode & 0o777).toBe(0o600);

      const restored = openDatabase(path.join(target, "studio.db"));
      try {
        expect(await migrate(restored)).toEqual([]);
        const variants = await restored.selectFrom("asset_variants").select("key").execute();
        expect(variants.map((v) => v.key).sort()).toEqual([...keys.media].sort());
      } finally {
        await restored.destroy();
      }
    });

    it("copies only what is new into an earlier backup, and replaces its database", async () => {
      await ingestImage(store, orientedJpeg, "rotated.jpg");
      const first = await backup();
      const again = await backup();
      expect(again.originals).toEqual({ copied: 0, present: 1 });
      expect(again.media).toEqual({ copied: 0, present: first.media.copied });

      await ingestImage(store, demoJpeg, "brushes.jpg");
      const later = await backup();
      const all = await liveKeys();
      expect(later.originals).toEqual({ copied: 1, present: 1 });
      expect(later.media).toEqual({ copied: all.media.length - first.media.copied, present: first.media.copied });
      const copy = new DatabaseSync(path.join(target, "studio.db"), { readOnly: true });
      expect(copy.prepare("SELECT count(*) AS n FROM assets").get()).toEqual({ n: 2 });
      copy.close();
    });

    it("names a file the database refers to but the disk lost", async () => {
      await ingestImage(store, orientedJpeg, "rotated.jpg");
      const [lost] = (await liveKeys()).media;
      if (!lost) throw new Error("no variants");
      await store.storage.public.delete(lost);
      const report = await backup();
      expect(report.missing).toEqual([lost]);
    });

    it("refuses to back up into DATA_DIR itself or from a folder with no database", async () => {
      await expect(backup(store.dataDir)).rejects.toThrow(/cannot be DATA_DIR/);
      const empty = makeTempDir();
      await expect(backupDataDir(empty, target, () => {}, store.storage, undefined)).rejects.toThrow(
        /No database at .*nothing to back up/,
      );
      expect(fs.existsSync(path.join(empty, "studio.db"))).toBe(false);
      fs.rmSync(empty, { recursive: true, force: true });
    });
  });
});
