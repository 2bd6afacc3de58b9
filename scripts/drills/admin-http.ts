// The studio's admin over HTTP, as its browser uses it, for the drills and the bench: the sign-in
// form (its token and cookies), a page's form token, and a new shoot made with the admin's own
// form. Every post carries what a browser sends with a form from the site's own page (Origin,
// Sec-Fetch-Site), which the server requires of admin posts.
import { SESSION_COOKIE_NAME } from "#domain/auth/session.server.ts";

/** What a browser sends with a form posted from one of the site's pages. */
export function sameOriginHeaders(origin: string): Record<string, string> {
  return { Origin: origin, "Sec-Fetch-Site": "same-origin" };
}

/** The form token (CSRF) a page of the admin carries. */
export function csrfIn(html: string): string | undefined {
  return /name="csrf" value="([^"]+)"/.exec(html)?.[1];
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
}

/** Signs in through /admin/login; resolves with the session cookie ("name=value"). */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const form = await fetch(`${origin}/admin/login`);
  const loginCsrf = csrfIn(await form.text());
  if (!loginCsrf) throw new Error(`No sign-in form at ${origin}/admin/login (${form.status}).`);
  const answer = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookiesOf(form).join("; "),
      ...sameOriginHeaders(origin),
    },
    body: new URLSearchParams({ email, password, csrf: loginCsrf }),
  });
  const cookie = cookiesOf(answer).find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error(`Sign-in refused (${answer.status}): check the e-mail and password.`);
  return cookie;
}

/** The form token of the admin's page at `path`, for the session `cookie`. */
export async function pageCsrf(origin: string, cookie: string, path: string): Promise<string> {
  const page = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
  const csrf = csrfIn(await page.text());
  if (!page.ok || !csrf) throw new Error(`${path} answered ${page.status} without a form token.`);
  return csrf;
}

/** Makes a shoot in the first collection with the admin's New shoot form; resolves with its id. */
export async function createShootAsAdmin(origin: string, cookie: string, title: string): Promise<number> {
  const page = await fetch(`${origin}/admin/shoots/new`, { headers: { Cookie: cookie } });
  const html = await page.text();
  const csrf = csrfIn(html);
  const collectionId = /<select[^>]*name="collectionId"[\s\S]*?<option value="(\d+)"/.exec(html)?.[1];
  if (!csrf || !collectionId) throw new Error(`/admin/shoots/new answered ${page.status} without its form.`);
  const answer = await fetch(`${origin}/admin/shoots/new`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...sameOriginHeaders(origin) },
    body: new URLSearchParams({ title, location: "", description: "", collectionId, csrf }),
  });
  const id = /^\/admin\/shoots\/(\d+)/.exec(answer.headers.get("location") ?? "")?.[1];
  if (answer.status !== 302 || !id) throw new Error(`New shoot refused (${answer.status}).`);
  return Number(id);
}
