// Sign out of this browser, or everywhere (every session of this owner).
import { redirect } from "react-router";
import { readAdminForm } from "#domain/auth/admin-form.server.ts";
import { adminSessionContext } from "#domain/auth/context.server.ts";
import {
  clearSessionCookie,
  destroyAllSessions,
  destroySession,
  readCookie,
  SESSION_COOKIE_NAME,
} from "#domain/auth/session.server.ts";
import { LOGIN_PATH } from "#domain/auth/shared.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin/shoots");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const session = context.get(adminSessionContext);
  const id = readCookie(request, SESSION_COOKIE_NAME);
  if (form.get("intent") === "everywhere") await destroyAllSessions(getDb(), session.user.id);
  else if (id) await destroySession(getDb(), id);
  return redirect(`${LOGIN_PATH}?signedOut=1`, { headers: { "Set-Cookie": clearSessionCookie(request) } });
}
