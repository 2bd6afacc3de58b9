// A selection list's exports (ADR 028): a CSV (file name, set, comment), the file names that
// Lightroom's filter and Capture One's search take, and a ZIP of the originals. On the gallery's
// page and on the review of its picks.

/** Whose list it is, as the studio says it: "Priya's Album" (two people's lists may share a name). */
export function whoseList(list: { name: string; visitorName: string }): string {
  return `${list.visitorName}'s ${list.name}`;
}

export function ListExports({ galleryId, list }: { galleryId: number; list: { id: number; name: string } }) {
  const base = `/admin/galleries/${galleryId}/selections/${list.id}`;
  return (
    <>
      <a className="button" href={`${base}/export/csv`} download>
        CSV<span className="visually-hidden"> of {list.name}</span>
      </a>
      <a className="button" href={`${base}/export/txt`} download>
        File names for Lightroom / Capture One<span className="visually-hidden"> of {list.name}</span>
      </a>
      <a className="button" href={`${base}/originals.zip`} download>
        ZIP of the originals<span className="visually-hidden"> of {list.name}</span>
      </a>
    </>
  );
}
