// A photo job's claim gets a token of its own (issue 18). Until now the lease's end told one
// claim from a later one of the same job; now a worker renews its lease while it processes a
// photo (several instances: a dead worker's job is claimed again within a minute, a slow photo
// is never taken from a live one), so the end moves, and the claim needs an identity that
// does not. The same on SQLite and PostgreSQL.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("photo_jobs").addColumn("claim_token", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("photo_jobs").dropColumn("claim_token").execute();
}
