// API tokens: create (shown once), verify, list, revoke. Only a SHA-256 hash of a token is
// stored; the CLI uses these today and the admin will reuse them.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import type { StoredTime } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";

/** Lets a leaked token be recognised by secret scanners and by eye. */
export const API_TOKEN_PREFIX = "nst_";
/** 256 bits of randomness: guessing is hopeless, so no lockout is needed. */
const TOKEN_BYTES = 32;
/** Writes of last_used_at are throttled per token: an API read should not be a disk write. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const HINT_LENGTH = 4;
export const MAX_TOKEN_NAME_LENGTH = 100;

export interface ApiTokenSummary {
  id: number;
  name: string;
  hint: string;
  createdAt: StoredTime;
  lastUsedAt: StoredTime | null;
  revokedAt: StoredTime | null;
}

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** Creates a token and returns it: the only time the token itself is available. */
export async function createApiToken(db: Database, name: string): Promise<{ id: number; name: string; token: string }> {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > MAX_TOKEN_NAME_LENGTH) {
    throw new Error(`A token needs a name of 1 to ${MAX_TOKEN_NAME_LENGTH} characters`);
  }
  const token = API_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString("base64url");
  const row = await db
    .insertInto("api_tokens")
    .values({ name: trimmed, token_hash: hashToken(token).toString("base64url"), hint: token.slice(-HINT_LENGTH) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, name: trimmed, token };
}

export async function listApiTokens(db: Database): Promise<ApiTokenSummary[]> {
  const rows = await db.selectFrom("api_tokens").selectAll().orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    hint: r.hint,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  }));
}

/** Revokes a token; true when it existed and was live. Takes effect at the next request. */
export async function revokeApiToken(db: Database, id: number): Promise<boolean> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: toStoredTime() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The Bearer credential of an Authorization header, or null. */
export function bearerToken(authorization: string | null): string | null {
  const match = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1] ?? null;
}

/** When each token's last_used_at was last written, per database (tests open several). */
const lastWrites = new WeakMap<Database, Map<number, number>>();

/**
 * The live token this credential names, or null. The row is found by its hash (an index
 * lookup, whose timing depends only on the hash, not on how much of a guess was right), then
 * the hashes are compared in constant time.
 */
export async function verifyApiToken(
  db: Database,
  token: string | null,
  now = Date.now(),
): Promise<{ id: number; name: string } | null> {
  if (!token?.startsWith(API_TOKEN_PREFIX)) return null;
  const hash = hashToken(token);
  const row = await db
    .selectFrom("api_tokens")
    .select(["id", "name", "token_hash", "revoked_at"])
    .where("token_hash", "=", hash.toString("base64url"))
    .executeTakeFirst();
  if (!row) return null;
  const stored = Buffer.from(row.token_hash, "base64url");
  if (stored.length !== hash.length || !timingSafeEqual(stored, hash) || row.revoked_at !== null) return null;
  const writes = lastWrites.get(db) ?? new Map<number, number>();
  lastWrites.set(db, writes);
  if (now - (writes.get(row.id) ?? Number.NEGATIVE_INFINITY) >= LAST_USED_WRITE_INTERVAL_MS) {
    writes.set(row.id, now);
    await db
      .updateTable("api_tokens")
      .set({ last_used_at: toStoredTime(now) })
      .where("id", "=", row.id)
      .execute();
  }
  return { id: row.id, name: row.name };
}
