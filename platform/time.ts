// How the database stores time: one way everywhere, an ISO 8601 instant in UTC with
// milliseconds ("2026-11-23T21:11:02.123Z"). Fixed width, so text order is time order and
// `<`/`>` compare correctly in SQL; readable in a backup; parsed by `new Date()` and by
// PostgreSQL's timestamptz alike. See docs/decisions/017-domain-layout.md and
// docs/decisions/020-catalog-read-model-and-time.md (why this form, and migration 0007).

/** Milliseconds per unit, for durations written with their unit. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The stored form of an instant (now, unless given). */
export function toStoredTime(at: Date | number = Date.now()): string {
  return new Date(at).toISOString();
}

/** The stored form of the instant `ms` after `from` (now, unless given). */
export function storedTimeAfter(ms: number, from: Date | number = Date.now()): string {
  return new Date(new Date(from).getTime() + ms).toISOString();
}

/** Reads a stored time back as epoch milliseconds. */
export function fromStoredTime(text: string): number {
  return Date.parse(text);
}
