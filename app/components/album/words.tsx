// Helpers for the album's and the event link's words (issue 33): a message with a piece of markup
// inside it (a name in bold, a link), whose place in the sentence is the language's to choose, and
// dates in the page's language through Intl.
import type { ReactNode } from "react";
import type { MessageValues, Translate } from "#app/i18n/i18n.ts";
import { INTL_LOCALE, type Language } from "#app/i18n/languages.ts";
import { DEFAULT_TIME_ZONE, eventDateText, formatStudioTime, isTimeZone } from "#domain/catalog/studio-time.ts";

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

/**
 * Tamil's Intl writes "25 ஜனவரி, 2026"; the studio writes "25 ஜனவரி 2026" (issue 33), as on its
 * invitations: the comma between the month and the year is dropped.
 */
function withoutMonthComma(parts: Intl.DateTimeFormatPart[]): string {
  return parts
    .map((part, i) =>
      part.type === "literal" && parts[i - 1]?.type === "month" && parts[i + 1]?.type === "year" ? " " : part.value,
    )
    .join("");
}

/** A gallery's event day ("2026-02-14") in `lang`: "14 February 2026", "14 பிப்ரவரி 2026"; null for none. */
export function eventDayIn(lang: Language, day: string | null): string | null {
  if (lang === "en") return eventDateText(day);
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const format = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  return withoutMonthComma(format.formatToParts(date));
}

/**
 * A stored time on the studio's clock in `lang`: English as the studio's pages write it; Tamil
 * through Intl as "25 ஜனவரி 2026, 14:30 (GMT+5:30)" (Intl's own puts "அன்று" between the day and
 * the hour, which reads wrongly inside a sentence).
 */
export function studioTimeIn(lang: Language, stored: string, timeZone: string): string {
  if (lang === "en") return formatStudioTime(stored, timeZone);
  const format = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "shortOffset",
  });
  const parts = format.formatToParts(new Date(stored));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} (${part("timeZoneName")})`;
}
