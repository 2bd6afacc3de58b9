// A client's selection list as a file for the studio's album work: a spreadsheet, or the file
// names Lightroom Classic and Capture One filter by. The list is read by selection-review.server.ts.
import { csvRow, UTF8_BOM } from "../inquiries/csv.server.ts";
import type { SelectionListRow } from "./selection-review.server.ts";

export const SELECTION_CSV_HEADER = ["file name", "set", "comment"];

/** A list as a spreadsheet: one photo a line, with its set and the client's comment. */
export function selectionCsv(list: SelectionListRow): string {
  return (
    UTF8_BOM +
    csvRow(SELECTION_CSV_HEADER) +
    list.items.map((i) => csvRow([i.fileName, i.setTitle, i.comment])).join("")
  );
}

/**
 * A list as the text Lightroom Classic's Library filter and Capture One's search take: file
 * names without their extension (so a RAW and its JPEG both match), comma-separated, each once.
 */
export function selectionFileNames(list: SelectionListRow): string {
  const names = list.items.map((i) => i.fileName.replace(/\.[^.]+$/, ""));
  return `${[...new Set(names)].join(", ")}\n`;
}

/**
 * A list's file name, safe on every file system and naming whose list it is: the bride's and
 * her mother's "Album" are two files in the studio's downloads folder, not one overwritten.
 */
export function exportFileName(
  gallery: string,
  list: Pick<SelectionListRow, "name" | "visitorName">,
  extension: "csv" | "txt",
): string {
  const slug = `${gallery}-${list.visitorName}-${list.name}`
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `${slug || "selection"}.${extension}`;
}
