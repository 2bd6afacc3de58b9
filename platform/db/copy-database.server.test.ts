// `npm run migrate-to-postgres`'s copy: a studio on SQLite (the demo, a client gallery with its
// cover, an inquiry) copied into an empty PostgreSQL database, every table counted, the ids
// carried over and the sequences past them, and a target that already holds a studio refused.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { setGalleryCover } from "#domain/galleries/cover.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { type OwnPostgresDatabase, ownPostgresDatabase } from "#fixtures/postgres.ts";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { COPY_ORDER, copyDatabase } from "#platform/db/copy-database.server.ts";
import { DATABASE_FILE_NAME, type Database, migrate, openDatabase } from "#platform/db/db.server.ts";

/** Small enough to import in seconds; the copy does not look at pixels. */
const DEMO_PHOTO_WIDTH_PX = 64;

describe("copying a studio from SQLite to PostgreSQL", () => {
  let dataDir: string;
  let photosDir: string;
  let sqlite: Database;
  let own: OwnPostgresDatabase;
  let postgres: Database;
  let galleryId: number;
  let coverPhotoId: number;

  beforeAll(async () => {
    dataDir = makeTempDir();
    photosDir = await smallDemoPhotos(DEMO_PHOTO_WIDTH_PX);
    sqlite = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
    await migrate(sqlite);
    await importDemoIfEmpty({ db: sqlite, storage: diskMediaStorage(dataDir) }, () => {}, photosDir);
    // A client gallery whose cover is one of its photos: the one reference that points forward.
    galleryId = await createGallery(sqlite, { title: "Priya & Karthik, the wedding", selectionLimit: 50 });
    const setId = await addGallerySet(sqlite, galleryId, "Ceremony");
    const assets = await sqlite.selectFrom("assets").select("id").orderBy("id").limit(3).execute();
    await appendPhotos(
      sqlite,
      setId,
      assets.map((a) => a.id),
    );
    const photo = await sqlite
      .selectFrom("photos")
      .select("id")
      .where("shoot_id", "=", setId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    coverPhotoId = photo.id;
    await setGalleryCover(sqlite, galleryId, coverPhotoId);
    own = await ownPostgresDatabase();
    postgres = openDatabase(own.url);
  });

  afterAll(async () => {
    await sqlite?.destroy();
    await postgres?.destroy();
    await own?.dispose();
    for (const dir of [dataDir, photosDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names every table of the schema in its order", async () => {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
      sqlite,
    );
    expect([...COPY_ORDER].sort()).toEqual(rows.map((r) => r.name).sort());
  });

  it("copies every row, keeps the ids and the gallery's cover, and counts each table", async () => {
    const lines: string[] = [];
    const report = await copyDatabase(sqlite, postgres, (line) => lines.push(line));
    expect(report.tables.map((t) => t.name)).toEqual([...COPY_ORDER]);
    expect(lines).toHaveLength(COPY_ORDER.length);
    const rowsOf = (name: string) => report.tables.find((t) => t.name === name)?.rows;
    expect(rowsOf("assets")).toBeGreaterThan(30);
    expect(rowsOf("asset_variants")).toBeGreaterThan(100);
    expect(rowsOf("shoots")).toBe(
      Number(
        (
          await sqlite
            .selectFrom("shoots")
            .select(({ fn }) => fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    // The spec's shoot ids, the gallery and its cover, as they were.
    const shootIds = await postgres
      .selectFrom("shoots")
      .select("id")
      .where("gallery_id", "is", null)
      .orderBy("id")
      .execute();
    expect(shootIds.map((s) => s.id)).toEqual(expect.arrayContaining([1, 2, 3, 21, 41, 61, 101]));
    const gallery = await postgres
      .selectFrom("client_galleries")
      .select(["title", "cover_photo_id"])
      .where("id", "=", galleryId)
      .executeTakeFirstOrThrow();
    expect(gallery).toEqual({ title: "Priya & Karthik, the wedding", cover_photo_id: coverPhotoId });
    // A new row takes the next id after the copied ones, not one of theirs.
    const maxAsset = Number(
      (
        await postgres
          .selectFrom("assets")
          .select(({ fn }) => fn.max("id").as("m"))
          .executeTakeFirstOrThrow()
      ).m,
    );
    const { id } = await postgres
      .insertInto("collections")
      .values({ slug: "new-after-copy", name: "New", position: 99 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const maxCollection = await sqlite
      .selectFrom("collections")
      .select(({ fn }) => fn.max("id").as("m"))
      .executeTakeFirstOrThrow();
    expect(id).toBe(Number(maxCollection.m) + 1);
    expect(maxAsset).toBeGreaterThan(0);
  });

  it("refuses a target that already holds a studio, and leaves it as it was", async () => {
    const before = await postgres.selectFrom("collections").select("slug").orderBy("slug").execute();
    await expect(copyDatabase(sqlite, postgres)).rejects.toThrow(/not empty: .* has \d+ rows/);
    expect(await postgres.selectFrom("collections").select("slug").orderBy("slug").execute()).toEqual(before);
  });
});
