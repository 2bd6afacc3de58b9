// The content version (migration 0018): a number the database moves on every change to what a
// public page shows. The public page cache keys on it (ADR 004).
import type { Database } from "./db.server.ts";

export async function readContentVersion(db: Database): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}
