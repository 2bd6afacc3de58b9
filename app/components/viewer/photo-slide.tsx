// How one photo is drawn in the viewer and in its thumbnail strip. The photo is our own slide
// type (the library's `render.slide`): a <picture> over our AVIF and WebP variants, so the
// browser picks the file that fits the drawn size times the screen's pixel ratio, and a larger
// one when `sizes` grows with the zoom. What the grid showed, or the stored placeholder, is
// painted underneath until the file arrives. The slide fills the view; the current one takes
// the pointer gestures (pointer.ts), and its photo is the element the zoom moves (zoom.ts).
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  activeSlideStatus,
  type ContainerRect,
  type GenericSlide,
  SLIDE_STATUS_COMPLETE,
  SLIDE_STATUS_ERROR,
  SLIDE_STATUS_LOADING,
  useEvents,
} from "yet-another-react-lightbox";
import { useT } from "#app/i18n/i18n.ts";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { PRELOAD_NEIGHBOURS, ZOOM_MIN_SCALE } from "./constants.ts";
import { useViewer } from "./context.ts";

export const PHOTO_SLIDE = "photo";

declare module "yet-another-react-lightbox" {
  interface PhotoSlide extends GenericSlide {
    type: typeof PHOTO_SLIDE;
    image: ResponsiveImage;
    alt: string;
    shownSrc: string;
  }
  interface SlideTypes {
    photo: PhotoSlide;
  }
}

type Status = typeof SLIDE_STATUS_LOADING | typeof SLIDE_STATUS_COMPLETE | typeof SLIDE_STATUS_ERROR;

/** The photo's drawn size: as large as fits the slide, never larger than the photo itself. */
function fittedSize(image: ResponsiveImage, rect: ContainerRect) {
  const scale = Math.min(rect.width / image.width, rect.height / image.height, 1);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

interface PhotoSlideViewProps {
  slide: import("yet-another-react-lightbox").PhotoSlide;
  offset: number;
  rect: ContainerRect;
}

const atFit = () => ZOOM_MIN_SCALE;

export function PhotoSlideView({ slide, offset, rect }: PhotoSlideViewProps) {
  const t = useT();
  const [status, setStatus] = useState<Status>(SLIDE_STATUS_LOADING);
  const { publish } = useEvents();
  const { zoom, gestures } = useViewer();
  const current = offset === 0;
  const level = useSyncExternalStore(zoom.subscribe, current ? zoom.getLevel : atFit, atFit);
  const photo = useRef<HTMLDivElement>(null);
  // The slideshow waits for the current photo to load before it starts counting.
  useEffect(() => {
    if (current) publish(activeSlideStatus(status));
  }, [current, status, publish]);

  const { image } = slide;
  const size = fittedSize(image, rect);
  // The current slide's photo is the one the zoom moves (measured again when the view resizes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sizes, not their objects, matter.
  useLayoutEffect(() => {
    const element = photo.current;
    if (!current || !element) return;
    zoom.attach({ element, photo: size, view: rect });
  }, [current, zoom, size.width, size.height, rect.width, rect.height]);
  useLayoutEffect(() => {
    const element = photo.current;
    if (current && element) return () => zoom.detach(element);
  }, [current, zoom]);

  // The carousel keeps more slides around than we load (the thumbnail strip shows as many):
  // beyond the preloaded neighbours a slide is only its inline placeholder. A photo the page has
  // not fetched yet (a client gallery's, far down) has no file yet: its shape, until it comes.
  if (Math.abs(offset) > PRELOAD_NEIGHBOURS || isPending(image)) {
    return (
      <div className="viewer-slide">
        <div
          className="viewer-photo"
          style={{
            width: size.width,
            height: size.height,
            backgroundImage: image.placeholder ? `url("${image.placeholder}")` : undefined,
          }}
        />
      </div>
    );
  }
  const drawnWidth = Math.ceil(size.width * level);
  const sizes = `${drawnWidth}px`;
  const underlay = [slide.shownSrc, image.placeholder].filter(Boolean).map((src) => `url("${src}")`);

  return (
    <div
      className="viewer-slide"
      data-current={current ? "" : undefined}
      {...(current ? gestures.handlers : undefined)}
    >
      <div
        ref={photo}
        className="viewer-photo"
        data-status={status}
        style={{
          width: size.width,
          height: size.height,
          backgroundImage: status === SLIDE_STATUS_ERROR ? undefined : underlay.join(", "),
        }}
      >
        {status === SLIDE_STATUS_ERROR ? (
          <p className="viewer-photo-error">{t("viewer.notFound")}</p>
        ) : (
          <picture>
            {image.sources.map((source) => (
              <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
            ))}
            <img
              ref={(img) => {
                // A cached file can finish before React listens for its load event.
                if (img?.complete && img.naturalWidth > 0) setStatus(SLIDE_STATUS_COMPLETE);
              }}
              src={image.fallback}
              alt={slide.alt}
              width={size.width}
              height={size.height}
              draggable={false}
              fetchPriority={offset === 0 ? "high" : "low"}
              onLoad={() => setStatus(SLIDE_STATUS_COMPLETE)}
              onError={() => setStatus(SLIDE_STATUS_ERROR)}
            />
          </picture>
        )}
      </div>
    </div>
  );
}

/** A photo whose files the page has yet to fetch: it has a shape and nothing else. */
const isPending = (image: ResponsiveImage) => image.fallback === "" && image.sources.length === 0;

/** The strip's thumbnail: the smallest variants, chosen by the browser for the strip's size. */
export function PhotoThumbnail({ slide, rect }: { slide: PhotoSlideViewProps["slide"]; rect: ContainerRect }) {
  const { image } = slide;
  if (isPending(image)) return <span className="viewer-thumbnail" style={{ width: rect.width, height: rect.height }} />;
  return (
    <picture className="viewer-thumbnail-picture">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={`${rect.width}px`} />
      ))}
      <img
        className="viewer-thumbnail"
        src={image.fallback}
        alt=""
        width={rect.width}
        height={rect.height}
        loading="lazy"
        draggable={false}
        style={{ backgroundImage: `url("${image.placeholder}")` }}
      />
    </picture>
  );
}
