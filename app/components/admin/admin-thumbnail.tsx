// An admin thumbnail (the photo manager's grid, the trash): one file per format at the size the
// admin draws (toThumbnail), with its width and height so the page keeps its place while it loads.
import type { Thumbnail } from "#domain/catalog/images.server.ts";

export function AdminThumbnail({
  thumbnail,
  alt,
  eager = false,
  draggable,
}: {
  thumbnail: Thumbnail;
  /** Empty when the text beside it already names the photo. */
  alt: string;
  eager?: boolean;
  draggable?: boolean;
}) {
  return (
    <picture>
      {thumbnail.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.src} />
      ))}
      <img
        src={thumbnail.src}
        alt={alt}
        width={thumbnail.width}
        height={thumbnail.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        draggable={draggable}
      />
    </picture>
  );
}
