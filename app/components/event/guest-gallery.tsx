// A guest's page (issue 31): the photos their face was found in, best matches first, in the
// client gallery's grid and viewer (the same items, without hearts), a page at a time; "more like
// these"; their personal link to keep (copy, or send to themselves on WhatsApp); and "Forget me".
// Every part works without JavaScript: the grid's links open the large images, the pages and
// "more like these" are links, forgetting is a form.
import { useMemo } from "react";
import { useT } from "#app/i18n/i18n.ts";
import { richText } from "#app/i18n/rich-text.tsx";
import { type GalleryPhoto, GUEST_PHOTOS_PER_PAGE, type GuestPage } from "#domain/galleries/client-types.ts";
import { GalleryItem } from "../client-gallery/gallery-item.tsx";
import { imagesOf } from "../client-gallery/photo-images.ts";
import { DownloadIcon } from "../client-gallery/viewer-buttons.tsx";
import { useGalleryViewer } from "../viewer/launcher.tsx";

export interface GuestPageData {
  base: string;
  eventBase: string;
  title: string;
  eventDate: string | null;
  name: string;
  more: boolean;
  page: GuestPage;
  downloads: "off" | "web";
}

const noToggle = () => {};

function pageHref(base: string, more: boolean, page: number): string {
  const query = new URLSearchParams();
  if (more) query.set("more", "1");
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

export function GuestGallery({ page: data, link }: { page: GuestPageData; link: string }) {
  const t = useT();
  const { page } = data;
  const images = useMemo(() => page.photos.map((p) => imagesOf(p).full), [page.photos]);
  const viewer = useGalleryViewer(t("guest.viewer", { title: data.title }), images, {
    extraButtons:
      data.downloads === "web"
        ? (index) => {
            const photo = page.photos[index];
            return photo ? <GuestDownload key="download" base={data.base} photo={photo} /> : null;
          }
        : undefined,
  });
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(t("guest.whatsapp", { title: data.title, link }))}`;
  const first = (page.page - 1) * GUEST_PHOTOS_PER_PAGE;
  return (
    <section className="page cg ev-guest" aria-labelledby="ev-guest-heading">
      <h1 id="ev-guest-heading" className="page-title">
        {t("guest.heading", { name: data.name })}
      </h1>
      <p className="page-lede">
        {data.title}
        {data.eventDate ? `, ${data.eventDate}` : ""}.{" "}
        {page.count === 0 ? t("guest.none") : t(data.more ? "guest.foundMore" : "guest.found", { count: page.count })}
      </p>
      {page.count === 0 ? (
        <p>
          {t("guest.none.later")}{" "}
          {richText(t, "guest.none.retry", {}, "link", <a href={data.eventBase}>{t("guest.none.retryLink")}</a>)}
        </p>
      ) : (
        <ul className="cg-grid ev-grid" aria-label={t("guest.grid")}>
          {page.photos.map((photo, i) => (
            <GalleryItem
              key={photo.id}
              photo={photo}
              shape={undefined}
              n={first + i + 1}
              setTitle={t("guest.setTitle")}
              viewerIndex={i}
              linkProps={viewer.linkProps}
              priority={false}
              hearted={false}
              list={null}
              locked={false}
              here=""
              onToggle={noToggle}
              refusal={null}
            />
          ))}
        </ul>
      )}
      {viewer.element}
      {page.pages > 1 ? (
        <nav className="ev-pages" aria-label={t("guest.pages")}>
          {page.page > 1 ? <a href={pageHref(data.base, data.more, page.page - 1)}>{t("guest.previous")}</a> : null}
          <span>{t("guest.page", { page: page.page, pages: page.pages })}</span>
          {page.page < page.pages ? (
            <a href={pageHref(data.base, data.more, page.page + 1)}>{t("guest.next")}</a>
          ) : null}
        </nav>
      ) : null}
      {data.more ? (
        <p>
          <a href={data.base}>{t("guest.closest")}</a>
        </p>
      ) : page.count > 0 ? (
        <p className="ev-more">
          <a href={pageHref(data.base, true, 1)} className="button button--quiet">
            {t("guest.more")}
          </a>
          <span className="field-hint">{t("guest.more.hint")}</span>
        </p>
      ) : null}

      <h2 className="cg-subheading">{t("guest.link.heading")}</h2>
      <p>{t("guest.link.text")}</p>
      <p className="ev-link">
        <code>{link}</code>
      </p>
      <p>
        <a href={whatsapp} className="button button--quiet" rel="noopener noreferrer" target="_blank">
          {t("guest.link.whatsapp")}
        </a>
      </p>

      <h2 className="cg-subheading">{t("guest.forget.heading")}</h2>
      <form method="post" className="cg-form">
        <p>{t("guest.forget.text")}</p>
        <button type="submit" name="intent" value="forget" className="button button--quiet">
          {t("guest.forget.submit")}
        </button>
      </form>
    </section>
  );
}

function GuestDownload({ base, photo }: { base: string; photo: GalleryPhoto }) {
  const t = useT();
  return (
    <a
      className="yarl__button cg-viewer-download"
      href={`${base}/download/${photo.id}`}
      download
      aria-label={t("guest.download")}
      title={t("guest.download")}
    >
      <DownloadIcon />
    </a>
  );
}
