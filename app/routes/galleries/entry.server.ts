// The forms every page under a gallery's link answers the same way: the gallery's PIN at its door,
// and a person entering by name and their own PIN (the gallery's page, and an album's, where a
// person comments as themselves). Each answers a refusal with the form's words and what was typed,
// or sends the browser on with the cookie it earned.
import { data, redirect } from "react-router";
import type { FormAnswer } from "#app/components/client-gallery/page-data.ts";
import { type GalleryDecision, giveGalleryPin, throttledPin } from "#domain/galleries/access.server.ts";
import {
  createList,
  enterAsVisitor,
  readLists,
  VISITOR_NAME_MAX_CHARS,
  VISITOR_PIN_PATTERN,
  type Visitor,
} from "#domain/galleries/selections.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { enteredCookie, pinGivenCookie, pinRefusalStatus, privateHeaders } from "./access.server.ts";
import { pinRefusalText, wordsFor } from "./words.server.ts";

export function formAnswer<T extends object = FormAnswer>(
  status: number,
  body: T,
  extraHeaders: Record<string, string> = {},
) {
  return data(body, { status, headers: { ...privateHeaders, ...extraHeaders } });
}

/** The gallery's PIN typed at its door: on to `back` with the cookie, or the refusal. */
export async function givePin(
  request: Request,
  gate: Extract<GalleryDecision, { state: "pin" }>,
  token: string,
  form: FormData,
  address: string,
  back: string,
) {
  const pin = String(form.get("pin") ?? "").trim();
  const given = await giveGalleryPin(getDb(), gate.gallery, pin, address);
  if (!given.ok) {
    const { t } = await wordsFor(request);
    return formAnswer(pinRefusalStatus(given, "gallery"), { form: "pin", message: pinRefusalText(t, given) });
  }
  throw redirect(back, {
    headers: { ...privateHeaders, "Set-Cookie": await pinGivenCookie(request, token, given.claim) },
  });
}

/** A person enters by name and their own PIN (a new name makes them): on to `back` as them, or the refusal. */
export async function enterByName(
  request: Request,
  gallery: { id: number; token: string },
  form: FormData,
  address: string,
  back: string,
) {
  const name = String(form.get("name") ?? "");
  const pin = String(form.get("pin") ?? "").trim();
  // The page's language (album.tsx enters here too): every word the form answers with is in it.
  const { t } = await wordsFor(request);
  const fields: Record<string, string> = {};
  if (name.trim() === "") fields.name = t("enter.name");
  else if (name.trim().length > VISITOR_NAME_MAX_CHARS)
    fields.name = t("enter.nameLong", { max: VISITOR_NAME_MAX_CHARS });
  if (!VISITOR_PIN_PATTERN.test(pin)) fields.pin = t("enter.pin");
  if (Object.keys(fields).length > 0) {
    return formAnswer(400, { form: "enter", message: t("enter.check"), fields, values: { name } });
  }
  const db = getDb();
  let entered: Visitor | null = null;
  let created = false;
  const checked = await throttledPin("visitor", gallery.id, address, async () => {
    const result = await enterAsVisitor(db, gallery.id, name, pin);
    if (result.ok) {
      entered = result.visitor;
      created = result.created;
    }
    return result.ok;
  });
  const visitor = entered as Visitor | null;
  if (!checked.ok || !visitor) {
    // A known name with another PIN: the name is someone's already (or the PIN was mistyped).
    const message = checked.ok ? t("enter.check") : pinRefusalText(t, checked);
    return formAnswer(checked.ok ? 400 : pinRefusalStatus(checked, "visitor"), {
      form: "enter",
      message,
      fields: { pin: t("enter.someoneNew", { message }) },
      values: { name },
    });
  }
  // The list a person's first visit makes for them, so the first heart needs no other step: named
  // in the language they entered in.
  if (created || (await readLists(db, visitor.id)).length === 0) await createList(db, visitor, t("list.first"));
  throw redirect(back, {
    headers: { ...privateHeaders, "Set-Cookie": await enteredCookie(request, gallery, visitor.id) },
  });
}
