// A responsive photograph: AVIF and WebP srcsets with a JPEG fallback, intrinsic width and
// height (no layout shift), the stored placeholder painted underneath, and lazy loading
// unless it is the page's main image, which is also preloaded.
import { preload } from "react-dom";
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
  /** The page's largest image: eager, high priority and preloaded. */
  priority?: boolean;
  /** Load at once (above the fold) without the priority hint or preload. */
  eager?: boolean;
  artDirection?: ArtDirection;
  className?: string;
  /** An image with transparent areas (a logo): no placeholder painted underneath to show through. */
  transparent?: boolean;
}

function preloadImage(image: ResponsiveImage, sizes: string | undefined, media?: string) {
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
          srcSet={source.srcSet}
          sizes={sizes}
          width={artDirection.image.width}
          height={artDirection.image.height}
        />
      ))}
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.fallback}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority || eager ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        style={transparent ? undefined : { backgroundImage: `url("${image.placeholder}")` }}
      />
    </picture>
  );
}
