// Guests: wedding guests finding their own photos with a selfie (issue 31). Off by default; on,
// the sets guests may search, the event link with its QR code and printable card, what guests
// may download, an event PIN, the face search's progress (the page looks again by itself while
// searches are waiting; a Refresh link does the same without JavaScript) and the guests who
// searched: names and counts only, never a face. Turning it off is confirmed first (?confirm=),
// without JavaScript too, because it deletes the gallery's face data and every guest's data.
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { Field } from "#app/components/field.tsx";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import { GUEST_DOWNLOAD_CHOICES } from "#domain/galleries/gallery-form.ts";
import { type Mistakes, photosText } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";
import type { GuestsPanelData } from "./guests.server.ts";
import { LinkCopy } from "./link-copy.tsx";
import { workspaceHref } from "./panels.ts";
import { PinForm } from "./pin-form.tsx";

/** How often the panel looks again while searches are waiting: a photo takes about a second. */
export const GUEST_PROGRESS_POLL_MS = 5_000;

/** Reloads the page's data every `everyMs` while `active`, unless a load is already under way. */
function useRevalidateWhile(active: boolean, everyMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidator]);
}

export function GuestsSection({
  gallery,
  panel,
  confirm,
  mistakes,
  set,
}: {
  gallery: Pick<GalleryRecord, "id"> & { guests: Pick<GalleryRecord["guests"], "hasPin" | "downloads"> };
  panel: GuestsPanelData;
  /** ?confirm=guest-search-off asks before everything is deleted. */
  confirm: string | null;
  mistakes: Mistakes;
  /** The selected set, kept in the links here. */
  set: number | null;
}) {
  const here = workspaceHref(gallery.id, { set, panel: "guests" });
  return (
    <section aria-labelledby="guests-heading" className="gw-panel guests-panel">
      <h2 id="guests-heading">Guests</h2>
      <p>
        Wedding guests open the event link, take a selfie and see only the photos they are in, from the sets you open to
        them. The selfie itself is never kept: only its face data, until the guest or you delete it.
      </p>
      <h3>Guests can find their photos</h3>
      {panel.on ? (
        <>
          <p>
            <strong>On.</strong>
          </p>
          {confirm === "guest-search-off" ? (
            <Form method="post" action={here} className="admin-confirm" preventScrollReset>
              <CsrfField />
              <p>
                Turn guest search off? This deletes the gallery's face data and every guest's data (their names, their
                selfies' face data and their personal links), and the event link stops working. Turning it on again
                searches every photo again.
              </p>
              <button type="submit" name="intent" value="guest-search-off" className="button button--danger">
                Turn off and delete the face data
              </button>{" "}
              <Link to={here}>Cancel</Link>
            </Form>
          ) : (
            <Link
              to={workspaceHref(gallery.id, { set, panel: "guests", extra: { confirm: "guest-search-off" } })}
              className="button button--danger"
              preventScrollReset
            >
              Turn off…
            </Link>
          )}
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <CsrfField />
          <p>
            <strong>Off.</strong> The couple decides: turn it on with their consent.
          </p>
          <button type="submit" name="intent" value="guest-search-on" className="button">
            Turn on
          </button>
        </Form>
      )}
      <FormAnswer answer={mistakes("guests")} />
      {panel.on ? <OnSettings gallery={gallery} panel={panel} mistakes={mistakes} here={here} /> : null}
    </section>
  );
}

function OnSettings({
  gallery,
  panel,
  mistakes,
  here,
}: {
  gallery: Pick<GalleryRecord, "id"> & { guests: Pick<GalleryRecord["guests"], "hasPin" | "downloads"> };
  panel: Extract<GuestsPanelData, { on: true }>;
  mistakes: Mistakes;
  here: string;
}) {
  const { status } = panel;
  useRevalidateWhile(status.pending > 0, GUEST_PROGRESS_POLL_MS);
  const downloadsError = mistakes("guest-downloads")?.errors?.guestDownloads;
  return (
    <>
      <h3 id="guest-progress-heading">Face search</h3>
      <p role="status" aria-labelledby="guest-progress-heading">
        {status.searched} of {photosText(status.photos)} in the open sets searched, {status.faces}{" "}
        {status.faces === 1 ? "face" : "faces"} found
        {status.pending > 0 ? `, ${status.pending} ${status.pending === 1 ? "search" : "searches"} waiting` : ""}.
      </p>
      {status.pending > 0 ? (
        <p className="admin-sub">
          About a second a photo, in the background. <Link to={here}>Refresh</Link>
        </p>
      ) : null}
      <p>
        <Link to={`/admin/galleries/${gallery.id}/people`}>People in this gallery</Link>: its faces grouped by person,
        to make a selection list of everyone's photos.
      </p>

      <Form method="post" className="admin-form" preventScrollReset>
        <CsrfField />
        <fieldset className="guest-sets">
          <legend>Sets guests may search</legend>
          <p className="field-hint" id="guest-sets-hint">
            Getting-ready sets can stay the couple's only: leave them unticked. Closing a set deletes its photos' face
            data.
          </p>
          {panel.sets.length === 0 ? <p>No sets yet.</p> : null}
          {panel.sets.map((s) => (
            <div key={s.id} className="guest-set">
              <input
                type="checkbox"
                id={`guest-set-${s.id}`}
                name="guestSet"
                value={s.id}
                defaultChecked={s.open}
                aria-describedby="guest-sets-hint"
              />{" "}
              <label htmlFor={`guest-set-${s.id}`}>
                {s.title} <span className="admin-sub">({photosText(s.photoCount)})</span>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="admin-form-end">
          <button type="submit" name="intent" value="guest-sets" className="button">
            Save sets
          </button>
          <FormAnswer answer={mistakes("guest-sets")} />
        </div>
      </Form>

      <h3>Event link</h3>
      <p className="admin-sub">
        Separate from the couple's link and PIN. Share it, or print its QR code for the tables.
      </p>
      <LinkCopy link={panel.link} id="event-link" label="Event link" />
      <figure className="gallery-qr">
        <img src={panel.qrCode} alt="QR code of the event link" width={200} height={200} />
        <figcaption>
          <a href={panel.qrCode} download={`gallery-${gallery.id}-event-qr.svg`}>
            Download the QR code
          </a>
          {" · "}
          <Link to={`/admin/galleries/${gallery.id}/event-card`}>Printable card</Link>
        </figcaption>
      </figure>
      <Form method="post" className="admin-form" preventScrollReset>
        <CsrfField />
        <p className="admin-sub">
          A new event link retires this one: the old link and its printed QR code stop working.
        </p>
        <div className="admin-form-end">
          <button type="submit" name="intent" value="event-link-renew" className="button">
            Make a new event link
          </button>
          <FormAnswer answer={mistakes("event-link")} />
        </div>
      </Form>

      <Form method="post" className="admin-form" noValidate preventScrollReset>
        <CsrfField />
        <Field
          id="guest-downloads"
          label="What guests may download"
          hint="Apart from the couple's downloads (Access & downloads). Never originals: they carry the camera's data, the place included."
          error={downloadsError}
        >
          {(control) => (
            <select {...control} name="guestDownloads" defaultValue={gallery.guests.downloads}>
              {GUEST_DOWNLOAD_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="admin-form-end">
          <button type="submit" name="intent" value="guest-downloads" className="button">
            Save guest downloads
          </button>
          <FormAnswer answer={mistakes("guest-downloads")} />
        </div>
      </Form>

      <PinForm
        heading="Event PIN"
        label="Event PIN"
        newLabel="New event PIN"
        idPrefix="event-pin"
        set={gallery.guests.hasPin}
        setIntent="event-pin-set"
        clearIntent="event-pin-clear"
        form="event-pin"
        answer={mistakes("event-pin")}
      />

      <h3 id="guest-list-heading">Guests who searched</h3>
      {status.guests.length === 0 ? (
        <p>Nobody yet.</p>
      ) : (
        <div className="guest-table">
          <table aria-labelledby="guest-list-heading">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Photos found</th>
                <th scope="col">Last search</th>
                <th scope="col">
                  <span className="visually-hidden">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {status.guests.map((guest) => (
                <tr key={guest.id}>
                  <td>{guest.name}</td>
                  <td>{guest.found}</td>
                  <td>
                    <StudioTime iso={guest.lastSeenAt} />
                  </td>
                  <td>
                    <Form method="post" preventScrollReset>
                      <CsrfField />
                      <input type="hidden" name="guestId" value={guest.id} />
                      <button type="submit" name="intent" value="guest-delete" className="link-button">
                        Delete<span className="visually-hidden"> {guest.name}'s data</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormAnswer answer={mistakes("guest-list")} />
    </>
  );
}
