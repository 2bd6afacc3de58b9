// Drag to reorder with pointer events, so a mouse, a finger and a pen all work (HTML5 drag and
// drop never fires on touch screens). The drag starts on a handle, which keeps the pointer
// while it moves; the drop target is the list item under the pointer, or the nearest one.
// Keyboard users have the lists' Move buttons instead; this is the pointer's way only. Escape
// cancels a drag in progress.
import { type PointerEvent as ReactPointerEvent, useEffect, useState } from "react";

export interface PointerSortState {
  /** The index of the item being dragged, and where it would land now. */
  from: number;
  to: number;
}

/** A drag shorter than this (in CSS pixels) is a tap, not a move. */
export const DRAG_THRESHOLD_PX = 4;

function indexUnder(list: Element, x: number, y: number): number {
  const items = Array.from(list.children);
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  items.forEach((item, index) => {
    const r = item.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) {
      best = index;
      bestDistance = -1;
      return;
    }
    if (bestDistance < 0) return;
    const distance = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Props for each item's drag handle (an element inside a direct child of the list), and the
 * drag in progress. `onDrop(from, to)` is called once, when the pointer is released elsewhere.
 */
export function usePointerSort(onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<(PointerSortState & { x: number; y: number; moved: boolean }) | null>(null);

  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDrag(null);
    };
    window.addEventListener("keydown", cancel);
    return () => window.removeEventListener("keydown", cancel);
  }, [dragging]);

  const listOf = (handle: Element) => handle.closest("ol, ul");

  const handleProps = (index: number) => ({
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      // The main button of a mouse or pen, or any touch.
      if (event.pointerType === "mouse" && event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDrag({ from: index, to: index, x: event.clientX, y: event.clientY, moved: false });
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (!drag || drag.from !== index) return;
      const list = listOf(event.currentTarget);
      if (!list) return;
      const moved = drag.moved || Math.hypot(event.clientX - drag.x, event.clientY - drag.y) >= DRAG_THRESHOLD_PX;
      const under = indexUnder(list, event.clientX, event.clientY);
      setDrag({ ...drag, moved, to: moved && under >= 0 ? under : drag.to });
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      if (!drag || drag.from !== index) return;
      if (event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.releasePointerCapture(event.pointerId);
      }
      setDrag(null);
      if (drag.moved && drag.to !== drag.from) onDrop(drag.from, drag.to);
    },
    onPointerCancel() {
      setDrag(null);
    },
  });

  return { drag: drag ? { from: drag.from, to: drag.to } : null, handleProps };
}
