// The viewer's own buttons for the photo it shows: its heart (while the person's list is open),
// when downloads are open to this browser the photo at web size, and while the wedding's guests
// may search the gallery, whether they may find this photo (issue 31).
import { useT } from "#app/i18n/i18n.ts";
import type { GalleryPhoto, SelectionList } from "#domain/galleries/client-types.ts";
import { HeartIcon } from "./heart-icon.tsx";

interface ViewerButtonsProps {
  photo: GalleryPhoto;
  hearted: boolean;
  /** The list the heart is for (null: no heart, as no list is open or it is locked). */
  heartFor: SelectionList | null;
  download: boolean;
  base: string;
  onToggle: (photo: GalleryPhoto, on: boolean) => void;
  /** While guests may search: whether this photo is hidden from them, and the change. */
  guests?: { hidden: boolean; onHide: (photo: GalleryPhoto, hidden: boolean) => void };
}

export function ViewerButtons({ photo, hearted, heartFor, download, base, onToggle, guests }: ViewerButtonsProps) {
  const t = useT();
  return (
    <>
      {guests ? (
        <button
          key="guests"
          type="button"
          className="yarl__button cg-viewer-guests"
          aria-pressed={guests.hidden}
          aria-label={t("viewer.guests.hide")}
          title={t(guests.hidden ? "viewer.guests.hidden" : "viewer.guests.hide")}
          onClick={() => guests.onHide(photo, !guests.hidden)}
        >
          <HiddenIcon />
        </button>
      ) : null}
      {heartFor ? (
        <button
          key="heart"
          type="button"
          className="yarl__button cg-viewer-heart"
          aria-pressed={hearted}
          aria-label={t("viewer.heart", { list: heartFor.name })}
          title={t("viewer.heart", { list: heartFor.name })}
          onClick={() => onToggle(photo, !hearted)}
        >
          <HeartIcon />
        </button>
      ) : null}
      {download ? (
        <a
          key="download"
          className="yarl__button cg-viewer-download"
          href={`${base}/download/photo/${photo.id}?size=web`}
          download
          aria-label={t("viewer.download")}
          title={t("viewer.download")}
        >
          <DownloadIcon />
        </a>
      ) : null}
    </>
  );
}

export function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M12 3v12m0 0-5-5m5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** An eye, struck through: "not shown to guests". */
function HiddenIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM4 20 20 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
