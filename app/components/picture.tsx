// A responsive photograph: AVIF and WebP srcsets with a JPEG fallback, intrinsic width and
// height (no layout shift), the stored placeholder painted underneath, and lazy loading
// unless it is the page's main image, which is also preloaded.
import { preload } from "react-dom";
import { MAIN_IMAGE_TIMING } from "#app/document/main-image-first.ts";
import type { ResponsiveImage } from "#domain/catalog/types.ts";

export interface ArtDirection {
  /** A media query, e.g. "(max-width: 768px)": when it matches, `image` is used instead. */
  media: string;
  image: ResponsiveImage;
}

interface PictureProps {
  image: ResponsiveImage;
  /**
   * The sizes attribute: how wide the image is drawn at each viewport width. Left out for
   * srcsets of pixel densities (a logo drawn at a fixed size).
   */
  sizes?: string;
  /**
   * The page's largest image: eager, high priority and preloaded; the lists marked
   * afterMainImage() wait for it to paint (main-image-first.ts).
   */
  priority?: boolean;
  /**
   * Load at once (above the fold), but after the page's main image: fetchpriority low, so a
   * phone's bandwidth goes to the largest image first and the rest of the first screen follows
   * (Chrome would otherwise raise the first few images of a page to medium, level with it).
   */
  eager?: boolean;
  artDirection?: ArtDirection;
  className?: string;
  /**
   * An image with transparent areas (a logo): no placeholder painted underneath to show
   * through. An image without a placeholder (an empty one) has none painted either.
   */
  transparent?: boolean;
  /**
   * Named, not loaded: the files are in data-srcset and data-src, for a script to set when the
   * image is wanted (a banner slide that may never be shown). `loading="lazy"` is not enough:
   * browsers load lazy images at once when scripting is off.
   */
  deferred?: boolean;
}

/** The srcset of a source, or its data- copy when the image is deferred. */
function srcSetOf(srcSet: string, deferred: boolean) {
  return deferred ? { "data-srcset": srcSet } : { srcSet };
}

/**
 * Asks for the page's largest image from the document's head, at high priority, in its best
 * format (a browser without it skips the hint and finds the image in the page).
 */
export function preloadImage(image: ResponsiveImage, sizes: string | undefined, media?: string) {
  const best = image.sources[0];
  if (!best) return;
  preload(image.fallback, {
    as: "image",
    imageSrcSet: best.srcSet,
    imageSizes: sizes,
    type: best.type,
    fetchPriority: "high",
    ...(media ? { media } : {}),
  });
}

export function Picture({
  image,
  sizes,
  priority = false,
  eager = false,
  artDirection,
  className,
  transparent = false,
  deferred = false,
}: PictureProps) {
  if (priority) {
    if (artDirection) {
      preloadImage(artDirection.image, sizes, artDirection.media);
      preloadImage(image, sizes, `not all and ${artDirection.media}`);
    } else {
      preloadImage(image, sizes);
    }
  }
  return (
    <picture className={className}>
      {artDirection?.image.sources.map((source) => (
        <source
          key={`art-${source.type}`}
          media={artDirection.media}
          type={source.type}
          {...srcSetOf(source.srcSet, deferred)}
          sizes={sizes}
          width={artDirection.image.width}
          height={artDirection.image.height}
        />
      ))}
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} {...srcSetOf(source.srcSet, deferred)} sizes={sizes} />
      ))}
      <img
        src={deferred ? undefined : image.fallback}
        data-src={deferred ? image.fallback : undefined}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority || eager ? "eager" : "lazy"}
        // "auto" is each attribute's default: left out, not written into every thumbnail.
        fetchPriority={priority ? "high" : eager ? "low" : undefined}
        decoding={priority ? undefined : "async"}
        // Element Timing reports when the main image has painted: the lists below wait for it.
        {...(priority ? { elementtiming: MAIN_IMAGE_TIMING } : {})}
        style={transparent || !image.placeholder ? undefined : { backgroundImage: `url("${image.placeholder}")` }}
      />
    </picture>
  );
}
