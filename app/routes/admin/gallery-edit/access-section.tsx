// Access: the private link (copy, a new one, revoke), the gallery's PIN, the access settings
// (expiry, downloads, watermark, and the photos still being drawn with them) and the PIN for
// downloads.
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/field.tsx";
import type { GalleryAccess, GalleryRecord } from "#domain/galleries/galleries.server.ts";
import {
  ACCESS_TEXT,
  type AccessFormValues,
  DOWNLOAD_CHOICES,
  WATERMARK_POSITIONS,
} from "#domain/galleries/gallery-form.ts";
import { type Mistakes, photosText } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";
import { LinkCopy } from "./link-copy.tsx";
import { workspaceHref } from "./panels.ts";
import { PinForm } from "./pin-form.tsx";

export function AccessSection({
  gallery,
  access,
  link,
  confirm,
  rerendering,
  mistakes,
  set,
}: {
  gallery: Pick<GalleryRecord, "id" | "expiresOn" | "downloads" | "watermark" | "hasPin" | "hasDownloadPin">;
  access: GalleryAccess;
  link: string;
  /** ?confirm=revoke asks before the link is revoked. */
  confirm: string | null;
  /** The gallery's photos still waiting to be drawn again. */
  rerendering: number;
  mistakes: Mistakes;
  /** The selected set, kept in the links here so the way back to its photos stays one click. */
  set: number | null;
}) {
  const accessValues = (mistakes("access")?.values as AccessFormValues | undefined) ?? {
    expiresOn: gallery.expiresOn ?? "",
    downloads: gallery.downloads,
    watermarkText: gallery.watermark.text,
    watermarkPosition: gallery.watermark.position,
    watermarkOpacity: String(gallery.watermark.opacityPercent),
  };
  const errors = mistakes("access")?.errors ?? {};
  return (
    <section aria-labelledby="access-heading" className="gw-panel">
      <h2 id="access-heading">Access &amp; downloads</h2>
      <p>
        Link: <strong>{ACCESS_TEXT[access]}</strong>
        {access === "expired" ? ` (it ended on ${gallery.expiresOn})` : ""}
        {access === "revoked" ? " (make a new link to open the gallery again)" : ""}
      </p>
      <LinkCopy link={link} />
      <div className="admin-actions">
        <Form method="post" preventScrollReset>
          <CsrfField />
          <button type="submit" name="intent" value="link-regenerate" className="button">
            Make a new link
          </button>
        </Form>
        {access === "revoked" ? null : confirm === "revoke" ? (
          <Form method="post" className="admin-confirm">
            <CsrfField />
            <p>Revoke the link? Anyone who has it can no longer open the gallery.</p>
            <button type="submit" name="intent" value="link-revoke" className="button button--danger">
              Revoke the link
            </button>{" "}
            <Link to={workspaceHref(gallery.id, { set, panel: "access" })}>Cancel</Link>
          </Form>
        ) : (
          <Link
            to={workspaceHref(gallery.id, { set, panel: "access", extra: { confirm: "revoke" } })}
            className="button button--danger"
            preventScrollReset
          >
            Revoke…
          </Link>
        )}
      </div>
      <FormAnswer answer={mistakes("link")} />

      <PinForm
        heading="PIN or password to open the gallery"
        label="PIN or password"
        newLabel="New PIN or password"
        idPrefix="gallery-pin"
        set={gallery.hasPin}
        setIntent="pin-set"
        clearIntent="pin-clear"
        form="pin"
        answer={mistakes("pin")}
      />

      {/* Not keyed by the gallery's last change: that remounted the form at every other form's
          save and lost what was being typed here (issue 30, item 11). */}
      <Form method="post" className="admin-form" noValidate preventScrollReset>
        <CsrfField />
        <input type="hidden" name="intent" value="access" />
        <Field
          id="gallery-expires-on"
          label="Last day the link works"
          hint="Empty: it does not expire. The client is reminded by mail a few days before."
          error={errors.expiresOn}
        >
          {(control) => <input {...control} name="expiresOn" type="date" defaultValue={accessValues.expiresOn} />}
        </Field>
        <Field id="gallery-downloads" label="Downloads" error={errors.downloads}>
          {(control) => (
            <select {...control} name="downloads" defaultValue={accessValues.downloads}>
              {DOWNLOAD_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="gallery-watermark-text"
          label="Watermark text"
          hint="Drawn on the viewing images when they are made; empty: none. Originals are never watermarked."
          error={errors.watermarkText}
        >
          {(control) => (
            <input {...control} name="watermarkText" type="text" defaultValue={accessValues.watermarkText} />
          )}
        </Field>
        <Field id="gallery-watermark-position" label="Watermark position" error={errors.watermarkPosition}>
          {(control) => (
            <select {...control} name="watermarkPosition" defaultValue={accessValues.watermarkPosition}>
              {WATERMARK_POSITIONS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="gallery-watermark-opacity" label="Watermark opacity (%)" error={errors.watermarkOpacity}>
          {(control) => (
            <input
              {...control}
              name="watermarkOpacity"
              type="text"
              inputMode="numeric"
              defaultValue={accessValues.watermarkOpacity}
            />
          )}
        </Field>
        <p className="admin-sub">
          Photos take a new watermark by themselves. Album spreads already uploaded keep theirs until you mark them
          again on the album's page.
        </p>
        {rerendering > 0 ? (
          <p className="admin-sub">
            {photosText(rerendering)} still to be rendered with this gallery's sizes and watermark. Until each is done,
            the client may see it no larger than in the grid, and a web-size download holding it asks them to try again
            in a few minutes.
          </p>
        ) : null}
        <div className="admin-form-end">
          <button type="submit" className="button">
            Save access
          </button>
          <FormAnswer answer={mistakes("access")} />
        </div>
      </Form>

      <PinForm
        heading="PIN for downloads"
        label="Download PIN"
        newLabel="New download PIN"
        idPrefix="download-pin"
        set={gallery.hasDownloadPin}
        setIntent="download-pin-set"
        clearIntent="download-pin-clear"
        form="download-pin"
        answer={mistakes("download-pin")}
      />
    </section>
  );
}
