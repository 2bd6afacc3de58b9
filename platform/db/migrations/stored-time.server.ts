// The stored-time check (platform/time.ts: 2026-11-25T10:00:00.000Z, TEXT), as each engine
// writes it: SQLite with strftime (a value that it would write differently is not one), and
// PostgreSQL with a regular expression. For the migrations after 0018, which are the same on
// both engines, and PostgreSQL's baseline.
import { type RawBuilder, sql } from "kysely";

/** PostgreSQL: the stored-time form, as a pattern. */
export const STORED_TIME_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$";
const SQLITE_FORMAT = "%Y-%m-%dT%H:%M:%fZ";

/** A column check that it holds a stored time (null passes, as every check lets null through). */
export function storedTimeCheck(engine: "sqlite" | "postgres", column: string): RawBuilder<unknown> {
  return engine === "postgres"
    ? sql.raw(`"${column}" ~ '${STORED_TIME_PATTERN}'`)
    : sql.raw(`"${column}" is strftime('${SQLITE_FORMAT}', "${column}")`);
}
