// One set of the gallery: its heading, a link back to its earlier photos on a later page, and its
// photo grid. Before its boxes are drawn (the document, and a page without JavaScript), the grid
// holds the document's photos and a link to the next page; after, a box for every photo of the
// set, empty until its page comes (use-places-in-view.ts asks for it).

import { type CSSProperties, memo } from "react";
import { useT } from "#app/i18n/i18n.ts";
import {
  type GalleryPhoto,
  PHOTOS_PER_PAGE,
  type SelectionList,
  type SetWindow,
} from "#domain/galleries/client-types.ts";
import type { useGalleryViewer } from "../viewer/launcher.tsx";
import { GalleryItem } from "./gallery-item.tsx";
import { MoreLink } from "./more-link.tsx";
import { SLOT_CLASS } from "./use-places-in-view.ts";
import type { LoadedSet } from "./use-set-pages.ts";

interface GallerySetProps {
  set: SetWindow;
  /** Its places so far. */
  state: LoadedSet;
  /** Every place has its box (otherwise: the document's photos, and a More photos link). */
  boxed: boolean;
  /** Its first place's index in the viewer, which counts across the sets. */
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
  /** A heart just refused, said beside its photo. */
  refusal: { text: string; photoId: number | null } | null;
  /** Draws every place's box (the More photos link, once JavaScript runs). */
  onBox: () => void;
}

/** Places per run of empty boxes at most (a page's worth). */
const SLOT_CHUNK = PHOTOS_PER_PAGE;

/** Empty boxes side by side: memoised, so a page arriving elsewhere in the set redraws none of them. */
const Slots = memo(function Slots({
  from,
  to,
  shapes,
  hearted,
}: {
  from: number;
  to: number;
  shapes: string[];
  hearted: ReadonlySet<number>;
}) {
  const boxes = [];
  for (let place = from; place < to; place++) {
    boxes.push(
      <li
        key={place}
        className={hearted.has(place) ? `${SLOT_CLASS} ${SLOT_CLASS}--noted` : SLOT_CLASS}
        data-place={place}
        aria-hidden="true"
        style={{ "--shape": shapes[place] } as CSSProperties}
      />,
    );
  }
  return boxes;
});

export function GallerySet({
  set,
  state,
  boxed,
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
  refusal,
  onBox,
}: GallerySetProps) {
  const t = useT();
  const { places, shapes, hearted } = state;
  const windowEnd = set.offset + set.photos.length;
  const end = boxed ? places.length : windowEnd;
  const children = [];
  let lastChunk = -1;
  let runInChunk = 0;
  for (let place = set.offset; place < end; ) {
    const photo = places[place];
    if (photo) {
      children.push(
        <GalleryItem
          key={photo.id}
          photo={photo}
          shape={shapes[place]}
          n={place + 1}
          setTitle={set.title}
          viewerIndex={firstIndex + place}
          linkProps={linkProps}
          priority={firstIsLargest && firstIndex + place === 0}
          hearted={isHearted(photo)}
          list={list}
          locked={locked}
          here={here}
          onToggle={onToggle}
          refusal={refusal?.photoId === photo.id ? refusal.text : null}
        />,
      );
      place++;
      continue;
    }
    // Empty boxes in runs that never cross a chunk's edge, each run keyed by its chunk: a page
    // arriving redraws the runs of the chunks it covers, never a run of 3,000 boxes from scratch.
    const chunk = Math.floor(place / SLOT_CHUNK);
    const chunkEnd = Math.min(end, (chunk + 1) * SLOT_CHUNK);
    let to = place + 1;
    while (to < chunkEnd && !places[to]) to++;
    const key = chunk === lastChunk ? `${chunk}.${++runInChunk}` : `${chunk}`;
    if (chunk !== lastChunk) runInChunk = 0;
    lastChunk = chunk;
    children.push(<Slots key={`slots-${key}`} from={place} to={to} shapes={shapes} hearted={hearted} />);
    place = to;
  }
  return (
    <section id={`set-${set.id}`} className="cg-set" aria-labelledby={`set-${set.id}-heading`}>
      <h2 id={`set-${set.id}-heading`} className="cg-set-title" tabIndex={-1}>
        {set.title} <span className="cg-set-count">{t("set.count", { count: set.count })}</span>
      </h2>
      {set.offset > 0 ? (
        <p className="cg-more">
          <a
            href={`${base}?set=${set.id}&offset=${Math.max(0, set.offset - PHOTOS_PER_PAGE)}${listQuery}#set-${set.id}`}
          >
            {t("set.earlier", { set: set.title })}
          </a>
        </p>
      ) : null}
      <ul className="cg-grid" data-set={set.id}>
        {children}
      </ul>
      {!boxed && windowEnd < places.length ? (
        <MoreLink
          href={`${base}?set=${set.id}&offset=${windowEnd}${listQuery}#set-${set.id}`}
          label={t("set.more", { set: set.title, count: places.length - windowEnd })}
          onClick={onBox}
        />
      ) : null}
    </section>
  );
}
