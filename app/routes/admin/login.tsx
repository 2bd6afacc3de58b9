// Sign-in: e-mail and password, throttled per account and per address (a browser that signed
// in before skips the account's throttle: ADR 011). Before a session exists, the form's CSRF
// token is bound to a short-lived cookie of its own.
import { randomBytes } from "node:crypto";
import { data, Form, redirect, useNavigation } from "react-router";
import { Field } from "#app/components/field.tsx";
import { adminSessionOf } from "#app/http/admin-session.server.ts";
import { deviceCookie, loginFormCookie, sessionCookie } from "#app/http/cookies.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { csrfToken, isValidCsrfToken } from "#domain/auth/csrf.server.ts";
import { attemptLogin, loginThrottles } from "#domain/auth/login.server.ts";
import { createSession } from "#domain/auth/session.server.ts";
import { CSRF_FIELD_NAME, safeNextPath } from "#domain/auth/shared.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import type { Route } from "./+types/login";

/** The sign-in form's own cookie, made when missing; the token binds to it. */
async function loginFormBinding(request: Request): Promise<{ binding: string; setCookie?: string }> {
  const existing = await loginFormCookie.read(request);
  if (existing) return { binding: `login:${existing}` };
  const fresh = randomBytes(24).toString("base64url");
  return { binding: `login:${fresh}`, setCookie: await loginFormCookie.write(request, fresh) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Outside the signed-in layout, so this page looks the session up itself (the same path).
  if (await adminSessionOf(request)) throw redirect(safeNextPath(url.searchParams.get("next")));
  const { binding, setCookie } = await loginFormBinding(request);
  return data(
    { csrf: csrfToken(binding), signedOut: url.searchParams.has("signedOut") },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // Bounded, and a body that is not a form (JSON, none) is the sender's mistake: a 400, not a 500.
  const body = await readFormBody(request);
  if (!body.ok) {
    const error = "The form could not be read. Reload the page and try again.";
    return data({ error, email: "" }, { status: body.problem === "too-large" ? 413 : 400 });
  }
  const form = body.form;
  const email = String(form.get("email") ?? "").slice(0, 320);
  const password = String(form.get("password") ?? "");
  const formCookie = await loginFormCookie.read(request);
  if (!formCookie || !isValidCsrfToken(form.get(CSRF_FIELD_NAME), `login:${formCookie}`)) {
    const fresh = await loginFormBinding(new Request(request.url));
    return data(
      { error: "This form had expired. Please sign in again.", email, csrf: csrfToken(fresh.binding) },
      { status: 403, headers: fresh.setCookie ? { "Set-Cookie": fresh.setCookie } : undefined },
    );
  }
  if (email.trim() === "" || password === "") {
    return data({ error: "Enter your e-mail and password.", email }, { status: 400 });
  }
  const outcome = await attemptLogin(getDb(), loginThrottles, {
    email,
    password,
    address: context.get(clientAddressContext),
    device: await deviceCookie.read(request),
  });
  if (!outcome.ok) {
    if (outcome.reason === "throttled") {
      const minutes = Math.ceil(outcome.retryAfterS / 60);
      return data(
        {
          error: `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          email,
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterS) } },
      );
    }
    return data({ error: "That e-mail and password do not match an account.", email }, { status: 401 });
  }
  const session = await createSession(getDb(), outcome.userId, request.headers.get("User-Agent") ?? "");
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie.write(request, session.id));
  headers.append("Set-Cookie", await deviceCookie.write(request, outcome.device));
  headers.append("Set-Cookie", await loginFormCookie.clear(request));
  return redirect(safeNextPath(new URL(request.url).searchParams.get("next")), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // A refused (expired) form comes back with a token for its new cookie.
  const renewed = actionData && "csrf" in actionData ? actionData.csrf : undefined;
  const csrf = typeof renewed === "string" ? renewed : loaderData.csrf;
  return (
    <main id="main" className="admin-main admin-login" tabIndex={-1}>
      <h1>Sign in to the studio admin</h1>
      {loaderData.signedOut && !actionData ? (
        <p className="admin-notice" role="status">
          You have signed out.
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate>
        <input type="hidden" name={CSRF_FIELD_NAME} value={csrf} />
        {actionData?.error ? (
          <p className="admin-alert" role="alert" id="login-error">
            {actionData.error}
          </p>
        ) : null}
        <Field id="login-email" label="E-mail">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={actionData ? String(actionData.email) : undefined}
              aria-describedby={actionData?.error ? "login-error" : undefined}
            />
          )}
        </Field>
        <Field id="login-password" label="Password">
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-describedby={actionData?.error ? "login-error" : undefined}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
    </main>
  );
}
