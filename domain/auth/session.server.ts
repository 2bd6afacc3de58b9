// Server-side admin sessions. The cookie holds only a random id; the database holds its
// SHA-256, the owner and the expiry, so a session can be revoked (sign out, sign out
// everywhere, a new password) and a stolen database copy holds no usable cookie. The cookie
// itself (signed, HttpOnly, under /admin) is HTTP's: app/http/cookies.server.ts.
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import { fromStoredTime, toStoredTime } from "../../platform/time.ts";

/** The name of the session's cookie (app/http/cookies.server.ts writes and reads it). */
export const SESSION_COOKIE_NAME = "nila_admin";
/** A session unused for this long ends (sliding expiry). */
export const SESSION_IDLE_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000;
/** However active, a session ends this long after sign-in; the cookie lives as long. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often, so reads do not each write to the database. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const SESSION_ID_BYTES = 32;

export interface AdminSession {
  /** SHA-256 of the cookie's id: what the CSRF token is bound to. */
  idHash: string;
  user: { id: number; email: string };
}

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/**
 * Expired sessions are deleted when met; this sweeps the ones never met again (a browser thrown
 * away, a cookie cleared). expires_at is never later than the absolute end, so it is the only test.
 */
async function deleteExpiredSessions(db: Database, now: number): Promise<void> {
  await db.deleteFrom("admin_sessions").where("expires_at", "<=", toStoredTime(now)).execute();
}

/** A new session for a signed-in owner; signing in also sweeps the sessions that have expired. */
export async function createSession(
  db: Database,
  userId: number,
  userAgent: string,
  now = Date.now(),
): Promise<{ id: string; expiresAtMs: number }> {
  await deleteExpiredSessions(db, now);
  const id = randomBytes(SESSION_ID_BYTES).toString("base64url");
  const expiresAtMs = now + SESSION_IDLE_TIMEOUT_MS;
  await db
    .insertInto("admin_sessions")
    .values({
      id_hash: hashId(id),
      user_id: userId,
      created_at: toStoredTime(now),
      last_seen_at: toStoredTime(now),
      expires_at: toStoredTime(expiresAtMs),
      user_agent: userAgent.slice(0, 300),
    })
    .execute();
  return { id, expiresAtMs };
}

/** The live session for a cookie id, its idle expiry pushed forward; null when absent or expired. */
export async function findSession(db: Database, id: string, now = Date.now()): Promise<AdminSession | null> {
  const idHash = hashId(id);
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.user_id")
    .select([
      "admin_sessions.user_id",
      "admin_sessions.created_at",
      "admin_sessions.last_seen_at",
      "admin_sessions.expires_at",
      "admin_users.email",
    ])
    .where("admin_sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const absoluteEnd = fromStoredTime(row.created_at) + SESSION_ABSOLUTE_LIFETIME_MS;
  if (now >= fromStoredTime(row.expires_at) || now >= absoluteEnd) {
    await db.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (now - fromStoredTime(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
    await db
      .updateTable("admin_sessions")
      .set({
        last_seen_at: toStoredTime(now),
        expires_at: toStoredTime(Math.min(absoluteEnd, now + SESSION_IDLE_TIMEOUT_MS)),
      })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return { idHash, user: { id: row.user_id, email: row.email } };
}

export async function destroySession(db: Database, id: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id_hash", "=", hashId(id)).execute();
}

/** 'Sign out everywhere': every session of this owner, this one included. */
export async function destroyAllSessions(db: Database, userId: number): Promise<number> {
  const result = await db.deleteFrom("admin_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
