// The viewer's own buttons for the photo it shows: its heart (while the person's list is open)
// and, when downloads are open to this browser, the photo at web size.
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
}

export function ViewerButtons({ photo, hearted, heartFor, download, base, onToggle }: ViewerButtonsProps) {
  return (
    <>
      {heartFor ? (
        <button
          key="heart"
          type="button"
          className="yarl__button cg-viewer-heart"
          aria-pressed={hearted}
          aria-label={`Heart this photo for ${heartFor.name}`}
          title={`Heart this photo for ${heartFor.name}`}
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
          aria-label="Download this photo (web size)"
          title="Download this photo (web size)"
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
