// Kysely's PostgreSQL dialect over node-postgres (`pg`), for a studio that runs on a PostgreSQL
// server (DATABASE_URL; docs/decisions/032-postgresql.md). The queries are the same as on
// SQLite; what differs between the two engines in what the code sends and gets back is
// smoothed here, once:
// - integers come back as numbers: the schema's integers are PostgreSQL bigints (SQLite's are
//   64-bit), which node-postgres returns as strings; every value we store fits in 2^53;
// - a JavaScript boolean is sent as 0 or 1, as node:sqlite's adapter does: the schema keeps
//   SQLite's integer flags (is_story, inquiry_ack), and PostgreSQL refuses 'true' for an integer.
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";
import { logger } from "../logger.server.ts";

/** Connections each app instance keeps open: requests and background work share them. */
export const POSTGRES_POOL_SIZE = 10;
/** A connection idle this long is closed (the pool opens another when it needs one). */
const POOL_IDLE_TIMEOUT_MS = 30_000;

/** Numbers up to 2^53 are exact in JavaScript; our ids, counts and byte sizes stay below. */
const asNumber = (value: string) => Number(value);
pg.types.setTypeParser(pg.types.builtins.INT8, asNumber);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, asNumber);

function params(values: unknown): unknown {
  return Array.isArray(values) ? values.map((v) => (typeof v === "boolean" ? Number(v) : v)) : values;
}

/** A pool client whose queries send booleans as 0 and 1. */
function withIntegerBooleans(client: pg.PoolClient): PostgresPoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "query") {
        return (text: unknown, values?: unknown, ...rest: unknown[]) =>
          typeof text === "string" ? query(text, params(values), ...rest) : query(text, values, ...rest);
      }
      return Reflect.get(target, property, receiver);
    },
  }) as unknown as PostgresPoolClient;
}

export interface PostgresConnection {
  dialect: PostgresDialect;
  pool: pg.Pool;
}

/** A pool on `url` and the dialect over it. Opening makes no connection yet. */
export function createPostgresDialect(url: string): PostgresConnection {
  const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  // An idle connection the server drops (a restart, a failover) is reported here; unheard, it
  // would end the process. The pool opens a new one for the next query.
  pool.on("error", (error) => logger.warn({ err: error }, "a PostgreSQL connection was lost"));
  const wrapped: PostgresPool = {
    connect: async () => withIntegerBooleans(await pool.connect()),
    end: () => pool.end(),
  };
  // A cursor lets a query be read a batch at a time (Kysely's stream(): a backup, a copy).
  return { dialect: new PostgresDialect({ pool: wrapped, cursor: Cursor }), pool };
}

/** Whether a connection target names a PostgreSQL server (DATABASE_URL) rather than a SQLite file. */
export function isPostgresTarget(target: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(target);
}
