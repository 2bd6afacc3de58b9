// Sign out of this browser, or everywhere (every session of this owner).
import { redirect } from "react-router";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { adminSessionContext } from "#app/http/admin-session.server.ts";
import { sessionCookie, sessionIdOf } from "#app/http/cookies.server.ts";
import { destroyAllSessions, destroySession } from "#domain/auth/session.server.ts";
import { LOGIN_PATH } from "#domain/auth/shared.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin/shoots");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const session = context.get(adminSessionContext);
  const id = await sessionIdOf(request);
  if (form.get("intent") === "everywhere") await destroyAllSessions(getDb(), session.user.id);
  else if (id) await destroySession(getDb(), id);
  return redirect(`${LOGIN_PATH}?signedOut=1`, { headers: { "Set-Cookie": await sessionCookie.clear(request) } });
}
