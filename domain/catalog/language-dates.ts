// Days and times as a mail or message in a given language writes them (issue 33), through Intl in
// India's conventions: English as the studio's pages write it; Tamil as the studio writes on its
// invitations, "25 ஜனவரி 2026" (Intl's own "25 ஜனவரி, 2026" without the comma). The one place
// for them: the mails, the gallery's, album's and event's pages all write dates through these.
import type { ContentLanguage } from "./localized.ts";
import { DEFAULT_TIME_ZONE, eventDateText, formatDay, formatStudioTime, isTimeZone } from "./studio-time.ts";

/** The tag Intl formats with (app/i18n/languages.ts's INTL_LOCALE is this one). */
export const DATE_LOCALE: Record<ContentLanguage, string> = { en: "en-IN", ta: "ta-IN" };

/** The parts joined, with the literal between a month and its year a plain space. */
function withoutMonthComma(parts: Intl.DateTimeFormatPart[]): string {
  return parts
    .map((part, i) =>
      part.type === "literal" && parts[i - 1]?.type === "month" && parts[i + 1]?.type === "year" ? " " : part.value,
    )
    .join("");
}

const tamilDays = new Intl.DateTimeFormat(DATE_LOCALE.ta, {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

const tamilEventDays = new Intl.DateTimeFormat(DATE_LOCALE.ta, {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** A gallery's event day ("2026-02-14") in `lang`: "14 February 2026", "14 பிப்ரவரி 2026"; null for none. */
export function eventDayIn(lang: ContentLanguage, day: string | null): string | null {
  if (lang === "en") return eventDateText(day);
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : withoutMonthComma(tamilEventDays.formatToParts(date));
}

/**
 * A calendar day ("2026-03-04", a link's last day) in `lang`: "Wednesday, 4 March 2026",
 * "புதன், 4 மார்ச் 2026". It is already the studio's day: no zone is applied.
 */
export function dayIn(lang: ContentLanguage, day: string): string {
  if (lang === "en") return formatDay(day);
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : withoutMonthComma(tamilDays.formatToParts(date));
}

/**
 * A stored time on the studio's clock in `lang`: English as the admin writes it ("4 Mar 2026,
 * 15:30 GMT+5:30"); Tamil "4 மார்ச் 2026, 15:30 (GMT+5:30)" (Intl's own puts "அன்று" between the
 * day and the hour, which reads wrongly inside a sentence).
 */
export function studioTimeIn(lang: ContentLanguage, stored: string, timeZone: string): string {
  if (lang === "en") return formatStudioTime(stored, timeZone);
  const format = new Intl.DateTimeFormat(DATE_LOCALE[lang], {
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
