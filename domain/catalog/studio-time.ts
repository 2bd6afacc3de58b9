// The studio's time zone, and every time the admin shows said in it: a studio in Coimbatore reads
// an inquiry's arrival as 17:30, not 12:00 UTC. Stored times stay UTC (platform/time.ts); only
// what people read is converted. Shared by the server (settings) and the browser (the admin's
// <StudioTime>), with the zone's offset spelt out so the text is the same in Node and Chromium.

/** India Standard Time: the studio this was first built for. */
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** Whether the runtime knows `name` as an IANA time zone (or UTC). */
export function isTimeZone(name: string): boolean {
  if (name === "") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * ICU lists some zones by names the IANA database has since replaced (Asia/Calcutta for
 * Asia/Kolkata); the settings offer the names people know today. Both are valid everywhere.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** Every zone the settings offer, by today's names, alphabetically, UTC first; `current` always. */
export function timeZoneChoices(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone").map((zone) => CURRENT_NAMES[zone] ?? zone));
  if (current && isTimeZone(current)) zones.add(current);
  zones.delete("UTC");
  return ["UTC", ...[...zones].sort()];
}

/** The calendar day ("2026-02-14") it is at `now` in the studio's zone: a link's last day ends at its midnight. */
export function studioDay(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "24 Nov 2026, 17:30 GMT+5:30": a stored time to the minute, in the studio's zone. */
export function formatStudioTime(stored: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "shortOffset",
    });
    formats.set(timeZone, format);
  }
  return format.format(new Date(stored));
}

const CAPTURE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/;

/**
 * A camera's capture time as its own clock showed it ("2024-05-04T16:20:11", ADR 023), e.g.
 * "4 May 2024, 16:20:11": no zone is applied, since the camera's clock had none.
 */
export function formatCaptureTime(value: string): string {
  const m = CAPTURE_TIME.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const wall = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(wall);
}

const CALENDAR_DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/**
 * A calendar day ("2026-03-04", a link's last day) as people read it: "Wednesday, 4 March 2026".
 * It is already the studio's day: no zone is applied.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : CALENDAR_DAY.format(date);
}

const EVENT_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** A gallery's event day as its pages show it, "14 February 2026"; null for none (or not a day). */
export function eventDateText(day: string | null): string | null {
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : EVENT_DAY.format(date);
}
