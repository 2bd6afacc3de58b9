// Before a person has entered: the invitation to choose favourites, and the form that enters them
// by name and a PIN of their own.
import { Field } from "../field.tsx";
import type { FormAnswer } from "./page-data.ts";
import { PinInput } from "./pin-form.tsx";

/** The words of the panel: the gallery's own by default; an album's page asks for a name to comment as. */
interface StartWords {
  heading: string;
  hint: string;
  submit: string;
}

const CHOOSING: StartWords = {
  heading: "Choose your favourites",
  hint: "Heart photos for your album and send the list to the studio.",
  submit: "Start choosing",
};

/** `enter`: the entry the route refused, if it did. */
export function StartChoosing({
  here,
  enter,
  words = CHOOSING,
  open = false,
}: {
  here: string;
  enter?: FormAnswer;
  words?: StartWords;
  /** Unfolded from the start (where nothing can be done before it). */
  open?: boolean;
}) {
  // Folded to one line until asked for: the photos are what a client opens the link for, and on a
  // phone the open form filled the first screen. A refused entry comes back open, as typed.
  return (
    <section className="cg-panel cg-panel--start" aria-labelledby="cg-panel-heading">
      <details open={enter || open ? true : undefined}>
        <summary>
          <h2 id="cg-panel-heading" className="cg-subheading">
            {words.heading}
          </h2>
          <span className="cg-start-hint">{words.hint}</span>
        </summary>
        <p>
          Enter your name and choose a PIN of 4 to 8 digits. With the same name and PIN you find your lists again on any
          phone or computer; each person in the family can make their own.
        </p>
        <form method="post" action={here} className="cg-form cg-form--inline">
          <input type="hidden" name="intent" value="enter" />
          <Field id="visitor-name" label="Your name" error={enter?.fields?.name}>
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
          <Field id="visitor-pin" label="Your PIN (4 to 8 digits)" error={enter?.fields?.pin}>
            {(control) => <PinInput {...control} pattern="[0-9]{4,8}" maxLength={8} />}
          </Field>
          <button type="submit" className="button">
            {words.submit}
          </button>
        </form>
      </details>
    </section>
  );
}
