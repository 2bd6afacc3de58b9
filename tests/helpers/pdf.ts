// PDFs for tests, written out by hand (the format's own objects, no library): a page that is one
// JPEG filling it, as SmartAlbums and Fundy export a spread, or a page of text in a built-in font.

export type PdfPage = { jpeg: Uint8Array; width: number; height: number } | { text: string };

/** Points per pixel of a JPEG page: 300 dpi, a print export's. */
const POINTS_PER_PIXEL = 72 / 300;
const TEXT_PAGE = { width: 600, height: 300 };

/** A PDF of these pages, in order. */
export function pdfOf(pages: readonly PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  /** Adds an object (its body, and a stream after it) and returns its number. */
  const add = (body: string, stream?: Uint8Array): number => {
    const number = objects.length + 1;
    const parts = [Buffer.from(`${number} 0 obj\n${body}\n`, "latin1")];
    if (stream) parts.push(Buffer.from("stream\n"), Buffer.from(stream), Buffer.from("\nendstream\n"));
    parts.push(Buffer.from("endobj\n"));
    objects.push(Buffer.concat(parts));
    return number;
  };
  add("<< /Type /Catalog /Pages 2 0 R >>");
  const kidsAt = objects.length;
  objects.push(Buffer.alloc(0)); // the page tree, written once its kids are known
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids: number[] = [];
  for (const page of pages) {
    if ("jpeg" in page) {
      const w = page.width * POINTS_PER_PIXEL;
      const h = page.height * POINTS_PER_PIXEL;
      const image = add(
        `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.byteLength} >>`,
        page.jpeg,
      );
      const draw = Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`);
      const content = add(`<< /Length ${draw.byteLength} >>`, draw);
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
        ),
      );
    } else {
      const write = Buffer.from(`BT /F1 28 Tf 40 140 Td (${page.text.replace(/[()\\]/g, "\\$&")}) Tj ET`);
      const content = add(`<< /Length ${write.byteLength} >>`, write);
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${TEXT_PAGE.width} ${TEXT_PAGE.height}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
        ),
      );
    }
  }
  objects[kidsAt] = Buffer.from(
    `2 0 obj\n<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>\nendobj\n`,
    "latin1",
  );
  const header = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const offsets: number[] = [];
  let at = header.byteLength;
  for (const object of objects) {
    offsets.push(at);
    at += object.byteLength;
  }
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(at),
    "%%EOF",
    "",
  ].join("\n");
  return Buffer.concat([header, ...objects, Buffer.from(xref, "latin1")]);
}
