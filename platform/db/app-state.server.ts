// The app's own small facts that are not the studio's content (the demo import's progress): one
// value per key in app_state. Also the table the health check reads, since every migrated
// database has it and a database without it is not one this server can serve.
import { toStoredTime } from "../time.ts";
import type { Database } from "./db.server.ts";

export async function readAppState(db: Database, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("app_state").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function writeAppState(db: Database, key: string, value: string): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: toStoredTime() }))
    .execute();
}

/** Throws unless the database answers and holds the migrated schema (GET /healthz). */
export async function checkSchemaAnswers(db: Database): Promise<void> {
  await db.selectFrom("app_state").select("key").limit(1).execute();
}
