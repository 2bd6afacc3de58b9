// A hearted photo's note for the studio: folded until asked for. A plain form posting to the page
// before the page's scripts run; after, saved where it is (SaveNoteContext), so a note 2,000
// photos down keeps the client's place instead of reloading the gallery at its top.

import { createContext, type FormEvent, useContext, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
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
  const t = useT();
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
    setAnswer({ ok: true, text: t(comment.trim() === "" ? "note.removed" : "note.saved") });
  };

  return (
    <details className="cg-note">
      <summary className="cg-note-summary">{t(saved ? "note.yours" : "note.add")}</summary>
      <form method="post" action={here} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="photo" value={photo.id} />
        <input type="hidden" name="list" value={list.id} />
        <label htmlFor={`note-${photo.id}`}>{t("note.label", { photo: label })}</label>
        <textarea id={`note-${photo.id}`} name="comment" rows={2} maxLength={500} defaultValue={photo.comment} />
        <button type="submit" className="button button--small" disabled={saving}>
          {t("note.save")}
        </button>
        <p className={answer?.ok === false ? "field-error" : "cg-note-saved"} role="status">
          {answer?.text}
        </p>
      </form>
    </details>
  );
}
