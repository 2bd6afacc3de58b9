// Migration 0021 on both engines (it is shared, ADR 032): photo_jobs becomes jobs, an old
// "rerender:" row becoming a photo-rerender job without an upload or a batch; inquiry_mails
// becomes mail_outbox, every row as it was; ids carry on past the copied ones; down undoes it.
// PostgreSQL is a cluster of this file's own on SQLite's run, as the parity test's is.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, rows, run } from "#tests/helpers/migration-steps.ts";

const BEFORE = "0020-rate-limit-hits";
const MIGRATION = "0021-jobs-and-mail-outbox";
const AT = "2026-03-01T10:00:00.000Z";
const SHA = (n: number) => String(n).repeat(64);

// Raw SQL: the schema's types describe the tables after the migration, not before it.

/** A studio before 0021: two photos, an upload job, a re-render of each photo (one photo since deleted), two mails. */
async function seed(db: QueryExecutorProvider) {
  await run(db, `insert into collections (id, slug, name, position) values (1, 'c', 'C', 0)`);
  await run(db, `insert into shoots (id, collection_id, title) values (7, 1, 'Seven')`);
  for (const n of [1, 2]) {
    await run(
      db,
      `insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
       values (${n}, '${SHA(n)}', 'k${n}', '${n}.jpg', 1, 'image/jpeg', 3, 2, '')`,
    );
    await run(db, `insert into photos (id, shoot_id, asset_id, position) values (${n}, 7, ${n}, ${n * 1024})`);
  }
  const job = (id: number, upload: string, batch: string, index: number, photo: number | null, file: string) =>
    run(
      db,
      `insert into photo_jobs (id, upload_id, shoot_id, batch_id, batch_index, file_name, sha256, position, state,
         photo_id, created_at, updated_at, attempts, mime, width, height, claim_token, lease_until)
       values (${id}, '${upload}', 7, '${batch}', ${index}, '${file}', '${SHA(id)}', ${id * 1024}, 'running',
         ${photo ?? "null"}, '${AT}', '${AT}', 1, 'image/jpeg', 3, 2, 'token-${id}', '${AT}')`,
    );
  await job(10, "a1b2c3d4e5", "batch-aaaaaaaa", 3, null, "upload.jpg");
  await job(11, "rerender:1", "rerender", 0, 1, "1.jpg");
  await job(12, "rerender:2", "rerender", 0, 2, "2.jpg");
  await run(db, `delete from photos where id = 2`);
  await run(db, `insert into inquiries (id, uid, message, created_at) values (5, 'uid-5', 'A quote?', '${AT}')`);
  await run(db, `insert into client_galleries (id, title, token) values (3, 'Priya', 't')`);
  await run(
    db,
    `insert into inquiry_mails (id, inquiry_id, kind, attempts, next_attempt_at, last_error)
     values (20, 5, 'studio', 2, '${AT}', 'the mail server was unreachable: ECONNREFUSED')`,
  );
  await run(
    db,
    `insert into inquiry_mails (id, gallery_id, kind, next_attempt_at, delivered_at) values (21, 3, 'gallery-ready', '${AT}', '${AT}')`,
  );
}

describe.each(ENGINES)("migration 0021 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db);
  });

  it("makes every old row a job of its kind: a 'rerender:' row is a photo-rerender with no upload or batch", async () => {
    const mailsBefore = await rows(own.db, `select * from inquiry_mails order by id`);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);

    const jobs = await rows(
      own.db,
      `select id, kind, upload_id, batch_id, batch_index, photo_id, state, attempts, claim_token, lease_until, file_name
       from jobs order by id`,
    );
    const kept = { state: "running", attempts: 1, lease_until: AT };
    expect(jobs).toEqual([
      {
        id: 10,
        kind: "photo-upload",
        upload_id: "a1b2c3d4e5",
        batch_id: "batch-aaaaaaaa",
        batch_index: 3,
        photo_id: null,
        claim_token: "token-10",
        file_name: "upload.jpg",
        ...kept,
      },
      {
        id: 11,
        kind: "photo-rerender",
        upload_id: null,
        batch_id: null,
        batch_index: null,
        photo_id: 1,
        claim_token: "token-11",
        file_name: "1.jpg",
        ...kept,
      },
      // Its photo was deleted before the migration (the reference was set null): still a re-render.
      {
        id: 12,
        kind: "photo-rerender",
        upload_id: null,
        batch_id: null,
        batch_index: null,
        photo_id: null,
        claim_token: "token-12",
        file_name: "2.jpg",
        ...kept,
      },
    ]);
    expect(await rows(own.db, `select * from mail_outbox order by id`)).toEqual(mailsBefore);
    const tables = (await own.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["jobs", "mail_outbox"]));
    expect(tables).not.toContain("photo_jobs");
    expect(tables).not.toContain("inquiry_mails");
  });

  it("numbers new rows after the copied ones, keeps one re-render per photo, and ties an upload's columns to its kind", async () => {
    const newJob = (values: string) =>
      run(
        own.db,
        `insert into jobs (kind, upload_id, shoot_id, batch_id, batch_index, file_name, sha256, position, photo_id, created_at, updated_at)
         values (${values}, 'n.jpg', '${SHA(9)}', 0, null, '${AT}', '${AT}')`,
      );
    await newJob(`'photo-upload', 'f6e5d4c3b2', 7, 'batch-bbbbbbbb', 0`);
    const [latest] = await rows(own.db, `select max(id) as id from jobs`);
    expect(Number(latest?.id)).toBe(13);
    const refused = /CHECK constraint failed|violates check constraint/;
    await expect(newJob(`'photo-upload', null, 7, 'batch-bbbbbbbb', 1`)).rejects.toThrow(refused);
    await expect(newJob(`'photo-upload', 'u-9', 7, null, 1`)).rejects.toThrow(refused);
    await expect(newJob(`'photo-rerender', 'u-9', 7, null, null`)).rejects.toThrow(refused);
    await expect(newJob(`'thumbnail', 'u-9', 7, 'batch-bbbbbbbb', 1`)).rejects.toThrow(refused);
    await expect(
      run(
        own.db,
        `insert into jobs (kind, shoot_id, file_name, sha256, position, photo_id, created_at, updated_at)
         values ('photo-rerender', 7, '1.jpg', '${SHA(1)}', 0, 1, '${AT}', '${AT}')`,
      ),
    ).rejects.toThrow(/UNIQUE constraint failed|duplicate key/);

    await run(own.db, `insert into mail_outbox (inquiry_id, kind, next_attempt_at) values (5, 'ack', '${AT}')`);
    const [mail] = await rows(own.db, `select max(id) as id from mail_outbox`);
    expect(Number(mail?.id)).toBe(22);
    await run(own.db, `delete from jobs where id = 13`);
    await run(own.db, `delete from mail_outbox where id = 22`);
  });

  it("is undone by down: re-renders named 'rerender:' again, the mails back in inquiry_mails", async () => {
    const mailsAfter = await rows(own.db, `select * from mail_outbox order by id`);
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    expect(
      await rows(own.db, `select id, upload_id, batch_id, batch_index, photo_id from photo_jobs order by id`),
    ).toEqual([
      { id: 10, upload_id: "a1b2c3d4e5", batch_id: "batch-aaaaaaaa", batch_index: 3, photo_id: null },
      { id: 11, upload_id: "rerender:1", batch_id: "rerender", batch_index: 0, photo_id: 1 },
      { id: 12, upload_id: "rerender:job-12", batch_id: "rerender", batch_index: 0, photo_id: null },
    ]);
    expect(await rows(own.db, `select * from inquiry_mails order by id`)).toEqual(mailsAfter);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
  });
});
