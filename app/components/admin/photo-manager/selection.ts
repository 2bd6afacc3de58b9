// Selection in the photo manager, as in a desktop photo app, kept apart from React so it can be
// tested on its own. Photos are named by id (a reorder keeps the selection); the anchor is where
// a Shift range starts, the focus is the photo the keyboard is on. Keys follow the WAI-ARIA
// multi-select listbox: arrows move the focus, Space toggles, Shift+arrows extend from the
// anchor, Ctrl/Cmd+A selects all, Escape clears.

export interface Selection {
  selected: ReadonlySet<number>;
  anchor: number | null;
  focus: number | null;
}

export const EMPTY_SELECTION: Selection = { selected: new Set(), anchor: null, focus: null };

export interface Modifiers {
  shift?: boolean;
  /** Ctrl on Windows and Linux, Cmd on a Mac. */
  toggle?: boolean;
}

/** The ids from the anchor to `id`, both included, in the order shown. */
function range(order: readonly number[], from: number | null, to: number): number[] {
  const a = from === null ? -1 : order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0) return [to];
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return order.slice(lo, hi + 1);
}

/** A click (or tap) on photo `id`. */
export function clickPhoto(state: Selection, order: readonly number[], id: number, mods: Modifiers): Selection {
  if (mods.shift) {
    const base = mods.toggle ? state.selected : [];
    return {
      selected: new Set([...base, ...range(order, state.anchor ?? state.focus, id)]),
      anchor: state.anchor ?? id,
      focus: id,
    };
  }
  if (mods.toggle) {
    const selected = new Set(state.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { selected, anchor: id, focus: id };
  }
  return { selected: new Set([id]), anchor: id, focus: id };
}

export function selectAll(state: Selection, order: readonly number[]): Selection {
  return { ...state, selected: new Set(order), focus: state.focus ?? order[0] ?? null };
}

export function clearSelection(state: Selection): Selection {
  return { ...state, selected: new Set(), anchor: null };
}

/** Drops ids that are no longer shown (moved away, deleted); keeps the focus on a neighbour. */
export function keepShown(state: Selection, order: readonly number[]): Selection {
  const shown = new Set(order);
  const selected = new Set([...state.selected].filter((id) => shown.has(id)));
  const focus = state.focus !== null && shown.has(state.focus) ? state.focus : (order[0] ?? null);
  const anchor = state.anchor !== null && shown.has(state.anchor) ? state.anchor : null;
  if (selected.size === state.selected.size && focus === state.focus && anchor === state.anchor) return state;
  return { selected, anchor, focus };
}

/**
 * A key pressed in the grid, `columns` photos to a row; null when the key is not the grid's
 * (the caller lets it through).
 */
export function pressKey(
  state: Selection,
  order: readonly number[],
  key: string,
  mods: Modifiers,
  columns: number,
): Selection | null {
  if (order.length === 0) return null;
  if (mods.toggle && !mods.shift && key.toLowerCase() === "a") return selectAll(state, order);
  if (key === "Escape") return state.selected.size > 0 ? clearSelection(state) : null;
  const at = state.focus === null ? -1 : order.indexOf(state.focus);
  if (key === " ") {
    const id = order[Math.max(at, 0)] as number;
    if (mods.shift)
      return { ...state, selected: new Set([...state.selected, ...range(order, state.anchor, id)]), focus: id };
    return { ...clickPhoto(state, order, id, { toggle: true }), focus: id };
  }
  const step: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -columns,
    ArrowDown: columns,
    Home: Number.NEGATIVE_INFINITY,
    End: Number.POSITIVE_INFINITY,
    PageUp: -columns * 4,
    PageDown: columns * 4,
  };
  const delta = step[key];
  if (delta === undefined) return null;
  const target = at < 0 ? 0 : Math.min(order.length - 1, Math.max(0, at + delta));
  const id = order[target] as number;
  if (!mods.shift) return { ...state, focus: id };
  const anchor = state.anchor ?? state.focus ?? id;
  // Shift+arrows make the range anchor..focus the selection, as Shift-click does.
  const base = mods.toggle ? state.selected : [];
  return { selected: new Set([...base, ...range(order, anchor, id)]), anchor, focus: id };
}
