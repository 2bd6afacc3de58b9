// A hearted photo's note for the studio: folded until asked for, a plain form posting to the page
// (with or without JavaScript).
import type { GalleryPhoto, SelectionList } from "#domain/galleries/client-types.ts";

interface PhotoNoteProps {
  photo: GalleryPhoto;
  /** The photo as a sentence names it ("photo 3 of Ceremony"). */
  label: string;
  list: SelectionList;
  here: string;
}

export function PhotoNote({ photo, label, list, here }: PhotoNoteProps) {
  return (
    <details className="cg-note">
      <summary>{photo.comment ? "Your note" : "Add a note"}</summary>
      <form method="post" action={here}>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="photo" value={photo.id} />
        <input type="hidden" name="list" value={list.id} />
        <label htmlFor={`note-${photo.id}`}>Note for the studio on {label}</label>
        <textarea id={`note-${photo.id}`} name="comment" rows={2} maxLength={500} defaultValue={photo.comment} />
        <button type="submit" className="button button--small">
          Save note
        </button>
      </form>
    </details>
  );
}
