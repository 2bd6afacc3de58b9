// A photo's heart in the person's current list: a form posting to the page that JavaScript makes
// optimistic, or, once the list is sent and locked, only a mark on the photos in it.

import type { FormEvent } from "react";
import { useT } from "#app/i18n/i18n.ts";
import type { GalleryPhoto, SelectionList } from "#domain/galleries/client-types.ts";
import { HeartIcon } from "./heart-icon.tsx";
import { PhotoNote } from "./photo-note.tsx";

interface PhotoControlsProps {
  photo: GalleryPhoto;
  label: string;
  hearted: boolean;
  list: SelectionList;
  locked: boolean;
  here: string;
  onToggle: (photo: GalleryPhoto, on: boolean) => void;
}

/** The heart (a form posting to the page; with JavaScript, optimistic) and, once hearted, a note. */
export function PhotoControls({ photo, label, hearted, list, locked, here, onToggle }: PhotoControlsProps) {
  const t = useT();
  if (locked) {
    return hearted ? (
      <span className="cg-heart-mark" role="img" aria-label={t("photo.inList", { list: list.name })}>
        <HeartIcon />
      </span>
    ) : null;
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onToggle(photo, !hearted);
  };
  return (
    <>
      {/* No action: a form posts to the page's own address (`here`), and 24 of them on the first
          screen would each spell it out (the document's byte budget, ADR 026); nor a list: the
          server takes the one the address shows (itemAction). The intent is the button's, which
          the form sends as it is pressed. */}
      <form method="post" className="cg-heart-form" onSubmit={onSubmit}>
        <input type="hidden" name="photo" value={photo.id} />
        <button
          type="submit"
          name="intent"
          value={hearted ? "unheart" : "heart"}
          className="cg-heart"
          aria-pressed={hearted}
          aria-label={t("photo.heart", { photo: label })}
        >
          <HeartIcon />
        </button>
      </form>
      {hearted ? <PhotoNote photo={photo} label={label} list={list} here={here} /> : null}
    </>
  );
}
