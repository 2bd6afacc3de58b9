// One photo's thumbnail in the admin's grids (the photo manager, the review of a client's picks,
// the trash): one file per format at a fixed size (domain/catalog/images.server.ts's Thumbnail),
// its width and height in the markup so nothing moves as it loads, and lazy unless it is on the
// first screen. Its alt text is empty where the grid names the photo beside it.
import type { Thumbnail } from "#domain/catalog/images.server.ts";

export function AdminThumbnail({
  thumbnail,
  alt = "",
  eager = false,
}: {
  thumbnail: Thumbnail | null;
  alt?: string;
  eager?: boolean;
}) {
  if (!thumbnail) return <span className="pm-missing">No image</span>;
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
        draggable={false}
      />
    </picture>
  );
}
