// A client gallery's cover (issue 15: "optional cover"): one of the gallery's own photos, shown
// as the open gallery's hero. 0013 gave client_galleries a cover_asset_id that nothing ever
// wrote; an asset cannot say which gallery it is in (the same file may be in the portfolio and
// in two sets), nor whether it is in the trash there, so the cover names a photo instead:
// cover_photo_id, set to null when the photo is deleted for good (emptying the trash), so the
// gallery stays. A photo merely in the trash keeps the link (restoring it brings the cover
// back); the read model shows no cover meanwhile. The unused asset column goes, its value (if
// any) carried over to the gallery's first photo of that asset; down carries it back.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Done already: the process stopped after this migration committed but before Kysely recorded it.
  const { rows } = await sql`select 1 from pragma_table_info('client_galleries') where name = 'cover_photo_id'`.execute(
    db,
  );
  if (rows.length > 0) return;
  // Kysely does not wrap SQLite migrations in a transaction: one here makes the steps one change.
  await db.transaction().execute(async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    await run(
      `alter table "client_galleries" add column "cover_photo_id" integer references "photos" ("id") on delete set null`,
    );
    await run(`update "client_galleries" set "cover_photo_id" = (
      select "photos"."id" from "photos" join "shoots" on "shoots"."id" = "photos"."shoot_id"
      where "shoots"."gallery_id" = "client_galleries"."id" and "photos"."asset_id" = "client_galleries"."cover_asset_id"
      order by "shoots"."gallery_position", "photos"."position", "photos"."id" limit 1)
      where "cover_asset_id" is not null`);
    await run(`alter table "client_galleries" drop column "cover_asset_id"`);
    // Deleting a photo looks for galleries it is the cover of: by index, not by scanning them all.
    await run(`create index "client_galleries_cover_idx" on "client_galleries" ("cover_photo_id")`);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    await run(`drop index "client_galleries_cover_idx"`);
    await run(
      `alter table "client_galleries" add column "cover_asset_id" integer references "assets" ("id") on delete set null`,
    );
    await run(`update "client_galleries" set "cover_asset_id" =
      (select "asset_id" from "photos" where "photos"."id" = "client_galleries"."cover_photo_id")`);
    await run(`alter table "client_galleries" drop column "cover_photo_id"`);
  });
}
