// When the studio last reopened a client's submitted list (issue 30): the client's page says so
// ("The studio reopened Album: …") until the list is sent again, instead of a list that quietly
// became changeable. The same on SQLite and PostgreSQL.
import type { Kysely } from "kysely";
import { engineOf } from "../db.server.ts";
import { storedTimeCheck } from "./stored-time.server.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("selection_lists")
    .addColumn("reopened_at", "text", (c) => c.check(storedTimeCheck(engineOf(db), "reopened_at")))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("selection_lists").dropColumn("reopened_at").execute();
}
