// Contact: 'Just say hi !', the inquiry form, and the studio's address, phones, e-mail and social
// links. The form posts to this route's action: a full page post without JavaScript, a fetcher
// (no reload, a pending button) with it; the same rules are checked in the browser first.

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { data, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { EmailList, PhoneList, PostalAddress, SocialLinkList } from "#app/components/contact-details.tsx";
import { Field, type FieldControlProps } from "#app/components/field.tsx";
import { StudioLogo } from "#app/components/studio-logo.tsx";
import { earlyAction } from "#app/document/early-actions.ts";
import { type Translate, useLanguage, useT } from "#app/i18n/i18n.ts";
import { basePath, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { seoMeta } from "#app/utils/seo.ts";
import { issueFillToken } from "#domain/inquiries/fill-token.server.ts";
import {
  checkInquiry,
  FILL_TOKEN_FIELD,
  FILL_TOKEN_PERIOD_MS,
  fieldsWithErrors,
  HONEYPOT_FIELD,
  type InquiryError,
  type InquiryErrors,
  type InquiryField,
  type InquiryValues,
  inquiryValues,
  MESSAGE_MAX_CHARS,
  MESSAGE_MAX_LINKS,
  NAME_MAX_CHARS,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from "#domain/inquiries/rules.ts";
import { submitInquiry } from "#domain/inquiries/service.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/contact";

/** The page's English path; its Tamil one is pathIn("ta", CONTACT_PATH). */
const CONTACT_PATH = "/contactUs";
/** The stored page is a path on our own site; a longer one is cut. */
const PAGE_MAX_CHARS = 500;

// The studio's details come from the root's data (the header and footer show them too).
/**
 * The form's fill token names the second the page was made: a kept copy of the page is served
 * for the rest of that second only (server/page-cache.ts), so every visitor's token is fresh.
 */
export const handle = { pageCacheMs: FILL_TOKEN_PERIOD_MS };

export function loader() {
  return { fillToken: issueFillToken() };
}

// The form's own posts leave the page's data as it was: a fresh loader would bring a fresh fill
// token, and a second message sent within INQUIRY_MIN_FILL_S of the first thanks would be
// dropped as a bot's (the page's first fill time is what tells a person from a script).
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction && basePath(formAction) === CONTACT_PATH ? false : defaultShouldRevalidate;
}

/** The page the form was sent from: the Referer when it is ours, else the contact page (in its language). */
function sourcePage(request: Request): string {
  const own = new URL(request.url);
  try {
    const referer = new URL(request.headers.get("Referer") ?? "");
    if (referer.origin === own.origin) return `${referer.pathname}${referer.search}`.slice(0, PAGE_MAX_CHARS);
  } catch {
    // No or unparsable Referer.
  }
  return own.pathname.slice(0, PAGE_MAX_CHARS);
}

export async function action({ request, context }: Route.ActionArgs) {
  // An answer to one visitor's post must never be kept by a shared cache.
  const headers: Record<string, string> = { "Cache-Control": NO_STORE };
  const body = await readFormBody(request);
  if (!body.ok) {
    const unreadable = { status: "unreadable" } as const;
    return data(unreadable, { status: body.problem === "too-large" ? 413 : 400, headers });
  }
  const outcome = await submitInquiry({
    form: body.form,
    clientAddress: context.get(clientAddressContext),
    page: sourcePage(request),
    // The page's own language (/ta/contact is Tamil): the visitor's acknowledgement is written in it.
    language: languageOfPath(new URL(request.url).pathname),
  });
  switch (outcome.status) {
    case "sent":
      return data(outcome, { headers });
    case "rate-limited":
      return data(outcome, { status: 429, headers: { ...headers, "Retry-After": String(outcome.retryAfterS) } });
    default:
      return data(outcome, { status: 400, headers });
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteContext(matches);
  return seoMeta(site, {
    title: site?.t("contact.metaTitle") ?? "Contact",
    description: site?.t("contact.metaDescription", { studio: site.studioName }) ?? "",
    path: CONTACT_PATH,
  });
};

/** The limits each rule's message names, beside its code (the rules themselves hold no words). */
const ERROR_VALUES: Record<InquiryError, Record<string, number>> = {
  messageRequired: {},
  messageTooLong: { max: MESSAGE_MAX_CHARS },
  tooManyLinks: { max: MESSAGE_MAX_LINKS },
  nameTooLong: { max: NAME_MAX_CHARS },
  emailInvalid: {},
  phoneInvalid: { min: PHONE_MIN_DIGITS, max: PHONE_MAX_DIGITS },
  replyWayMissing: {},
};

/** A rule's code as the visitor reads it, in the page's language. */
function errorText(t: Translate, code: InquiryError | undefined): string | undefined {
  return code ? t(`contact.error.${code}`, ERROR_VALUES[code]) : undefined;
}

function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { studio } = matches[0].loaderData;
  const t = useT();
  const language = useLanguage();
  // Posted to this page in its own language: errors and thanks come back in it.
  const contactPath = pathIn(language, CONTACT_PATH);
  const studioName = studio?.name ?? t("home.studioFallback");
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const [browserErrors, setBrowserErrors] = useState<InquiryErrors | undefined>();
  // Each success gives the form a new key: it comes back empty.
  const [sentCount, setSentCount] = useState(0);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const serverErrors = result?.status === "invalid" ? result.errors : undefined;
  const errors = browserErrors ?? serverErrors;
  const values: Partial<InquiryValues> | undefined = result && "values" in result ? result.values : undefined;
  const fillToken = result?.status === "expired" ? result.fillToken : loaderData.fillToken;
  const sent = result?.status === "sent" && !browserErrors;
  const firstError = fieldsWithErrors(errors)[0];

  // With JavaScript, a fresh answer moves focus like the server-rendered page's autofocus does,
  // once the fetcher has settled (the page's data revalidated after the post): focus given
  // before that was lost once in a loaded browser test run.
  const settled = fetcher.state === "idle";
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || !settled) return;
    setBrowserErrors(undefined);
    if (answer.status === "sent") setSentCount((n) => n + 1);
    if (answer.status === "invalid") {
      const first = fieldsWithErrors(answer.errors)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } else {
      noticeRef.current?.focus();
    }
  }, [fetcher.data, settled]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkInquiry(inquiryValues(new FormData(event.currentTarget)));
    if (checked.ok) {
      setBrowserErrors(undefined);
      return;
    }
    event.preventDefault();
    setBrowserErrors(checked.errors);
    const first = fieldsWithErrors(checked.errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  let notice: { text: string; tone: "success" | "problem" } | undefined;
  if (sent) notice = { text: t("contact.thanks"), tone: "success" };
  else if (result?.status === "rate-limited" && !browserErrors)
    notice = { text: t("contact.rateLimited", { minutes: minutes(result.retryAfterS) }), tone: "problem" };
  else if (result?.status === "unreadable" && !browserErrors)
    notice = { text: t("contact.unreadable"), tone: "problem" };
  else if (result?.status === "expired" && !browserErrors) notice = { text: t("contact.expired"), tone: "problem" };
  else if (errors) notice = { text: t("contact.checkFields"), tone: "problem" };

  const field = (name: InquiryField, input: (props: FieldProps) => ReactNode) => (
    <Field id={`contact-${name}`} label={t(`contact.field.${name}`)} error={errorText(t, errors?.[name])}>
      {(control) =>
        input({
          ...control,
          name,
          defaultValue: sent ? undefined : values?.[name],
          // Without JavaScript the browser moves focus here when the page loads.
          autoFocus: name === firstError && !browserErrors && !fetcher.data ? true : undefined,
        })
      }
    </Field>
  );

  return (
    <div className="page contact">
      <section className="contact-form-section" aria-labelledby="contact-heading">
        <h1 id="contact-heading" className="page-title">
          {t("contact.heading")}
        </h1>
        <p className="page-lede">{t("contact.lede")}</p>
        <div role="status">
          {notice ? (
            <p
              ref={noticeRef}
              tabIndex={-1}
              className={`form-notice form-notice--${notice.tone}`}
              // biome-ignore lint/a11y/noAutofocus: the visitor just submitted; without JavaScript this is how focus reaches the result.
              autoFocus={!fetcher.data && !firstError ? true : undefined}
            >
              {notice.text}
            </p>
          ) : null}
        </div>
        <fetcher.Form
          {...earlyAction("prepare")}
          key={sentCount}
          ref={formRef}
          method="post"
          action={contactPath}
          className="contact-form"
          noValidate
          onSubmit={onSubmit}
        >
          <input type="hidden" name={FILL_TOKEN_FIELD} value={fillToken} />
          {/* People never see or reach this field; bots that fill every input do. */}
          <div className="contact-trap" aria-hidden="true">
            <label htmlFor="contact-website">{t("contact.trap")}</label>
            <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {field("name", (p) => (
            <input {...p} type="text" autoComplete="name" maxLength={NAME_MAX_CHARS} />
          ))}
          {field("phoneNumber", (p) => (
            <input {...p} type="tel" autoComplete="tel" />
          ))}
          {field("email", (p) => (
            <input {...p} type="email" autoComplete="email" />
          ))}
          {field("message", (p) => (
            <textarea {...p} rows={6} maxLength={MESSAGE_MAX_CHARS} />
          ))}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("contact.sending") : t("contact.submit")}
          </button>
        </fetcher.Form>
      </section>
      {studio ? (
        <aside className="contact-info" aria-label={t("contact.info")}>
          <p className="contact-logo">
            <StudioLogo name={studioName} logo={studio.logo} place="contact" />
          </p>
          <h2 className="caps-heading">{t("contact.visit")}</h2>
          <PostalAddress address={studio.address} />
          <h2 className="caps-heading">{t("contact.call")}</h2>
          <PhoneList phones={studio.phones} />
          <h2 className="caps-heading">{t("contact.write")}</h2>
          <EmailList emails={studio.emails} />
          <h2 className="caps-heading">{t("contact.follow")}</h2>
          <SocialLinkList links={studio.socialLinks} />
        </aside>
      ) : null}
    </div>
  );
}

interface FieldProps extends FieldControlProps {
  name: InquiryField;
  defaultValue: string | undefined;
  autoFocus: true | undefined;
}
