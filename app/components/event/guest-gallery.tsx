// A guest's page (issue 31): the photos their face was found in, best matches first, in the
// client gallery's grid and viewer (the same items, without hearts), a page at a time; "more like
// these"; their personal link to keep (copy, or send to themselves on WhatsApp); and "Forget me".
// Every part works without JavaScript: the grid's links open the large images, the pages and
// "more like these" are links, forgetting is a form.
import { useMemo } from "react";
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
  const { page } = data;
  const images = useMemo(() => page.photos.map((p) => imagesOf(p).full), [page.photos]);
  const viewer = useGalleryViewer(`Your photos from ${data.title}`, images, {
    extraButtons:
      data.downloads === "web"
        ? (index) => {
            const photo = page.photos[index];
            return photo ? <GuestDownload key="download" base={data.base} photo={photo} /> : null;
          }
        : undefined,
  });
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`My photos from ${data.title}: ${link}`)}`;
  const first = (page.page - 1) * GUEST_PHOTOS_PER_PAGE;
  return (
    <section className="page cg ev-guest" aria-labelledby="ev-guest-heading">
      <h1 id="ev-guest-heading" className="page-title">
        Your photos, {data.name}
      </h1>
      <p className="page-lede">
        {data.title}
        {data.eventDate ? `, ${data.eventDate}` : ""}.{" "}
        {page.count === 0
          ? "We have not found you in the photos yet."
          : `We found you in ${page.count === 1 ? "1 photo" : `${page.count} photos`}${data.more ? ", with more like these" : ""}.`}
      </p>
      {page.count === 0 ? (
        <p>
          More photos may be added after the event: come back with your link below. Or{" "}
          <a href={data.eventBase}>try another selfie</a>, facing the camera in good light.
        </p>
      ) : (
        <ul className="cg-grid ev-grid" aria-label="Your photos">
          {page.photos.map((photo, i) => (
            <GalleryItem
              key={photo.id}
              photo={photo}
              shape={undefined}
              n={first + i + 1}
              setTitle="your photos"
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
        <nav className="ev-pages" aria-label="Pages of your photos">
          {page.page > 1 ? <a href={pageHref(data.base, data.more, page.page - 1)}>Previous photos</a> : null}
          <span>
            Page {page.page} of {page.pages}
          </span>
          {page.page < page.pages ? <a href={pageHref(data.base, data.more, page.page + 1)}>More photos</a> : null}
        </nav>
      ) : null}
      {data.more ? (
        <p>
          <a href={data.base}>Show only my closest matches</a>
        </p>
      ) : page.count > 0 ? (
        <p className="ev-more">
          <a href={pageHref(data.base, true, 1)} className="button button--quiet">
            More like these
          </a>
          <span className="field-hint">Also shows photos where you look less like your selfie.</span>
        </p>
      ) : null}

      <h2 className="cg-subheading">Your link</h2>
      <p>Keep it to come back: photos added later will be here too. Anyone with it sees these photos.</p>
      <p className="ev-link">
        <code>{link}</code>
      </p>
      <p>
        <a href={whatsapp} className="button button--quiet" rel="noopener noreferrer" target="_blank">
          Send it to myself on WhatsApp
        </a>
      </p>

      <h2 className="cg-subheading">Forget me</h2>
      <form method="post" className="cg-form">
        <p>Delete your name, this link and the description of your face. Your photos stay with the couple.</p>
        <button type="submit" name="intent" value="forget" className="button button--quiet">
          Forget me
        </button>
      </form>
    </section>
  );
}

function GuestDownload({ base, photo }: { base: string; photo: GalleryPhoto }) {
  return (
    <a
      className="yarl__button cg-viewer-download"
      href={`${base}/download/${photo.id}`}
      download
      aria-label="Download this photo"
      title="Download this photo"
    >
      <DownloadIcon />
    </a>
  );
}
