import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  formatCaptureTime,
  formatDay,
  formatStudioTime,
  isTimeZone,
  timeZoneChoices,
} from "./studio-time.ts";

describe("the studio's time", () => {
  const stored = "2026-03-01T10:00:00.000Z";

  it("shows a stored UTC time in the studio's zone, to the minute, with the offset", () => {
    expect(formatStudioTime(stored, "Asia/Kolkata")).toBe("1 Mar 2026, 15:30 GMT+5:30");
    expect(formatStudioTime(stored, "UTC")).toBe("1 Mar 2026, 10:00 GMT+0");
    expect(formatStudioTime(stored, "America/New_York")).toBe("1 Mar 2026, 05:00 GMT-5");
    // Across midnight and summer time: the date is the studio's too.
    expect(formatStudioTime("2026-07-01T23:30:00.000Z", "Europe/London")).toBe("2 Jul 2026, 00:30 GMT+1");
  });

  it("says a calendar day with its weekday, whatever the zone of the machine", () => {
    expect(formatDay("2026-03-04")).toBe("Wednesday, 4 March 2026");
    expect(formatDay("2026-12-31")).toBe("Thursday, 31 December 2026");
    expect(formatDay("not a day")).toBe("not a day");
  });

  it("falls back to India Standard Time for a zone the runtime does not know", () => {
    expect(formatStudioTime(stored, "Mars/Olympus_Mons")).toBe(formatStudioTime(stored, DEFAULT_TIME_ZONE));
  });

  it("knows the IANA zones and offers them with UTC first", () => {
    expect(["Asia/Kolkata", "UTC", "Europe/London"].every(isTimeZone)).toBe(true);
    expect(["", "Mars/Olympus_Mons", "IST+5"].some(isTimeZone)).toBe(false);
    const choices = timeZoneChoices();
    expect(choices[0]).toBe("UTC");
    expect(choices).toContain(DEFAULT_TIME_ZONE);
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices.every(isTimeZone)).toBe(true);
    // ICU's old names give way to today's.
    expect(choices).toContain("Europe/Kyiv");
    expect(choices).not.toContain("Asia/Calcutta");
    // A zone the studio chose stays on offer, even one the list names otherwise.
    expect(timeZoneChoices("Asia/Calcutta")).toContain("Asia/Calcutta");
  });
});

describe("a camera's capture time", () => {
  it("is shown as the camera's clock read it, whatever the studio's zone", () => {
    expect(formatCaptureTime("2024-05-04T16:20:11")).toBe("4 May 2024, 16:20:11");
    expect(formatCaptureTime("2024-12-31T23:59:59+05:30")).toBe("31 Dec 2024, 23:59:59");
    expect(formatCaptureTime("garbage")).toBe("garbage");
  });
});
