// A message with a piece of markup inside it (a name in bold, a link, a count), whose place in the
// sentence is the language's to choose (issue 33). Dates in a language: domain/catalog/language-dates.ts.
import type { ReactNode } from "react";
import type { MessageValues, Translate } from "./i18n.ts";

/** A character no message holds: where the markup goes, found again after formatting. */
const SLOT = "\u{E000}";

/**
 * Message `id` with its placeholder `slot` rendered as `node`: "Commenting as {name}." with the
 * name in bold, wherever Tamil puts it in the sentence.
 */
export function richText(t: Translate, id: string, values: MessageValues, slot: string, node: ReactNode): ReactNode {
  const [before = "", after = ""] = t(id, { ...values, [slot]: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}
