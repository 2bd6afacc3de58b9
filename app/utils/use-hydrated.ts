// Whether the page runs with JavaScript: controls that only work in the browser (copy to the
// clipboard, the image picker) are drawn only then, so the page before JavaScript never offers
// a button that does nothing.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true in every render after; a
 * component mounted later starts with true, so the page does not change height under it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
