import type { Answer } from "./answer.ts";

/**
 * The answer to a settings form, beside the form it came from (the answers to the sets and the
 * photos stay in the notice at the foot of the screen). Always in the page, so a screen reader
 * hears each new answer.
 */
export function FormAnswer({ answer }: { answer: Answer | undefined }) {
  return (
    <p role="status" className="admin-notice">
      {answer?.notice ?? ""}
    </p>
  );
}
