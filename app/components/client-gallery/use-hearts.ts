// The person's hearts in their current list, with JavaScript: each shown at once and posted to
// /g/{token}/photos, taken back when the studio's answer refuses it or never comes.
import { useCallback, useEffect, useState } from "react";
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

const UNREACHED = "That did not reach the studio. Check the connection and try again.";

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
        onMessage(UNREACHED, beside);
      }
    },
    [base, list, locked, onMessage],
  );

  const saveNote = useCallback(
    async (photo: GalleryPhoto, comment: string): Promise<string | null> => {
      if (!list || locked) return `${list?.name ?? "The list"} was sent to the studio and is locked.`;
      const body = new URLSearchParams({ intent: "comment", photo: String(photo.id), list: String(list.id), comment });
      try {
        const res = await fetch(`${base}/photos`, { method: "POST", body });
        const answer = (await res.json()) as ItemAnswer;
        return answer.ok ? null : answer.message;
      } catch {
        return UNREACHED;
      }
    },
    [base, list, locked],
  );

  return { count, isHearted, toggle, saveNote };
}
