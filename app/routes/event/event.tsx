// A wedding's event link for its guests: /e/{token} (issue 31, ADR 044). Printed as a QR code on
// the reception table or the invitation, apart from the couple's link and PIN; optionally behind
// an event PIN of its own. The guest gives their name, consents to what is kept, and takes a
// selfie (a file input with capture="user" works without JavaScript; a live preview where the
// browser allows). The selfie is read in memory and dropped: only its face's descriptor is kept,
// and the guest lands on their personal link with the photos they are in. A selfie that cannot
// be used says why and keeps the name and the consent. Never indexed, never previewed.

import { data, redirect } from "react-router";
import { ClosedGallery } from "#app/components/client-gallery/closed-gallery.tsx";
import { PinForm } from "#app/components/client-gallery/pin-form.tsx";
import { SelfieForm, type SelfieFormAnswer } from "#app/components/event/selfie-form.tsx";
import { i18nFor, translator, useT } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { privatePageHeaders, privatePageMeta } from "#app/utils/private-meta.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { eventDayIn } from "#domain/catalog/language-dates.ts";
import { titleIn } from "#domain/catalog/localized.ts";
import { sharedFaceEngine } from "#domain/faces/engine.server.ts";
import { readSelfie, registerGuest } from "#domain/faces/guests.server.ts";
import { GUEST_NAME_MAX_LENGTH, SELFIE_FORM_BYTES } from "#domain/faces/selfie.ts";
import { eventPath, giveEventPin } from "#domain/galleries/guest-access.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import { createRateLimiter } from "#platform/rate-limit.server.ts";
import { MINUTE_MS } from "#platform/time.ts";
import type { Route } from "./+types/event";
import { eventAccessFor, eventPinGivenCookie, notFound, privateHeaders } from "./access.server.ts";
import { minutesOf, pinRefusalText, selfieRefusalText } from "./messages.server.ts";

/**
 * Selfie searches one address may make for one event in SELFIE_WINDOW_MS. A reception's guests
 * often share the venue's Wi-Fi, one address for hundreds of phones: the limit is for a script
 * trying faces, not for a crowd (ADR 044).
 */
export const SELFIE_SEARCHES_PER_WINDOW = 30;
export const SELFIE_WINDOW_MS = 10 * MINUTE_MS;
const searches = createRateLimiter("selfie-search", { limit: SELFIE_SEARCHES_PER_WINDOW, windowMs: SELFIE_WINDOW_MS });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await eventAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state === "closed") {
    return data({ kind: "closed" as const, reason: gate.reason }, { status: 410, headers: privateHeaders });
  }
  if (gate.state === "pin") return data({ kind: "pin" as const }, { headers: privateHeaders });
  const { gallery } = gate;
  const url = new URL(request.url);
  // The guest will send a selfie in a minute: the model loads meanwhile, not while they wait.
  sharedFaceEngine(readEnv().faceProcesses).warm();
  return data(
    {
      kind: "open" as const,
      title: titleIn(await languageOfRequest(request), gallery),
      eventDate: eventDayIn(await languageOfRequest(request), gallery.eventDate),
      // The guest just asked to be forgotten: say it was done.
      forgotten: url.searchParams.get("forgotten") === "1",
    },
    { headers: privateHeaders },
  );
}

function answer(status: number, body: SelfieFormAnswer, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { ...privateHeaders, ...headers } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await eventAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  const t = translator(i18nFor(await languageOfRequest(request)));
  if (gate.state === "closed") return answer(410, { form: "selfie", message: t("event.closed") });
  const address = context.get(clientAddressContext);
  const db = getDb();
  const body = await readFormBody(request, SELFIE_FORM_BYTES);
  if (!body.ok) {
    return answer(body.problem === "too-large" ? 413 : 400, {
      form: "selfie",
      message: body.problem === "too-large" ? t("event.error.tooLargeForm") : t("event.error.unreadable"),
    });
  }
  const form = body.form;

  if (gate.state === "pin") {
    const given = await giveEventPin(db, gate.gallery, String(form.get("pin") ?? "").trim(), address);
    if (!given.ok)
      return answer(given.reason === "throttled" ? 429 : 400, { form: "pin", message: pinRefusalText(t, given) });
    throw redirect(eventPath(params.token), {
      headers: { ...privateHeaders, "Set-Cookie": await eventPinGivenCookie(request, params.token, given.claim) },
    });
  }

  const { gallery } = gate;
  const name = String(form.get("name") ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const consent = form.get("consent") === "yes";
  const selfie = form.get("selfie");
  const values = { name: String(form.get("name") ?? "").slice(0, GUEST_NAME_MAX_LENGTH * 2), consent };
  const fields: SelfieFormAnswer["fields"] = {};
  if (name === "" || name.length > GUEST_NAME_MAX_LENGTH)
    fields.name = t("event.error.name", { max: GUEST_NAME_MAX_LENGTH });
  if (!consent) fields.consent = t("event.error.consent");
  if (!(selfie instanceof File) || selfie.size === 0) fields.selfie = t("event.error.selfie");
  if (Object.keys(fields).length > 0 || !(selfie instanceof File)) {
    return answer(400, { form: "selfie", message: t("event.error.check"), fields, values });
  }

  const key = `${gallery.id}:${address}`;
  const allowance = await searches.peek(key);
  if (!allowance.allowed) {
    return answer(
      429,
      {
        form: "selfie",
        message: t("event.error.busy", { minutes: minutesOf(allowance.retryAfterS) }),
        values,
      },
      { "Retry-After": String(allowance.retryAfterS) },
    );
  }
  await searches.hit(key);

  const engine = sharedFaceEngine(readEnv().faceProcesses);
  // Read into memory only: the selfie is never written anywhere, and dropped when this returns.
  const read = await readSelfie(engine, new Uint8Array(await selfie.arrayBuffer()), selfie.name || "selfie");
  if (!read.ok) {
    const message = selfieRefusalText(t, read);
    return answer(422, { form: "selfie", message, fields: { selfie: message }, values });
  }
  // Their photos are found on the page this sends them to, which records how many (touchGuest):
  // searching here too would read the gallery's every face twice for one selfie.
  const { token } = await registerGuest(db, { galleryId: gallery.id, name, descriptor: read.descriptor, found: 0 });
  throw redirect(`${eventPath(params.token)}/g/${token}`, { headers: privateHeaders });
}

/** The guest's form is used at once, on a phone at a reception: its code starts after first paint. */
export const handle = { hydrate: "paint" };

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = siteContext(matches)?.t;
  return privatePageMeta(matches, {
    title: t ? t("event.meta.title") : "Find your photos",
    description: t ? t("event.meta.description") : "Photos from",
  });
};

export default function EventPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const t = useT();
  const studio = matches[0].loaderData.studio;
  const studioName = studio?.name ?? t("event.studioFallback");
  if (loaderData.kind === "closed") return <ClosedGallery reason={loaderData.reason} studio={studio} />;
  const problem = actionData as SelfieFormAnswer | undefined;
  if (loaderData.kind === "pin") {
    return (
      <section className="page page--narrow cg-door ev-door" aria-labelledby="ev-door-heading">
        <p className="eyebrow">{studioName}</p>
        <h1 id="ev-door-heading" className="page-title">
          {t("event.heading")}
        </h1>
        <p className="page-lede">{t("event.door.lede")}</p>
        <PinForm
          id="event-pin"
          label={t("event.door.label")}
          error={problem?.form === "pin" ? problem.message : undefined}
          submit={t("event.door.submit")}
        />
      </section>
    );
  }
  return <SelfieForm studioName={studioName} event={loaderData} problem={problem} />;
}
