// POST /language: a gallery's or event link's visitor chose a language (the switch on its pages,
// components/language-switch.tsx). The choice is kept in a cookie under that link only, and the
// visitor goes back to the page they were on. A public page needs none of this: its URL says.
import { redirect } from "react-router";
import { languageCookie } from "#app/http/cookies.server.ts";
import { personalLinkOf } from "#app/i18n/language.server.ts";
import { isLanguage } from "#app/i18n/languages.ts";
import type { Route } from "./+types/language";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const to = String(form.get("to") ?? "");
  const language = form.get("language");
  // Only a path of this site's own (no //host, no scheme): never a redirect elsewhere.
  const link = to.startsWith("/") && !to.startsWith("//") ? personalLinkOf(to) : null;
  if (!link || !isLanguage(language))
    throw new Response("Choose English or Tamil for a gallery's page.", { status: 400 });
  return redirect(to, { headers: { "Set-Cookie": await languageCookie(link).write(request, language) } });
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
