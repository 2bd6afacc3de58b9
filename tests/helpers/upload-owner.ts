// What every upload test needs before its first request: a collection with one shoot to upload
// to, and the owner signed in, with the session's cookie and the CSRF token the admin's pages
// copy into the uploads' header. The cookie and the token are signed with the key of the
// environment as it is when this runs (DATA_DIR's, or APP_SECRET): set the environment the server
// will have first.
import { sessionCookieHeader } from "#app/http/cookies.server.ts";
import { csrfToken } from "#domain/auth/csrf.server.ts";
import { createSession, findSession } from "#domain/auth/session.server.ts";
import { upsertUser } from "#domain/auth/users.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { seedCollection } from "#fixtures/seed.ts";
import type { Database } from "#platform/db/db.server.ts";

export interface UploadOwner {
  shootId: number;
  /** `name=value` for a Cookie header. */
  sessionCookie: string;
  csrf: string;
}

export async function createUploadOwner(
  db: Database,
  shoot: { collection: string; title: string } = { collection: "Wedding", title: "A wedding" },
): Promise<UploadOwner> {
  const collectionId = await seedCollection(db, { slug: shoot.collection.toLowerCase(), name: shoot.collection });
  const shootId = await createShoot(db, { title: shoot.title, location: "", description: "", collectionId });
  const { id: userId } = await upsertUser(db, "owner@example.com", "a long enough password");
  const session = await createSession(db, userId, "vitest");
  return {
    shootId,
    sessionCookie: await sessionCookieHeader(session.id),
    csrf: csrfToken((await findSession(db, session.id))?.idHash ?? ""),
  };
}
