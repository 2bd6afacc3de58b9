// One set of the gallery: its heading, a link back to its earlier photos on a later page, its
// photo grid, and the link that brings its next photos.
import {
  type GalleryPhoto,
  PHOTOS_PER_PAGE,
  type SelectionList,
  type SetWindow,
} from "#domain/galleries/client-types.ts";
import type { useGalleryViewer } from "../viewer/launcher.tsx";
import { GalleryItem } from "./gallery-item.tsx";
import { MoreLink } from "./more-link.tsx";
import type { LoadedSet } from "./use-set-pages.ts";

interface GallerySetProps {
  set: SetWindow;
  /** Its photos so far. */
  state: LoadedSet;
  /** Its first photo's index in the viewer, which counts across the sets. */
  firstIndex: number;
  /** The gallery has no hero: its very first photo is the page's largest image. */
  firstIsLargest: boolean;
  base: string;
  listQuery: string;
  linkProps: ReturnType<typeof useGalleryViewer>["linkProps"];
  isHearted: (photo: GalleryPhoto) => boolean;
  list: SelectionList | null;
  locked: boolean;
  here: string;
  onToggle: (photo: GalleryPhoto, on: boolean) => void;
  onMore: (setId: number) => void;
  /** How far below the screen its More photos link counts as near, in CSS px. */
  prefetchMargin: number;
  /** Photos shown in the whole gallery. */
  shown: number;
}

export function GallerySet({
  set,
  state,
  firstIndex,
  firstIsLargest,
  base,
  listQuery,
  linkProps,
  isHearted,
  list,
  locked,
  here,
  onToggle,
  onMore,
  prefetchMargin,
  shown,
}: GallerySetProps) {
  return (
    <section id={`set-${set.id}`} className="cg-set" aria-labelledby={`set-${set.id}-heading`}>
      <h2 id={`set-${set.id}-heading`} className="cg-set-title">
        {set.title} <span className="cg-set-count">{set.count} photos</span>
      </h2>
      {set.offset > 0 ? (
        <p className="cg-more">
          <a
            href={`${base}?set=${set.id}&offset=${Math.max(0, set.offset - PHOTOS_PER_PAGE)}${listQuery}#set-${set.id}`}
          >
            Earlier photos from {set.title}
          </a>
        </p>
      ) : null}
      <ul className="cg-grid">
        {state.photos.map((photo, i) => (
          <GalleryItem
            key={photo.id}
            photo={photo}
            n={set.offset + i + 1}
            setTitle={set.title}
            viewerIndex={firstIndex + i}
            linkProps={linkProps}
            priority={firstIsLargest && firstIndex + i === 0}
            hearted={isHearted(photo)}
            list={list}
            locked={locked}
            here={here}
            onToggle={onToggle}
          />
        ))}
      </ul>
      {state.next !== null ? (
        <MoreLink
          href={`${base}?set=${set.id}&offset=${state.next}${listQuery}#set-${set.id}`}
          label={`More photos from ${set.title} (${set.count - state.next} more)`}
          onNear={() => onMore(set.id)}
          margin={prefetchMargin}
          shown={shown}
        />
      ) : null}
    </section>
  );
}
