// The CSV export: quoting a spreadsheet reads back exactly, no cell a spreadsheet would run
// as a formula, a BOM for Excel, and every inquiry the filter selects (past one query's batch).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { csvCell, csvRow, INQUIRY_CSV_HEADER, inquiriesCsv, UTF8_BOM } from "./csv.server.ts";
import { setInquiryHandled, storeInquiry } from "./store.server.ts";

describe("csvCell", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('She said "yes", then')).toBe('"She said ""yes"", then"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell("")).toBe('""');
  });

  it("turns anything a spreadsheet would run as a formula into text", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell("+91 98765 43210")).toBe('"\'+91 98765 43210"');
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\t=1")).toBe('"\'\t=1"');
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    // Only the first character matters.
    expect(csvCell("a=1")).toBe('"a=1"');
    expect(csvCell("ümlaut")).toBe('"ümlaut"');
  });

  it("ends rows with CRLF", () => {
    expect(csvRow(["a", 1, null])).toBe('"a","1",""\r\n');
  });
});

describe("inquiriesCsv", () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(() => store.cleanup());

  const store1 = (name: string, message: string, at: string, email = "") =>
    storeInquiry(
      store.db,
      { name, phoneNumber: "", email, message },
      { page: "/contactUs", ack: true, now: new Date(at) },
    );

  it("starts with a BOM and the header, newest first, with handled time and each mail's state", async () => {
    const first = await store1("Ana", "=1+1", "2026-03-01T10:00:00.000Z", "ana@example.com");
    await store1("Ravi", 'Line one\nLine "two"', "2026-03-01T11:00:00.000Z");
    await setInquiryHandled(store.db, first, true, new Date("2026-03-02T08:00:00.000Z"));
    await store.db
      .updateTable("mail_outbox")
      .set({ attempts: 2, last_error: "connect ECONNREFUSED" })
      .where("inquiry_id", "=", first)
      .where("kind", "=", "studio")
      .execute();

    const csv = await inquiriesCsv(store.db, { filter: "all", mailOn: true });
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(UTF8_BOM.length)).toBe(
      [
        csvRow(INQUIRY_CSV_HEADER),
        '"2","2026-03-01T11:00:00.000Z","Ravi","","","Line one\nLine ""two""","/contactUs","","queued",""\r\n',
        '"1","2026-03-01T10:00:00.000Z","Ana","","ana@example.com","\'=1+1","/contactUs","2026-03-02T08:00:00.000Z",' +
          '"retrying (2 attempts): connect ECONNREFUSED","queued"\r\n',
      ].join(""),
    );
    const open = await inquiriesCsv(store.db, { filter: "open", mailOn: false });
    expect(open.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(open).toContain('"Ravi"');
    expect(open).toContain('"mail off"');
  });

  it("includes every inquiry, past the size of one batch", async () => {
    const COUNT = 1_203;
    await store.db
      .insertInto("inquiries")
      .values(
        Array.from({ length: COUNT }, (_, i) => ({
          uid: `u${i}`,
          message: `m${i}`,
          created_at: "2026-03-01T10:00:00.000Z",
        })),
      )
      .execute();
    const lines = (await inquiriesCsv(store.db, { filter: "all", mailOn: true })).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(COUNT + 1);
    expect(lines[1]).toContain(`"m${COUNT - 1}"`);
    expect(lines.at(-1)).toContain('"m0"');
  });
});
