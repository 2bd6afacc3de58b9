// Rate limits counted in the database (issue 18): instances behind a balancer see one client's
// requests in turn, and each counting its own share would let a client through N times the
// limit. One row per allowed hit, per limit (scope) and key (an address, a token, an account),
// at a stored time; rows older than their window are deleted as they are met
// (platform/rate-limit.server.ts). The same on SQLite and PostgreSQL (on SQLite, one process,
// the server counts in memory and the table stays empty).
import type { Kysely } from "kysely";
import { engineOf } from "../db.server.ts";
import { storedTimeCheck } from "./stored-time.server.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("hit_at", "text", (c) => c.notNull().check(storedTimeCheck(engineOf(db), "hit_at")))
    .execute();
  await db.schema
    .createIndex("rate_limit_hits_key_idx")
    .on("rate_limit_hits")
    .columns(["scope", "key", "hit_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_hits").execute();
}
