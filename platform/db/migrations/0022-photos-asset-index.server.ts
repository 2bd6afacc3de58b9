// An index on photos.asset_id (issue 29). Every read of images now names its audience, and the
// public's rule asks of each image whether a client gallery's set holds it and whether a
// portfolio shoot does (domain/catalog/audience.server.ts): two lookups of photos by asset. Without
// the index each was a scan of photos (SQLite built a throwaway index per query instead): a
// page of the content API's 100 shoots took 7 ms more on 10,000 photos, and more on a bigger
// studio. Delivery's and the repair's reads by asset use it too.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("photos_asset_idx").on("photos").column("asset_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("photos_asset_idx").execute();
}
