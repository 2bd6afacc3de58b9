// A hearted photo's note for the studio: folded until asked for. A plain form posting to the page
// before the page's scripts run; after, saved where it is (SaveNoteContext), so a note 2,000
// photos down keeps the client's place instead of reloading the gallery at its top.
import { createContext, type FormEvent, useContext, useState } from "react";
import type { GalleryPhoto, SelectionList } from "#domain/galleries/client-types.ts";

/** Saves a note without leaving the page: null, or what went wrong. Absent before hydration. */
export type SaveNote = (photo: GalleryPhoto, comment: string) => Promise<string | null>;
export const SaveNoteContext = createContext<SaveNote | null>(null);

interface PhotoNoteProps {
  photo: GalleryPhoto;
  /** The photo as a sentence names it ("photo 3 of Ceremony"). */
  label: string;
  list: SelectionList;
  here: string;
}

export function PhotoNote({ photo, label, list, here }: PhotoNoteProps) {
  const saveNote = useContext(SaveNoteContext);
  const [saved, setSaved] = useState(photo.comment);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!saveNote) return;
    event.preventDefault();
    const comment = String(new FormData(event.currentTarget).get("comment") ?? "");
    setSaving(true);
    const problem = await saveNote(photo, comment);
    setSaving(false);
    if (problem) {
      setAnswer({ ok: false, text: problem });
      return;
    }
    setSaved(comment.trim());
    setAnswer({ ok: true, text: comment.trim() === "" ? "Note removed." : "Note saved." });
  };

  return (
    <details className="cg-note">
      <summary className="cg-note-summary">{saved ? "Your note" : "Add a note"}</summary>
      <form method="post" action={here} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="photo" value={photo.id} />
        <input type="hidden" name="list" value={list.id} />
        <label htmlFor={`note-${photo.id}`}>Note for the studio on {label}</label>
        <textarea id={`note-${photo.id}`} name="comment" rows={2} maxLength={500} defaultValue={photo.comment} />
        <button type="submit" className="button button--small" disabled={saving}>
          Save note
        </button>
        <p className={answer?.ok === false ? "field-error" : "cg-note-saved"} role="status">
          {answer?.text}
        </p>
      </form>
    </details>
  );
}
