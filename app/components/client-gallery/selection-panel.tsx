// The person and their lists: an invitation to start choosing before they have entered; after,
// their lists with the current one's count, sending it to the studio, another list, signing out.
import { type Translate, useT } from "#app/i18n/i18n.ts";
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
export function countText(t: Translate, count: number, list: SelectionList): string {
  return list.itemLimit === null ? t("count.chosen", { count }) : t("count.ofLimit", { count, limit: list.itemLimit });
}

export function SelectionPanel({ page, count, here, problem }: SelectionPanelProps) {
  const t = useT();
  const { visitor, lists, list, base } = page;
  const answer = (form: FormAnswer["form"]) => (problem?.form === form ? problem : undefined);
  if (!visitor) return <StartChoosing here={here} enter={answer("enter")} />;
  const locked = list?.submittedAt != null;
  const listProblem = answer("list");
  const submitProblem = answer("submit");
  return (
    <section className="cg-panel" aria-labelledby="cg-panel-heading">
      <h2 id="cg-panel-heading" className="cg-subheading">
        {t("panel.favourites", { name: visitor.name })}
      </h2>
      <nav aria-label={t("panel.lists")}>
        <ul className="cg-lists">
          {lists.map((l) => (
            <li key={l.id}>
              <a href={`${base}?list=${l.id}`} aria-current={l.id === list?.id ? "true" : undefined}>
                {l.name} <span className="cg-list-count">{countText(t, l.id === list?.id ? count : l.count, l)}</span>
                {l.submittedAt ? <span className="cg-list-sent"> · {t("panel.sent")}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list && locked ? <p className="cg-locked">{t("panel.locked", { list: list.name })}</p> : null}
      {list && !locked && list.reopenedAt ? (
        <p className="cg-locked">{t("panel.reopened", { list: list.name })}</p>
      ) : null}
      {list && !locked ? (
        // Sending locks the list: asked once more, with what it means, before it goes (a
        // disclosure, so it asks the same before the page's scripts run).
        <details className="cg-submit" open={submitProblem ? true : undefined}>
          <summary>{t("panel.send.summary", { list: list.name })}</summary>
          <form method="post" action={here} className="cg-form">
            <p>{t("panel.send.confirm", { count, list: list.name })}</p>
            <input type="hidden" name="intent" value="submit" />
            <input type="hidden" name="list" value={list.id} />
            <button type="submit" className="button">
              {t("panel.send.yes", { list: list.name })}
            </button>
            {submitProblem ? <p className="field-error">{submitProblem.message}</p> : null}
          </form>
        </details>
      ) : null}
      <details className="cg-new-list" open={listProblem ? true : undefined}>
        <summary>{t("panel.newList")}</summary>
        <form method="post" action={here} className="cg-form cg-form--inline">
          <input type="hidden" name="intent" value="new-list" />
          <Field
            id="list-name"
            label={t("panel.newList.name")}
            hint={t("panel.newList.hint")}
            error={listProblem?.message}
          >
            {(control) => (
              <input {...control} name="name" required maxLength={40} defaultValue={listProblem?.values?.name} />
            )}
          </Field>
          <button type="submit" className="button button--small">
            {t("panel.newList.submit")}
          </button>
        </form>
      </details>
      <form method="post" action={base} className="cg-leave">
        <input type="hidden" name="intent" value="leave" />
        <button type="submit" className="link-button">
          {t("panel.leave", { name: visitor.name })}
        </button>
      </form>
    </section>
  );
}
