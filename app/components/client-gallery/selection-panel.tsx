// The person and their lists: an invitation to start choosing before they have entered; after,
// their lists with the current one's count, sending it to the studio, another list, signing out.
import type { SelectionList } from "#domain/galleries/client-types.ts";
import { Field } from "../field.tsx";
import type { FormAnswer, OpenPage } from "./page-data.ts";
import { StartChoosing } from "./start-choosing.tsx";

interface SelectionPanelProps {
  page: OpenPage;
  /** The current list's count as the hearts are given (the page's bar shows it too). */
  count: number;
  here: string;
  problem?: FormAnswer;
}

/** "57 of 60", or "12 chosen" for a list without a limit. */
export function countText(count: number, list: SelectionList): string {
  return list.itemLimit === null ? `${count} chosen` : `${count} of ${list.itemLimit}`;
}

export function SelectionPanel({ page, count, here, problem }: SelectionPanelProps) {
  const { visitor, lists, list, base } = page;
  const answer = (form: FormAnswer["form"]) => (problem?.form === form ? problem : undefined);
  if (!visitor) return <StartChoosing here={here} enter={answer("enter")} />;
  const locked = list?.submittedAt != null;
  const listProblem = answer("list");
  const submitProblem = answer("submit");
  return (
    <section className="cg-panel" aria-labelledby="cg-panel-heading">
      <h2 id="cg-panel-heading" className="cg-subheading">
        {visitor.name}'s favourites
      </h2>
      <nav aria-label="Your lists">
        <ul className="cg-lists">
          {lists.map((l) => (
            <li key={l.id}>
              <a href={`${base}?list=${l.id}`} aria-current={l.id === list?.id ? "true" : undefined}>
                {l.name} <span className="cg-list-count">{countText(l.id === list?.id ? count : l.count, l)}</span>
                {l.submittedAt ? <span className="cg-list-sent"> · sent</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list && locked ? (
        <p className="cg-locked">
          {list.name} was sent to the studio and is locked: no more hearts or notes. Ask the studio if you need to
          change it.
        </p>
      ) : null}
      {list && !locked && list.reopenedAt ? (
        <p className="cg-locked">
          The studio reopened {list.name}: change it as you like, then send it to the studio again.
        </p>
      ) : null}
      {list && !locked ? (
        // Sending locks the list: asked once more, with what it means, before it goes (a
        // disclosure, so it asks the same before the page's scripts run).
        <details className="cg-submit" open={submitProblem ? true : undefined}>
          <summary>Send {list.name} to the studio…</summary>
          <form method="post" action={here} className="cg-form">
            <p>
              Send {count === 1 ? "the 1 photo" : `the ${count} photos`} of {list.name} to the studio? It is then
              locked: no more hearts or notes unless the studio reopens it.
            </p>
            <input type="hidden" name="intent" value="submit" />
            <input type="hidden" name="list" value={list.id} />
            <button type="submit" className="button">
              Yes, send {list.name}
            </button>
            {submitProblem ? <p className="field-error">{submitProblem.message}</p> : null}
          </form>
        </details>
      ) : null}
      <details className="cg-new-list" open={listProblem ? true : undefined}>
        <summary>Make another list</summary>
        <form method="post" action={here} className="cg-form cg-form--inline">
          <input type="hidden" name="intent" value="new-list" />
          <Field
            id="list-name"
            label="List name"
            hint="For example Parents' album or Prints"
            error={listProblem?.message}
          >
            {(control) => (
              <input {...control} name="name" required maxLength={40} defaultValue={listProblem?.values?.name} />
            )}
          </Field>
          <button type="submit" className="button button--small">
            Make the list
          </button>
        </form>
      </details>
      <form method="post" action={base} className="cg-leave">
        <input type="hidden" name="intent" value="leave" />
        <button type="submit" className="link-button">
          Not {visitor.name}? Sign out on this device
        </button>
      </form>
    </section>
  );
}
