// The mails' words as the server hands them to the domain (issue 33): the `mail` catalogue in each
// language; days and times in Tamil as the studio writes them.
import { describe, expect, it } from "vitest";
import { dayIn, studioTimeIn } from "#domain/catalog/language-dates.ts";
import { MISSING_MARK } from "./i18n.ts";
import { mailWordsFor } from "./mail-words.server.ts";

describe("the mails' words", () => {
  it("are the mail catalogue's, in each language", () => {
    expect(mailWordsFor("en")("mail.hello.named", { name: "Priya" })).toBe("Hello Priya,");
    expect(mailWordsFor("ta")("mail.hello.named", { name: "Priya" })).toBe("வணக்கம் Priya,");
    // Tamil's plural through Intl: one and other.
    const comments = (count: number) => mailWordsFor("ta")("mail.album.changes.text", { comments: count });
    expect(comments(1)).toContain("1 கருத்து.");
    expect(comments(3)).toContain("3 கருத்துகள்.");
    expect(mailWordsFor("ta")("mail.nothing")).toContain(MISSING_MARK);
  });

  it("date in Tamil without Intl's comma before the year, in English as before", () => {
    expect(dayIn("en", "2026-01-25")).toBe("Sunday, 25 January 2026");
    expect(dayIn("ta", "2026-01-25")).toBe("ஞாயிறு, 25 ஜனவரி 2026");
    expect(dayIn("ta", "not a day")).toBe("not a day");
    const approved = "2026-03-04T10:00:00.000Z";
    expect(studioTimeIn("en", approved, "Asia/Kolkata")).toBe("4 Mar 2026, 15:30 GMT+5:30");
    expect(studioTimeIn("ta", approved, "Asia/Kolkata")).toBe("4 மார்ச் 2026, 15:30 (GMT+5:30)");
  });
});
