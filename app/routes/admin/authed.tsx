// Everything in the admin except sign-in: requires a live session (else to the sign-in page,
// coming back afterwards), checks every form's CSRF token, and draws the admin's navigation
// with 'sign out' and 'sign out everywhere'.
import { Form, NavLink, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { adminFormContext, parseAdminForm } from "#app/http/admin-form.server.ts";
import { adminSessionContext, requireAdmin } from "#app/http/admin-session.server.ts";
import { studioRowOf, unseenInquiriesOf } from "#app/utils/request-context.ts";
import { CSRF_FIELD_NAME, csrfToken, isSafeMethod, isValidCsrfToken } from "#domain/auth/csrf.server.ts";
import { DEFAULT_TIME_ZONE } from "#domain/catalog/studio-time.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/authed";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // The request's one session lookup; loaders and actions below read it from the context.
    const session = await requireAdmin(request);
    context.set(adminSessionContext, session);
    if (!isSafeMethod(request.method)) {
      // The request's one CSRF token check (the upload handler checks its header instead). The
      // body is read once, here, before the token is checked: a multipart body streams, with
      // its size limits, and a forged file is refused before it is kept. Actions get the form
      // from the context through readAdminForm. (Posts from other sites never got this far:
      // server/cross-site.ts refused them before React Router.)
      const parsed = await parseAdminForm(request, CSRF_FIELD_NAME, (token) => isValidCsrfToken(token, session.idHash));
      context.set(adminFormContext, parsed);
    }
    return next();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(adminSessionContext);
  const db = getDb();
  const [studio, unseenInquiries] = await Promise.all([studioRowOf(context, db), unseenInquiriesOf(context, db)]);
  return {
    email: session.user.email,
    csrf: csrfToken(session.idHash),
    timeZone: studio?.time_zone ?? DEFAULT_TIME_ZONE,
    unseenInquiries,
  };
}

/**
 * The menu's unread count changes when the inbox is shown, which React Router would not reload the
 * layout for: arriving at or leaving the inbox reloads it.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const inbox = (url: URL) => url.pathname.startsWith("/admin/inquiries");
  return inbox(currentUrl) || inbox(nextUrl) || defaultShouldRevalidate;
}

export default function AuthedLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="admin-header">
        <p className="admin-brand">Studio admin</p>
        <nav aria-label="Admin">
          <ul className="admin-nav">
            <li>
              <NavLink to="/admin/shoots" end>
                Shoots
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/galleries">Galleries</NavLink>
            </li>
            <li>
              <NavLink to="/admin/stories">Stories</NavLink>
            </li>
            <li>
              <NavLink to="/admin/collections">Collections</NavLink>
            </li>
            <li>
              <NavLink to="/admin/banners">Banners</NavLink>
            </li>
            <li>
              <NavLink to="/admin/settings">Settings</NavLink>
            </li>
            <li>
              <NavLink to="/admin/trash">Trash</NavLink>
            </li>
            <li>
              <NavLink to="/admin/inquiries">
                Inquiries
                {loaderData.unseenInquiries > 0 ? (
                  <span className="admin-count">
                    {" "}
                    {loaderData.unseenInquiries}
                    <span className="visually-hidden"> new</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/tokens">API tokens</NavLink>
            </li>
            <li>
              <a href="/">View site</a>
            </li>
          </ul>
        </nav>
        <div className="admin-account">
          <span>{loaderData.email}</span>
          <Form method="post" action="/admin/logout">
            <CsrfField />
            <button type="submit" name="intent" value="this" className="link-button">
              Sign out
            </button>
          </Form>
          <Form method="post" action="/admin/logout">
            <CsrfField />
            <button type="submit" name="intent" value="everywhere" className="link-button">
              Sign out everywhere
            </button>
          </Form>
        </div>
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
