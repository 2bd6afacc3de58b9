// The answer to the admin's last action, in one live region at the foot of the screen, so it is
// seen where the action happened however far down the page that was, and read out once. One
// notice at a time: a new answer replaces the last. A trash can be undone from here.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CsrfField } from "./csrf-field.tsx";

export interface ActionAnswer {
  notice: string;
  /** Photos just moved to the trash, which Undo brings back. */
  undo?: { intent: string; photoIds: number[] };
}

/** The fetcher every photo action of a page goes through, so its answers come here. */
export const PHOTO_ACTIONS_FETCHER = "photo-actions";

/**
 * The newest of several answers (a navigation's action data, fetchers' data): whichever changed
 * last is shown. Each answer must keep its identity between renders until it is a new one.
 */
export function useLatestAnswer(...answers: (ActionAnswer | undefined)[]): [ActionAnswer | undefined, () => void] {
  const seen = useRef(answers);
  const [latest, setLatest] = useState(answers.find((a) => a?.notice));
  useEffect(() => {
    const changed = answers.find((a, i) => a !== seen.current[i] && a?.notice);
    seen.current = answers;
    if (changed) setLatest(changed);
  });
  return [latest, () => setLatest(undefined)];
}

export function ActionNotice({ answer, onDismiss }: { answer: ActionAnswer | undefined; onDismiss: () => void }) {
  const undo = useFetcher({ key: PHOTO_ACTIONS_FETCHER });
  return (
    <div className="action-notice" role="status">
      {answer?.notice ? (
        <div className="action-notice-body">
          <p>{answer.notice}</p>
          {answer.undo ? (
            <undo.Form method="post" preventScrollReset>
              <CsrfField />
              <input type="hidden" name="photoIds" value={answer.undo.photoIds.join(",")} />
              <button type="submit" name="intent" value={answer.undo.intent} className="link-button">
                Undo
              </button>
            </undo.Form>
          ) : null}
          <button type="button" className="link-button action-notice-close" onClick={onDismiss}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
