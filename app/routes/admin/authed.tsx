// Everything in the admin except sign-in: requires a live session (else to the sign-in page,
// coming back afterwards), checks every form's CSRF token, and draws the admin's navigation
// with 'sign out' and 'sign out everywhere'.
import { Form, NavLink, Outlet, redirect } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { adminFormContext, parseAdminForm } from "#domain/auth/admin-form.server.ts";
import { adminSessionContext } from "#domain/auth/context.server.ts";
import { CSRF_FIELD_NAME, csrfToken, isSafeMethod, isValidCsrfToken } from "#domain/auth/csrf.server.ts";
import { LOGIN_PATH } from "#domain/auth/shared.ts";
import type { Route } from "./+types/authed";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const session = context.get(adminSessionContext);
    if (!session) {
      const url = new URL(request.url);
      const back = isSafeMethod(request.method) ? url.pathname.replace(/\.data$/, "") + url.search : "";
      throw redirect(back ? `${LOGIN_PATH}?next=${encodeURIComponent(back)}` : LOGIN_PATH);
    }
    if (!isSafeMethod(request.method)) {
      // Read once here (a multipart body streams, with its size limits); actions get it from
      // the context through readAdminForm.
      const parsed = await parseAdminForm(request, CSRF_FIELD_NAME, (token) => isValidCsrfToken(token, session.idHash));
      context.set(adminFormContext, parsed);
    }
    return next();
  },
];

export function loader({ context }: Route.LoaderArgs) {
  // The middleware guarantees a session here.
  const session = context.get(adminSessionContext);
  return { email: session?.user.email ?? "", csrf: session ? csrfToken(session.idHash) : "" };
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
              <NavLink to="/admin/inquiries">Inquiries</NavLink>
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
