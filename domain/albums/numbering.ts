// A spread's number from its exported file's name. SmartAlbums and Fundy name their JPEG exports
// with the spread's number last ("Priya-Karthik_07.jpg", "spread 7.jpg", "007.jpg"), so a re-export
// of only the changed spreads lands on their numbers; a name without one takes its place in the
// order the files were chosen in (sorted by name, as the uploader sends them).

/** A number past this is not a spread's (a camera's "IMG_2031.jpg"): the file's place is used. */
export const MAX_SPREAD_NUMBER = 200;

export function spreadNumberOf(fileName: string, place: number): number {
  const base = fileName.replace(/\.[^.]*$/, "");
  const digits = base.match(/(\d+)(?!.*\d)/)?.[1];
  const number = digits === undefined ? Number.NaN : Number(digits);
  return Number.isSafeInteger(number) && number >= 1 && number <= MAX_SPREAD_NUMBER ? number : place;
}

/** File names in the order a person reads them: "spread 2" before "spread 10". */
export function byFileName(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true, sensitivity: "base" });
}
