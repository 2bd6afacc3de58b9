// Photo positions become gapped (domain/catalog/photo-order.ts): each shoot's photos are
// renumbered in their order as 0, 1024, 2048, ..., and the positions of uploads still in the
// queue are scaled alike, so a batch lands where it was going to. Moving a photo is then one
// write between its neighbours instead of a rewrite of the whole shoot.
import { type Kysely, sql } from "kysely";

/** POSITION_GAP when this migration was written; a migration never follows later changes. */
const GAP = 1024;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update photos set position = (
      select ranked.n from (
        select id, (row_number() over (partition by shoot_id order by position, id) - 1) * ${sql.lit(GAP)} as n
        from photos
      ) as ranked
      where ranked.id = photos.id
    )`.execute(db);
  // A pending job's position was max(position) + 1 + its batch index: scaled by the same gap
  // it stays after the photos it was placed after, and its batch keeps its order.
  await sql`update photo_jobs set position = position * ${sql.lit(GAP)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update photos set position = (
      select ranked.n from (
        select id, row_number() over (partition by shoot_id order by position, id) - 1 as n from photos
      ) as ranked
      where ranked.id = photos.id
    )`.execute(db);
  await sql`update photo_jobs set position = position / ${sql.lit(GAP)}`.execute(db);
}
