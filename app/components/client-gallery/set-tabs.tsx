// The gallery's sets as tabs at the top of the page, each with its photo count.
import type { SelectionList, SetWindow } from "#domain/galleries/client-types.ts";

interface SetTabsProps {
  sets: SetWindow[];
  base: string;
  /** The document shows a later page of a set (?set=&offset=): a tab leads back to the gallery's first pages. */
  paged: boolean;
  list: SelectionList | null;
  /** Before the browser jumps to a set: every photo's box is drawn, so the set is where it stays. */
  onJump: () => void;
}

export function SetTabs({ sets, base, paged, list, onJump }: SetTabsProps) {
  return (
    <nav className="cg-tabs" aria-label="Sets">
      <ul>
        {sets.map((s) => (
          <li key={s.id}>
            <a
              href={paged ? `${base}?${list ? `list=${list.id}` : ""}#set-${s.id}` : `#set-${s.id}`}
              onClick={paged ? undefined : onJump}
            >
              {s.title} <span className="cg-tab-count">{s.count}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
