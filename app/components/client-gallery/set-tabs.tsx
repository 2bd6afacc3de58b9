// The gallery's sets as tabs at the top of the page, each with its photo count, and the person's
// list as a view of its own ("only my favourites"), or the way back to all photos from it.
import { useT } from "#app/i18n/i18n.ts";
import { ONLY_LIST_QUERY, type SelectionList, type SetWindow } from "#domain/galleries/client-types.ts";

interface SetTabsProps {
  sets: SetWindow[];
  base: string;
  /** The document shows a later page of a set (?set=&offset=): a tab leads back to the gallery's first pages. */
  paged: boolean;
  list: SelectionList | null;
  /** The page shows only the list's photos. */
  only: boolean;
  /** Takes the reader to a set (with JavaScript: instead of the link's own jump). */
  onJump: (setId: number) => void;
}

export function SetTabs({ sets, base, paged, list, only, onJump }: SetTabsProps) {
  const t = useT();
  const listQuery = list ? `list=${list.id}${only ? `&${ONLY_LIST_QUERY}` : ""}` : "";
  return (
    <nav className="cg-tabs" aria-label={t("tabs.label")}>
      <ul>
        {sets.map((s) => (
          <li key={s.id}>
            <a
              href={paged ? `${base}?${listQuery}#set-${s.id}` : `#set-${s.id}`}
              onClick={
                paged
                  ? undefined
                  : (event) => {
                      event.preventDefault();
                      onJump(s.id);
                    }
              }
            >
              {s.title} <span className="cg-tab-count">{s.count}</span>
            </a>
          </li>
        ))}
        {list ? (
          <li className="cg-tab-view">
            {only ? (
              <a href={`${base}?list=${list.id}`}>{t("tabs.all")}</a>
            ) : (
              <a href={`${base}?list=${list.id}&${ONLY_LIST_QUERY}`}>{t("tabs.only", { list: list.name })}</a>
            )}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
