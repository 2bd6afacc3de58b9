// API tokens for the content API: each listed by name and its last four characters, made with a
// name (the token itself is shown once, right after, and never again: only its hash is kept),
// and revoked after a confirmation.
import { data, Form, Link, useNavigation } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { Field } from "#app/components/field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import {
  createApiToken,
  listApiTokens,
  MAX_TOKEN_NAME_LENGTH,
  revokeApiToken,
} from "#domain/content-api/tokens.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/tokens";

export async function loader({ request }: Route.LoaderArgs) {
  const tokens = await listApiTokens(getDb());
  const revoke = Number(new URL(request.url).searchParams.get("revoke"));
  return {
    tokens,
    maxNameLength: MAX_TOKEN_NAME_LENGTH,
    confirmRevoke: tokens.find((t) => t.id === revoke && t.revokedAt === null) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const intent = form.get("intent");
  if (intent === "create") {
    const raw = form.get("name");
    const name = typeof raw === "string" ? raw.trim() : "";
    if (name === "" || name.length > MAX_TOKEN_NAME_LENGTH) {
      return data(
        {
          created: null,
          notice: "",
          name: typeof raw === "string" ? raw : "",
          error: `Give the token a name of 1 to ${MAX_TOKEN_NAME_LENGTH} characters, such as the app that will use it.`,
        },
        { status: 400 },
      );
    }
    const created = await createApiToken(getDb(), name);
    return { created: { name: created.name, token: created.token }, notice: "", name: "", error: "" };
  }
  if (intent === "revoke") {
    const revoked = await revokeApiToken(getDb(), Number(form.get("id")));
    const notice = revoked
      ? "Revoked: requests with that token are refused from now on."
      : "That token was already revoked, or is gone.";
    return { created: null, notice, name: "", error: "" };
  }
  throw data("Unknown action.", { status: 400 });
}

export default function Tokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens, confirmRevoke, maxNameLength } = loaderData;
  const created = actionData?.created;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>API tokens</h1>
      <p>
        Apps and partner sites read the published galleries through the content API (
        <a href="/api/openapi.json">its description</a>) with one of these tokens, sent as{" "}
        <code>Authorization: Bearer …</code>. Give each app its own, so one can be revoked alone.
      </p>
      <p className="admin-notice" role="status">
        {actionData?.notice}
      </p>
      {created ? (
        <section className="admin-new-token" aria-labelledby="new-token-heading">
          <h2 id="new-token-heading">New token for {created.name}</h2>
          <p id="new-token-note">
            <strong>Copy it now: it is shown only this once.</strong> Only a fingerprint of it is kept, so it cannot be
            shown again; if it is lost, revoke it and make another.
          </p>
          <label htmlFor="new-token">Token</label>
          <input
            id="new-token"
            className="admin-token-value"
            type="text"
            readOnly
            value={created.token}
            aria-describedby="new-token-note"
            spellCheck={false}
            autoComplete="off"
          />
        </section>
      ) : null}
      {confirmRevoke ? (
        <Form method="post" action="/admin/tokens" className="admin-confirm">
          <CsrfField />
          <input type="hidden" name="id" value={confirmRevoke.id} />
          <p>
            Revoke “{confirmRevoke.name}” (…{confirmRevoke.hint})? Anything using it stops getting data at once. This
            cannot be undone.
          </p>
          <button type="submit" name="intent" value="revoke" className="button button--danger">
            Revoke “{confirmRevoke.name}”
          </button>{" "}
          <Link to="/admin/tokens">Cancel</Link>
        </Form>
      ) : null}
      {tokens.length === 0 ? (
        <p>No tokens yet.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Every API token, live and revoked</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Ends with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>
                  <code>…{t.hint}</code>
                </td>
                <td>
                  <StudioTime iso={t.createdAt} />
                </td>
                <td>{t.lastUsedAt ? <StudioTime iso={t.lastUsedAt} /> : "never"}</td>
                <td>
                  {t.revokedAt ? (
                    <>
                      revoked <StudioTime iso={t.revokedAt} />
                    </>
                  ) : (
                    <Link to={`?revoke=${t.id}`}>
                      Revoke…<span className="visually-hidden"> {t.name}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="admin-panel" aria-labelledby="create-token-heading">
        <h2 id="create-token-heading">New token</h2>
        <Form method="post" action="/admin/tokens" className="admin-form" noValidate>
          <CsrfField />
          <Field
            id="token-name"
            label="Name"
            hint="Who or what will use it, e.g. “Mobile app”."
            error={actionData?.error || undefined}
          >
            {(control) => (
              <input
                {...control}
                name="name"
                type="text"
                maxLength={maxNameLength}
                defaultValue={actionData?.name ?? ""}
                required
              />
            )}
          </Field>
          <button type="submit" name="intent" value="create" className="button" disabled={busy}>
            Create token
          </button>
        </Form>
      </section>
    </>
  );
}
