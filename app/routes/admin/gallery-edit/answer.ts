// The gallery admin page's answer to a form (a notice, and for a form with a mistake what to
// correct): each concern's handler gives it and the page's sections read it.
import { data } from "react-router";
import type { ActionAnswer } from "#app/components/admin/action-notice.tsx";

export type FormName = "details" | "cover" | "set-add" | "set-rename" | "access" | "pin" | "download-pin";

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

/** A count of photos in words, as the answers and the page say it. */
export function photosText(n: number): string {
  return `${n} ${n === 1 ? "photo" : "photos"}`;
}
