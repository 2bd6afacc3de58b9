// Before a person has entered: the invitation to choose favourites, and the form that enters them
// by name and a PIN of their own.
import { useT } from "#app/i18n/i18n.ts";
import { Field } from "../field.tsx";
import type { FormAnswer } from "./page-data.ts";
import { PinInput } from "./pin-form.tsx";

/** The words of the panel: the gallery's own by default; an album's page asks for a name to comment as. */
interface StartWords {
  heading: string;
  hint: string;
  submit: string;
}

/** `enter`: the entry the route refused, if it did. */
export function StartChoosing({
  here,
  enter,
  words,
  open = false,
}: {
  here: string;
  enter?: FormAnswer;
  words?: StartWords;
  /** Unfolded from the start (where nothing can be done before it). */
  open?: boolean;
}) {
  const t = useT();
  const shown = words ?? { heading: t("start.heading"), hint: t("start.hint"), submit: t("start.submit") };
  // Folded to one line until asked for: the photos are what a client opens the link for, and on a
  // phone the open form filled the first screen. A refused entry comes back open, as typed.
  return (
    <section className="cg-panel cg-panel--start" aria-labelledby="cg-panel-heading">
      <details open={enter || open ? true : undefined}>
        <summary>
          <h2 id="cg-panel-heading" className="cg-subheading">
            {shown.heading}
          </h2>
          <span className="cg-start-hint">{shown.hint}</span>
        </summary>
        <p>{t("start.explain")}</p>
        <form method="post" action={here} className="cg-form cg-form--inline">
          <input type="hidden" name="intent" value="enter" />
          <Field id="visitor-name" label={t("start.name")} error={enter?.fields?.name}>
            {(control) => (
              <input
                {...control}
                name="name"
                autoComplete="name"
                required
                maxLength={60}
                defaultValue={enter?.values?.name}
              />
            )}
          </Field>
          <Field id="visitor-pin" label={t("start.pin")} error={enter?.fields?.pin}>
            {(control) => <PinInput {...control} pattern="[0-9]{4,8}" maxLength={8} />}
          </Field>
          <button type="submit" className="button">
            {shown.submit}
          </button>
        </form>
      </details>
    </section>
  );
}
