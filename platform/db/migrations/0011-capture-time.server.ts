// When each photo was taken, and how each shoot orders its photos (ADR 023).
//
// assets.captured_at is the camera's DateTimeOriginal as its clock showed it, a wall-clock time
// "2024-05-04T16:20:11", with the camera's offset appended when it wrote one
// ("2024-05-04T16:20:11+05:30"). It is not an instant, so it does not take 0007's stored-time
// form: its check accepts exactly these two forms (19 or 25 characters) and only real dates and
// times (through a Julian day number SQLite moves "02-30" to "03-01" and "24:00" to the next
// day, so a time that does not exist is not its own canonical form). Null: the file had no
// usable date, or it was uploaded before this migration and repair-media has not read its
// original yet.
//
// shoots.photo_order says how the shoot's photos are shown: 'manual' (by position, as before, so
// every existing shoot keeps its order), 'captured' or 'name'. The read model sorts by it.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("assets")
    .addColumn("captured_at", "text", (c) =>
      c.check(sql`"captured_at" is null or (
        strftime('%Y-%m-%dT%H:%M:%S', julianday(substr("captured_at", 1, 19))) is substr("captured_at", 1, 19)
        and (length("captured_at") = 19
          or (length("captured_at") = 25 and substr("captured_at", 20) glob '[+-][0-9][0-9]:[0-9][0-9]')))`),
    )
    .execute();
  await db.schema
    .alterTable("shoots")
    .addColumn("photo_order", "text", (c) =>
      c.notNull().defaultTo("manual").check(sql`photo_order in ('manual', 'captured', 'name')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("shoots").dropColumn("photo_order").execute();
  await db.schema.alterTable("assets").dropColumn("captured_at").execute();
}
