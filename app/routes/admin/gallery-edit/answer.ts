// The gallery admin page's answer to a form (a notice, and for a form with a mistake what to
// correct): each concern's handler gives it and the page's sections read it.
import { type RefObject, useEffect, useRef } from "react";
import { data } from "react-router";
import type { ActionAnswer } from "#app/components/admin/action-notice.tsx";
import type { Panel } from "./panels.ts";

export type FormName =
  | "details"
  | "cover"
  | "set-add"
  | "set-rename"
  | "access"
  | "pin"
  | "download-pin"
  | "link"
  | "send"
  | "list"
  | "guests"
  | "guest-sets"
  | "guest-downloads"
  | "event-pin"
  | "event-link"
  | "guest-list"
  | "album";

/** Every answer of this page: a notice, and for a form with a mistake what to correct. */
export type Answer = ActionAnswer & {
  form?: FormName;
  setId?: number;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};

/** A form to correct (400): the message beside each field, and what was typed to show again. */
export const invalid = (answer: Omit<Answer, "notice">) =>
  data<Answer>({ notice: "Please correct the form.", ...answer }, { status: 400 });

/** The answer when it is about `form` (and, for a set's form, that set): what to show beside its fields. */
export type Mistakes = (form: FormName, setId?: number) => Answer | undefined;

export function mistakesIn(answer: Answer | undefined): Mistakes {
  return (form, setId) =>
    answer?.form === form && (setId === undefined || answer.setId === setId) ? answer : undefined;
}

/** The settings panel whose forms give each answer: it is shown there, beside them, not at the foot of the screen. */
const PANEL_OF: Partial<Record<FormName, Panel>> = {
  details: "details",
  cover: "cover",
  access: "access",
  pin: "access",
  "download-pin": "access",
  link: "access",
  send: "sending",
  list: "selections",
  guests: "guests",
  "guest-sets": "guests",
  "guest-downloads": "guests",
  "event-pin": "guests",
  "event-link": "guests",
  "guest-list": "guests",
  album: "albums",
};

export function panelOf(answer: Answer | undefined): Panel | undefined {
  return answer?.form ? PANEL_OF[answer.form] : undefined;
}

/**
 * A form emptied after its own save went through (a PIN is not left typed in, a new set's title
 * is not left to add twice), and only then: another form's save, and the revalidation after it,
 * leave what is typed here alone. (Keying a form by the gallery's last change remounted it at
 * every save of any form, blanking what was being typed: issue 30, item 11.)
 */
export function useClearedAfterSave(answer: Answer | undefined, form: FormName): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.form === form && !answer.errors) ref.current?.reset();
  }, [answer, form]);
  return ref;
}

/** A count of photos in words, as the answers and the page say it. */
export function photosText(n: number): string {
  return `${n} ${n === 1 ? "photo" : "photos"}`;
}
