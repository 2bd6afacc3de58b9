// One photo of a set's grid: its link into the viewer (the large image without JavaScript), and
// the person's heart and note when they are choosing.

import { type CSSProperties, memo } from "react";
import { useT } from "#app/i18n/i18n.ts";
import type { GalleryPhoto, SelectionList } from "#domain/galleries/client-types.ts";
import { largeUrl } from "#domain/galleries/compact-image.ts";
import { shapeOf } from "#domain/galleries/shape-codes.ts";
import { Picture } from "../picture.tsx";
import type { useGalleryViewer } from "../viewer/launcher.tsx";
import { PhotoControls } from "./photo-controls.tsx";
import { imagesOf } from "./photo-images.ts";

/** A row's height before it is stretched to the width, in CSS px (as in .cg-grid in client-gallery.css). */
const ROW_HEIGHT_PX = { phone: 104, wide: 208 } as const;
/** How much wider than its row height × shape a photo may be drawn once its row is stretched. */
const ROW_STRETCH = 1.4;
/** Photos in the first row or so load at once; the rest as they near the screen. */
const EAGER_PHOTOS = 6;

function sizesOf(photo: GalleryPhoto): string {
  const shape = photo.image.width / photo.image.height;
  const px = (row: number) => Math.ceil(shape * row * ROW_STRETCH);
  return `(max-width: 640px) ${px(ROW_HEIGHT_PX.phone)}px, ${px(ROW_HEIGHT_PX.wide)}px`;
}

interface GalleryItemProps {
  photo: GalleryPhoto;
  /** Its --shape, as its empty box had it (shape-codes.ts): the box it fills keeps its size. */
  shape: string | undefined;
  /** Its number in its set, from 1. */
  n: number;
  setTitle: string;
  /** Its index in the viewer, which counts across the sets. */
  viewerIndex: number;
  linkProps: ReturnType<typeof useGalleryViewer>["linkProps"];
  priority: boolean;
  hearted: boolean;
  list: SelectionList | null;
  locked: boolean;
  here: string;
  onToggle: (photo: GalleryPhoto, on: boolean) => void;
  /** Why its heart was just refused, said beside it (null: nothing to say). */
  refusal: string | null;
}

/** One photo of the grid. Memoised: a page of photos appended while scrolling renders only its own. */
export const GalleryItem = memo(function GalleryItem({
  photo,
  shape,
  n,
  setTitle,
  viewerIndex,
  linkProps,
  priority,
  hearted,
  list,
  locked,
  here,
  onToggle,
  refusal,
}: GalleryItemProps) {
  const t = useT();
  return (
    <li
      id={`p-${photo.id}`}
      className="cg-item"
      style={{ "--shape": shape ?? shapeOf(photo.image.width, photo.image.height) } as CSSProperties}
    >
      <a
        {...linkProps(viewerIndex)}
        href={largeUrl(photo.image)}
        className="cg-link"
        aria-label={photo.image.alt || t("photo.name", { n, set: setTitle })}
      >
        <Picture
          image={imagesOf(photo).grid}
          sizes={sizesOf(photo)}
          priority={priority}
          eager={viewerIndex < EAGER_PHOTOS}
        />
      </a>
      {refusal ? (
        <p className="cg-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      {list ? (
        <PhotoControls
          photo={photo}
          label={t("photo.inSentence", { n, set: setTitle })}
          hearted={hearted}
          list={list}
          locked={locked}
          here={here}
          onToggle={onToggle}
        />
      ) : null}
    </li>
  );
});
