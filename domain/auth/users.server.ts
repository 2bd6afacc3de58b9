// Owner accounts. There is no sign-up: accounts are made with `npm run admin -- create-user`.
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password.server.ts";

export class UserInputError extends Error {}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserInputError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new UserInputError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/** Creates an owner, or sets a new password when the e-mail already has an account. */
export async function upsertUser(
  db: Database,
  rawEmail: string,
  password: string,
): Promise<{ id: number; created: boolean }> {
  const email = normaliseEmail(rawEmail);
  if (!EMAIL_PATTERN.test(email)) throw new UserInputError(`"${rawEmail}" is not an e-mail address.`);
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  const existing = await db.selectFrom("admin_users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("admin_users")
        .set({ password_hash: passwordHash, updated_at: toStoredTime() })
        .where("id", "=", existing.id)
        .execute();
      // A new password ends every session the old one opened.
      await trx.deleteFrom("admin_sessions").where("user_id", "=", existing.id).execute();
    });
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto("admin_users")
    .values({ email, password_hash: passwordHash })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
