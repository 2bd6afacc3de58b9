// A PDF of spreads read by PDFium (ADR 051): a page that is one JPEG is that JPEG, byte for byte;
// any other page is drawn; what cannot be a PDF of spreads is refused by name.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seededJpeg } from "#fixtures/gallery-fixture.ts";
import { pdfOf } from "#tests/helpers/pdf.ts";
import { DRAWN_PAGE_LONG_EDGE_PX } from "./constants.ts";
import { isPdf, pdfPages } from "./pdf.server.ts";
import { ImageRejectedError } from "./pipeline.server.ts";
import { sourceFile } from "./source.server.ts";

/** A caller that takes up to 5 pages. */
const UP_TO_FIVE = { maxPages: 5, tooMany: (pages: number) => `${pages} pages, where 5 are taken` };

async function pagesOf(data: Uint8Array, name = "album.pdf") {
  const pages = [];
  for await (const page of pdfPages(data, name, UP_TO_FIVE)) pages.push(page);
  return pages;
}

async function refusal(data: Uint8Array, name: string): Promise<string> {
  const error = await pagesOf(data, name).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).message;
}

describe("a PDF of spreads", () => {
  it("gives a page that is one JPEG as that JPEG's own bytes, and draws any other page", async () => {
    const first = await seededJpeg(41, 960, 480);
    const third = await seededJpeg(42, 800, 400);
    const pdf = pdfOf([
      { jpeg: first, width: 960, height: 480 },
      { text: "Spread two, in words" },
      { jpeg: third, width: 800, height: 400 },
    ]);
    const pages = await pagesOf(pdf);
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(Buffer.from(pages[0]?.image ?? [])).toEqual(first);
    expect(Buffer.from(pages[2]?.image ?? [])).toEqual(third);
    // The page of text: drawn as a JPEG at the drawn pages' size, its words dark on white.
    const drawn = sharp(pages[1]?.image ?? Buffer.alloc(0));
    expect(await drawn.metadata()).toMatchObject({ format: "jpeg", width: DRAWN_PAGE_LONG_EDGE_PX, height: 2048 });
    const { channels } = await drawn.stats();
    expect(channels[0]?.max).toBeGreaterThan(240);
    expect(channels[0]?.min).toBeLessThan(60);
  });

  it("is read from its file on the disk as from memory, and told from an image by its first bytes", async () => {
    const pdf = pdfOf([{ text: "One" }, { text: "Two" }]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pdf-test-")), "upload");
    fs.writeFileSync(file, pdf);
    try {
      expect(await isPdf(await sourceFile(file))).toBe(true);
      expect(await isPdf(pdf)).toBe(true);
      expect(await isPdf(await seededJpeg(43, 100, 50))).toBe(false);
      const pages = [];
      for await (const page of pdfPages(await sourceFile(file), "album.pdf", UP_TO_FIVE)) pages.push(page.number);
      expect(pages).toEqual([1, 2]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it("refuses, by name, a damaged PDF, one without pages and one of more pages than its caller takes", async () => {
    expect(await refusal(Buffer.from("%PDF-1.7\nnot really a PDF at all\n"), "broken.pdf")).toBe(
      "broken.pdf: a PDF that cannot be read (damaged, or locked with a password)",
    );
    expect(await refusal(pdfOf([]), "empty.pdf")).toBe("empty.pdf: the PDF has no pages");
    const many = pdfOf(Array.from({ length: 6 }, (_, i) => ({ text: `Page ${i + 1}` })));
    expect(await refusal(many, "long.pdf")).toBe("long.pdf: 6 pages, where 5 are taken");
  });
});
