// The person's hearts in their current list, with JavaScript: each shown at once and posted to
// /g/{token}/photos, taken back when the studio's answer refuses it or never comes.
import { useCallback, useEffect, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
import type { GalleryPhoto, ItemAnswer, SelectionList } from "#domain/galleries/client-types.ts";

interface Hearts {
  /** Photos in the list, counted as the hearts are given. */
  count: number;
  isHearted: (photo: GalleryPhoto) => boolean;
  /** `where`: the photo's heart in the grid (a refusal is said beside it) or the viewer's. */
  toggle: (photo: GalleryPhoto, on: boolean, where?: "grid" | "viewer") => Promise<void>;
  /** Saves a hearted photo's note where it is, without leaving the page: null, or what went wrong. */
  saveNote: (photo: GalleryPhoto, comment: string) => Promise<string | null>;
}

/**
 * `onMessage` shows what went wrong, or clears it (""): beside the photo whose heart in the grid
 * was refused (`photo`), or in the page's alert.
 */
export function useHearts(
  base: string,
  list: SelectionList | null,
  locked: boolean,
  onMessage: (message: string, photo?: GalleryPhoto) => void,
): Hearts {
  const t = useT();
  // Strings, not the translator: a callback that depends on them is made again only when they change.
  const unreached = t("client.unreached");
  const lockedText = t("client.locked", { list: list?.name ?? t("client.theList") });
  const [hearts, setHearts] = useState<Record<number, boolean>>({});
  const [count, setCount] = useState(list?.count ?? 0);
  useEffect(() => setCount(list?.count ?? 0), [list?.count]);

  const isHearted = (photo: GalleryPhoto) => hearts[photo.id] ?? photo.hearted;

  const toggle = useCallback(
    async (photo: GalleryPhoto, on: boolean, where: "grid" | "viewer" = "grid") => {
      if (!list || locked) return;
      const beside = where === "grid" ? photo : undefined;
      setHearts((h) => ({ ...h, [photo.id]: on }));
      setCount((c) => c + (on ? 1 : -1));
      onMessage("");
      const body = new URLSearchParams({
        intent: on ? "heart" : "unheart",
        photo: String(photo.id),
        list: String(list.id),
      });
      try {
        const res = await fetch(`${base}/photos`, { method: "POST", body });
        const answer = (await res.json()) as ItemAnswer;
        if (answer.count !== null) setCount(answer.count);
        if (!answer.ok) {
          setHearts((h) => ({ ...h, [photo.id]: !on }));
          onMessage(answer.message, beside);
        }
      } catch {
        setHearts((h) => ({ ...h, [photo.id]: !on }));
        setCount((c) => c + (on ? -1 : 1));
        onMessage(unreached, beside);
      }
    },
    [base, list, locked, onMessage, unreached],
  );

  const saveNote = useCallback(
    async (photo: GalleryPhoto, comment: string): Promise<string | null> => {
      if (!list || locked) return lockedText;
      const body = new URLSearchParams({ intent: "comment", photo: String(photo.id), list: String(list.id), comment });
      try {
        const res = await fetch(`${base}/photos`, { method: "POST", body });
        const answer = (await res.json()) as ItemAnswer;
        return answer.ok ? null : answer.message;
      } catch {
        return unreached;
      }
    },
    [base, list, locked, lockedText, unreached],
  );

  return { count, isHearted, toggle, saveNote };
}
