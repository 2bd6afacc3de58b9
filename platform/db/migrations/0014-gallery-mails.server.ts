// One outbox for every mail the studio sends: inquiry_mails (the outbox, ADR 025 and issue 15)
// also carries client-gallery mails: "gallery ready" to the client, "selection submitted" to the
// studio, and the reminder before a gallery's link expires. Such a row names its gallery (and,
// for a submitted selection, its list) instead of an inquiry, so inquiry_id becomes nullable, a
// check says a row belongs to exactly one of the two, and the kinds grow. SQLite cannot relax a
// NOT NULL or a check in place, so the table is rebuilt (create, copy, drop, rename, index);
// nothing references it, so foreign keys can stay on.
import { type Kysely, sql } from "kysely";

const FORMAT = "%Y-%m-%dT%H:%M:%fZ";
const stored = (column: string) => `check ("${column}" is strftime('${FORMAT}', "${column}"))`;
const COLUMNS = `"id", "inquiry_id", "kind", "attempts", "next_attempt_at", "claimed_until", "last_error", "delivered_at"`;

function table(name: string, kinds: string, galleryColumns: boolean): string {
  return `create table "${name}" (
    "id" integer primary key autoincrement,
    "inquiry_id" integer ${galleryColumns ? "" : "not null "}references "inquiries" ("id") on delete cascade,
    ${
      galleryColumns
        ? `"gallery_id" integer references "client_galleries" ("id") on delete cascade,
    "list_id" integer references "selection_lists" ("id") on delete cascade,`
        : ""
    }
    "kind" text not null check (kind in (${kinds})),
    "attempts" integer default 0 not null,
    "next_attempt_at" text not null ${stored("next_attempt_at")},
    "claimed_until" text ${stored("claimed_until")},
    "last_error" text,
    "delivered_at" text ${stored("delivered_at")},
    constraint "inquiry_mails_one_per_kind" unique ("inquiry_id", "kind")${
      galleryColumns
        ? `,
    check (("inquiry_id" is null) <> ("gallery_id" is null)),
    check ("inquiry_id" is null or "kind" in ('studio', 'ack')),
    check ("gallery_id" is null or "kind" in ('gallery-ready', 'selection-submitted', 'expiry-reminder')),
    check ("list_id" is null or "kind" = 'selection-submitted')`
        : ""
    }
  )`;
}

async function rebuild(db: Kysely<unknown>, create: string, copyWhere: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    await run(create);
    await run(`insert into "inquiry_mails_new" (${COLUMNS}) select ${COLUMNS} from "inquiry_mails" ${copyWhere}`);
    await run(`drop table "inquiry_mails"`);
    await run(`alter table "inquiry_mails_new" rename to "inquiry_mails"`);
    // The worker's question, "what is due and not delivered", answered from the index alone.
    await run(`create index "inquiry_mails_due" on "inquiry_mails" ("next_attempt_at") where "delivered_at" is null`);
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Done already: the process stopped after this migration committed but before Kysely recorded it.
  const { rows } = await sql`select 1 from pragma_table_info('inquiry_mails') where name = 'gallery_id'`.execute(db);
  if (rows.length > 0) return;
  await rebuild(
    db,
    table("inquiry_mails_new", `'studio', 'ack', 'gallery-ready', 'selection-submitted', 'expiry-reminder'`, true),
    "",
  );
  await sql.raw(`create index "inquiry_mails_gallery_idx" on "inquiry_mails" ("gallery_id")`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Gallery mails have nowhere to go in the old shape: they go.
  await rebuild(db, table("inquiry_mails_new", `'studio', 'ack'`, false), `where "inquiry_id" is not null`);
}
