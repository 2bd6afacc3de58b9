// A PDF of album spreads (issue 32): its pages as images, one spread each, by PDFium (Chrome's PDF
// library) compiled to WebAssembly and shipped inside its npm package: no system binary, nothing
// downloaded, the same on every machine (ADR 051). SmartAlbums and Fundy draw each spread of a
// PDF export as one JPEG: such a page gives that JPEG's own bytes, byte for byte what the studio
// exported, and costs a copy. Any other page (text, drawings, several images) is drawn at
// DRAWN_PAGE_LONG_EDGE_PX and kept as a JPEG.
import fs from "node:fs/promises";
import { type PDFiumDocument, PDFiumLibrary, type PDFiumPage } from "@hyzyla/pdfium";
import { DRAWN_PAGE_LONG_EDGE_PX } from "./constants.ts";
import { encodeDrawnPage, ImageRejectedError } from "./pipeline.server.ts";
import { type ImageSource, isSourceFile, sourceSlice } from "./source.server.ts";

/** What every PDF starts with. */
const PDF_SIGNATURE = "%PDF-";
/** A page's one image is its spread when their shapes agree this closely (not cropped, not turned). */
const SAME_SHAPE_TOLERANCE = 0.01;

/** Whether the source is a PDF, by its first bytes (never by its name). */
export async function isPdf(source: ImageSource): Promise<boolean> {
  const head = await sourceSlice(source, 0, PDF_SIGNATURE.length);
  return Buffer.from(head).toString("latin1") === PDF_SIGNATURE;
}

let library: Promise<PDFiumLibrary> | undefined;

/** PDFium, loaded once per process (its WebAssembly takes about 70 ms to start). */
function pdfium(): Promise<PDFiumLibrary> {
  library ??= PDFiumLibrary.init();
  return library;
}

/** A page as its spread's image: the JPEG it is, or the page drawn. */
async function pageImage(page: PDFiumPage): Promise<Uint8Array> {
  const { originalWidth, originalHeight } = page.getOriginalSize();
  const objects = [...page.objects()];
  const [only] = objects;
  if (objects.length === 1 && only?.type === "image") {
    const image = await only.getImageDataRaw();
    const shapes = image.width / image.height / (originalWidth / originalHeight);
    if (image.filters.join() === "DCTDecode" && Math.abs(shapes - 1) <= SAME_SHAPE_TOLERANCE)
      // A copy (one memcpy): the bytes are PDFium's memory until the document is destroyed.
      return image.data.slice();
  }
  const scale = DRAWN_PAGE_LONG_EDGE_PX / Math.max(originalWidth, originalHeight);
  const drawn = await page.render({ scale, render: "bitmap" });
  return encodeDrawnPage(drawn.data, drawn.width, drawn.height);
}

/** How many pages a caller takes, and its words for a PDF of more ("an album has at most 200 spreads"). */
export interface PageLimit {
  maxPages: number;
  tooMany: (pages: number) => string;
}

/**
 * The PDF's pages as images, first to last, numbered from 1. Refuses, naming the file, a PDF that
 * cannot be read (damaged, or locked with a password), one without pages, and one of more pages
 * than the caller takes, before any page is read.
 */
export async function* pdfPages(
  source: ImageSource,
  fileName: string,
  { maxPages, tooMany }: PageLimit,
): AsyncGenerator<{ number: number; image: Uint8Array }> {
  const bytes = isSourceFile(source) ? await fs.readFile(source.path) : source;
  let document: PDFiumDocument;
  try {
    document = await (await pdfium()).loadDocument(bytes);
  } catch {
    throw new ImageRejectedError(fileName, "a PDF that cannot be read (damaged, or locked with a password)");
  }
  try {
    const count = document.getPageCount();
    if (count === 0) throw new ImageRejectedError(fileName, "the PDF has no pages");
    if (count > maxPages) throw new ImageRejectedError(fileName, tooMany(count));
    for (let index = 0; index < count; index++) {
      yield { number: index + 1, image: await pageImage(document.getPage(index)) };
    }
  } finally {
    document.destroy();
  }
}
