// Migration 0026 on both engines (it is shared, ADR 032): the outbox takes album mails, each naming
// its version (and going with it), every row kept as it was and ids going on after them; the
// studio's days before an album reminder, 7 unless chosen, 0 to 60; down undoes it, dropping
// the album mails. PostgreSQL is a cluster of this file's own on SQLite's run.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, rows, run, seedSentAlbumVersion } from "#tests/helpers/migration-steps.ts";

const BEFORE = "0025-albums";
const MIGRATION = "0026-album-mails";
const AT = "2026-03-01T10:00:00.000Z";
const REFUSED = /CHECK constraint failed|violates check constraint/;

// Raw SQL: the schema's types describe the tables after the migration, not before it.

/** A studio before 0026: a gallery with an album's version, an inquiry, their mails (one since deleted). */
async function seed(db: QueryExecutorProvider, engine: (typeof ENGINES)[number]) {
  await run(db, `insert into studio_settings (id, name) values (1, 'Nila')`);
  await run(db, `insert into inquiries (id, uid, message, created_at) values (5, 'uid-5', 'A quote?', '${AT}')`);
  await seedSentAlbumVersion(db, AT);
  await run(
    db,
    `insert into mail_outbox (id, inquiry_id, kind, attempts, next_attempt_at, last_error)
     values (20, 5, 'studio', 2, '${AT}', 'the mail server was unreachable: ECONNREFUSED')`,
  );
  await run(
    db,
    `insert into mail_outbox (id, gallery_id, kind, next_attempt_at, delivered_at) values (21, 3, 'gallery-ready', '${AT}', '${AT}')`,
  );
  await run(
    db,
    `insert into mail_outbox (id, gallery_id, kind, next_attempt_at) values (22, 3, 'expiry-reminder', '${AT}')`,
  );
  await run(db, `delete from mail_outbox where id = 22`);
  // Ids given by hand: PostgreSQL's sequence is moved past them as the outbox's own inserts would have.
  if (engine === "postgres") await run(db, `select setval(pg_get_serial_sequence('mail_outbox', 'id'), 22)`);
}

const newMail = (db: QueryExecutorProvider, kind: string, version: number | null, gallery: number | null = 3) =>
  run(
    db,
    `insert into mail_outbox (gallery_id, album_version_id, kind, next_attempt_at) values (${gallery ?? "null"}, ${version ?? "null"}, '${kind}', '${AT}')`,
  );

describe.each(ENGINES)("migration 0026 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db, engine);
  });

  it("keeps every mail as it was and gives the studio 7 days before an album reminder", async () => {
    const mailsBefore = await rows(own.db, `select * from mail_outbox order by id`);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, `select * from mail_outbox order by id`)).toEqual(
      mailsBefore.map((mail) => ({ ...mail, album_version_id: null })),
    );
    expect(await rows(own.db, `select album_reminder_days from studio_settings`)).toEqual([{ album_reminder_days: 7 }]);
  });

  it("takes each album kind naming its version (and only them), numbers new rows after the last, and drops a version's mails with it", async () => {
    for (const kind of ["album-sent", "album-changes", "album-approved", "album-approved-client", "album-reminder"])
      await newMail(own.db, kind, 8);
    // After the highest id there ever was (22, deleted), as before.
    const [first] = await rows(own.db, `select min(id) as id from mail_outbox where album_version_id = 8`);
    expect(Number(first?.id)).toBe(23);
    await expect(newMail(own.db, "album-sent", null)).rejects.toThrow(REFUSED);
    await expect(newMail(own.db, "gallery-ready", 8)).rejects.toThrow(REFUSED);
    await expect(newMail(own.db, "album-sent", 8, null)).rejects.toThrow(REFUSED);
    await expect(newMail(own.db, "album-printed", 8)).rejects.toThrow(REFUSED);
    await expect(
      run(
        own.db,
        `insert into mail_outbox (inquiry_id, album_version_id, kind, next_attempt_at) values (5, 8, 'album-sent', '${AT}')`,
      ),
    ).rejects.toThrow(REFUSED);
    await expect(newMail(own.db, "album-sent", 999)).rejects.toThrow(/FOREIGN KEY|foreign key/);
    // Gallery mails as before.
    await newMail(own.db, "expiry-reminder", null);

    await run(
      own.db,
      `insert into album_versions (id, album_id, number, state, created_at, last_activity_at) values (9, 4, 2, 'draft', '${AT}', '${AT}')`,
    );
    await newMail(own.db, "album-sent", 9);
    await run(own.db, `delete from album_versions where id = 9`);
    const [albumMails] = await rows(own.db, `select count(*) as n from mail_outbox where album_version_id is not null`);
    expect(Number(albumMails?.n)).toBe(5);
  });

  it("keeps the reminder's days between 0 (never) and 60", async () => {
    await run(own.db, `update studio_settings set album_reminder_days = 0`);
    await run(own.db, `update studio_settings set album_reminder_days = 60`);
    await expect(run(own.db, `update studio_settings set album_reminder_days = 61`)).rejects.toThrow(REFUSED);
    await expect(run(own.db, `update studio_settings set album_reminder_days = -1`)).rejects.toThrow(REFUSED);
  });

  it("is undone by down: the album mails and the setting gone, every other mail kept; then done again", async () => {
    const others = await rows(
      own.db,
      `select id, inquiry_id, gallery_id, list_id, kind, attempts, next_attempt_at, claimed_until, last_error, delivered_at
       from mail_outbox where album_version_id is null order by id`,
    );
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    expect(await rows(own.db, `select * from mail_outbox order by id`)).toEqual(others);
    expect(Object.keys((await rows(own.db, `select * from studio_settings`))[0] ?? {})).not.toContain(
      "album_reminder_days",
    );
    await expect(newMail(own.db, "album-sent", null)).rejects.toThrow(/album_version_id/);
    await expect(
      run(own.db, `insert into mail_outbox (gallery_id, kind, next_attempt_at) values (3, 'album-sent', '${AT}')`),
    ).rejects.toThrow(REFUSED);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    await newMail(own.db, "album-sent", 8);
  });
});
