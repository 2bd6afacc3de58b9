// One client gallery in the admin: its details; its cover (one of its own photos, chosen with
// the image picker limited to this gallery, or radio buttons before JavaScript); its sets (add, rename, reorder, trash; each set's
// photos are managed on its shoot page); access (the private link, PIN, expiry, downloads,
// watermark); sending it (mail through the outbox, WhatsApp, QR code); and the clients'
// selection lists, which the studio can reopen and export. Every form works without JavaScript.
import QRCode from "qrcode";
import { useMemo, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { type ActionAnswer, ActionNotice, useLatestAnswer } from "#app/components/admin/action-notice.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { GalleryCoverForm, GalleryForm } from "#app/components/admin/gallery-form.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { Field } from "#app/components/field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { requireIdParam } from "#app/utils/id-param.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import {
  checkPin,
  parseAccessForm,
  setGalleryDownloadPin,
  studioTodayOf,
  updateGalleryAccess,
} from "#domain/galleries/access-settings.server.ts";
import { findGalleryPhotoPage, galleryCover, setGalleryCover } from "#domain/galleries/cover.server.ts";
import {
  addGallerySet,
  galleryAccess,
  readGallery,
  regenerateGalleryLink,
  revokeGalleryLink,
  setGalleryPin,
} from "#domain/galleries/galleries.server.ts";
import { parseGalleryForm, trashGallery, updateGallery } from "#domain/galleries/gallery-details.server.ts";
import {
  ACCESS_TEXT,
  type AccessFormValues,
  DOWNLOAD_CHOICES,
  type GalleryFormValues,
  NO_SCRIPT_COVER_CHOICES,
  WATERMARK_POSITIONS,
} from "#domain/galleries/gallery-form.ts";
import {
  checkSetTitle,
  listGallerySets,
  moveGallerySet,
  renameGallerySet,
  trashGallerySet,
} from "#domain/galleries/gallery-sets.server.ts";
import { lastGalleryReadyMail } from "#domain/galleries/mail.server.ts";
import { readSelectionLists, reopenSelectionList } from "#domain/galleries/selection-review.server.ts";
import { galleryLink, galleryReadyMessage, markGallerySent, whatsappLink } from "#domain/galleries/sending.server.ts";
import { enqueueMail } from "#domain/mail/outbox.server.ts";
import { pendingRerenders } from "#domain/processing/rerender.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import type { Route } from "./+types/gallery-edit";

function galleryId(param: string): number {
  return requireIdParam(param, "There is no such gallery.");
}

async function liveGallery(param: string) {
  const gallery = await readGallery(getDb(), galleryId(param));
  if (!gallery) throw data("There is no such gallery.", { status: 404 });
  return gallery;
}

/** The QR code as an image the page can show and the studio can save or print: SVG, no script. */
async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const gallery = await liveGallery(params.id);
  const url = new URL(request.url);
  const link = galleryLink(publicOrigin(), gallery.token);
  const studio = await studioRowOf(context, db);
  const studioName = studio?.name ?? "";
  const { token: _token, ...details } = gallery;
  return {
    gallery: details,
    cover: await galleryCover(db, gallery),
    coverChoices: await findGalleryPhotoPage(db, gallery.id, {
      q: url.searchParams.get("coverQ") ?? "",
      offset: Math.max(0, Number(url.searchParams.get("coverOffset")) || 0),
      limit: NO_SCRIPT_COVER_CHOICES,
    }),
    access: galleryAccess(gallery, studioTodayOf(studio)),
    sets: await listGallerySets(db, gallery.id),
    rerendering: await pendingRerenders(db, gallery.id),
    lists: await readSelectionLists(db, gallery.id),
    link,
    whatsapp: whatsappLink(gallery.clientPhone, galleryReadyMessage(gallery, link, studioName)),
    qrCode: await qrCodeDataUrl(link),
    mail: await lastGalleryReadyMail(db, gallery.id),
    confirm: url.searchParams.get("confirm"),
    created: url.searchParams.has("created"),
    revoked: url.searchParams.has("revoked"),
  };
}

type FormName = "details" | "cover" | "set-add" | "set-rename" | "access" | "pin" | "download-pin";

/** Every answer of this page: a notice, and for a form with a mistake what to correct. */
type Answer = ActionAnswer & {
  form?: FormName;
  setId?: number;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};

const invalid = (answer: Omit<Answer, "notice">) =>
  data<Answer>({ notice: "Please correct the form.", ...answer }, { status: 400 });

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const gallery = await liveGallery(params.id);
  const id = gallery.id;
  const form = (await readAdminForm(request, context)).form;
  const intent = String(form.get("intent") ?? "");
  const setId = Number(form.get("setId"));
  switch (intent) {
    case "save": {
      const parsed = parseGalleryForm(form);
      if (!parsed.ok) return invalid({ form: "details", errors: parsed.errors, values: parsed.values });
      await updateGallery(db, id, parsed.value);
      return { notice: "Details saved." } satisfies Answer;
    }
    case "cover": {
      const value = form.get("coverPhotoId");
      const photoId = value === "" ? null : Number(value);
      const refused = (error: string) =>
        data<Answer>(
          { form: "cover", notice: "Not saved: please correct the cover above.", errors: { cover: error } },
          { status: 400 },
        );
      if (value === null || (photoId !== null && !Number.isSafeInteger(photoId)))
        return refused("Choose a photo for the cover, or No cover.");
      const result = await setGalleryCover(db, id, photoId);
      if (!result.ok) return refused(result.error);
      return {
        form: "cover",
        notice: photoId === null ? "Cover removed." : "Cover saved: the client sees it atop the gallery.",
      } satisfies Answer;
    }
    case "set-add": {
      const checked = checkSetTitle(form.get("title"));
      if (!checked.ok)
        return invalid({
          form: "set-add",
          errors: { title: checked.error },
          values: { title: String(form.get("title") ?? "") },
        });
      await addGallerySet(db, id, checked.title);
      return { notice: `Set “${checked.title}” added.` } satisfies Answer;
    }
    case "set-rename": {
      const checked = checkSetTitle(form.get("title"));
      if (!checked.ok)
        return invalid({
          form: "set-rename",
          setId,
          errors: { title: checked.error },
          values: { title: String(form.get("title") ?? "") },
        });
      if (!(await renameGallerySet(db, id, setId, checked.title))) return { notice: "That set is no longer here." };
      return { notice: `Set renamed to “${checked.title}”.` } satisfies Answer;
    }
    case "up":
    case "down":
      await moveGallerySet(db, id, Number(form.get("id")), intent === "up" ? -1 : 1);
      return { notice: "Sets reordered." } satisfies Answer;
    case "set-trash":
      if (!(await trashGallerySet(db, id, setId))) return { notice: "That set is no longer here." };
      return { notice: "Set moved to the trash; restore it from the trash if that was a mistake." } satisfies Answer;
    case "access": {
      const parsed = parseAccessForm(form);
      if (!parsed.ok) return invalid({ form: "access", errors: parsed.errors, values: parsed.values });
      const queued = await updateGalleryAccess(db, id, parsed.value);
      if (queued === 0) return { notice: "Access saved." } satisfies Answer;
      return {
        notice: `Access saved. The new watermark is being drawn on ${photosText(queued)}.`,
      } satisfies Answer;
    }
    case "pin-set":
    case "download-pin-set": {
      const checked = checkPin(form.get("pin"));
      const which = intent === "pin-set" ? "pin" : "download-pin";
      if (!checked.ok) return invalid({ form: which, errors: { pin: checked.error } });
      await (which === "pin" ? setGalleryPin : setGalleryDownloadPin)(db, id, checked.pin);
      return { notice: which === "pin" ? "PIN set: the client needs it to open the gallery." : "Download PIN set." };
    }
    case "pin-clear":
      await setGalleryPin(db, id, null);
      return { notice: "PIN removed: the link alone opens the gallery." } satisfies Answer;
    case "download-pin-clear":
      await setGalleryDownloadPin(db, id, null);
      return { notice: "Download PIN removed." } satisfies Answer;
    case "link-regenerate":
      await regenerateGalleryLink(db, id);
      return { notice: "New link made: the old one no longer opens the gallery." } satisfies Answer;
    case "link-revoke":
      await revokeGalleryLink(db, id);
      return redirect(`/admin/galleries/${id}?revoked=1`);
    case "send": {
      if (!gallery.clientEmail)
        return data<Answer>({ notice: "Add the client's e-mail address in the details first." }, { status: 400 });
      await enqueueMail(db, { kind: "gallery-ready", galleryId: id });
      await markGallerySent(db, id);
      return { notice: `The “gallery ready” mail to ${gallery.clientEmail} is queued.` } satisfies Answer;
    }
    case "mark-sent":
      await markGallerySent(db, id);
      return { notice: "Marked as sent." } satisfies Answer;
    case "list-reopen": {
      const reopened = await reopenSelectionList(db, id, Number(form.get("listId")));
      return {
        notice: reopened ? "List reopened: the client can change it and submit again." : "That list is not submitted.",
      } satisfies Answer;
    }
    case "trash":
      await trashGallery(db, id);
      return redirect("/admin/galleries?trashed=1");
  }
  throw data("Unknown action.", { status: 400 });
}

export default function EditGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { gallery, sets, lists, confirm } = loaderData;
  const answer = actionData as Answer | undefined;
  const createdAnswer = useMemo(
    () =>
      loaderData.created
        ? { notice: "Gallery created. Add its sets, then send it." }
        : loaderData.revoked
          ? { notice: "Link revoked: it no longer opens the gallery." }
          : undefined,
    [loaderData.created, loaderData.revoked],
  );
  // The action's answer first: a form posted without JavaScript goes to this address with its
  // ?created or ?revoked still on, and its own answer is the news.
  // The cover's answer is shown beside its Save button instead.
  const [notice, dismiss] = useLatestAnswer(answer?.form === "cover" ? undefined : answer, createdAnswer);
  const mistakes = (form: FormName, setId?: number) =>
    answer?.form === form && (setId === undefined || answer.setId === setId) ? answer : undefined;
  const detailValues: GalleryFormValues = {
    title: gallery.title,
    clientName: gallery.clientName,
    clientEmail: gallery.clientEmail,
    clientPhone: gallery.clientPhone,
    eventDate: gallery.eventDate ?? "",
    selectionLimit: gallery.selectionLimit === null ? "" : String(gallery.selectionLimit),
  };
  return (
    <>
      <p>
        <Link to="/admin/galleries">← All galleries</Link>
      </p>
      <h1>{gallery.title}</h1>

      <section aria-labelledby="details-heading" className="admin-panel">
        <h2 id="details-heading">Details</h2>
        <GalleryForm
          values={(mistakes("details")?.values as GalleryFormValues | undefined) ?? detailValues}
          errors={mistakes("details")?.errors}
          submitLabel="Save details"
        />
      </section>

      <GalleryCoverForm
        galleryId={gallery.id}
        cover={loaderData.cover}
        choices={loaderData.coverChoices}
        answer={answer?.form === "cover" ? answer : undefined}
      />

      <section aria-labelledby="sets-heading" className="admin-panel">
        <h2 id="sets-heading">Sets</h2>
        <p className="admin-sub">
          One set per function (nichayathartham, muhurtham, reception…), in the order the client sees them.
        </p>
        {sets.length === 0 ? <p>No sets yet: add one, then upload its photos.</p> : null}
        <ol className="admin-list gallery-sets">
          {sets.map((set, index) => {
            const rename = mistakes("set-rename", set.id);
            return (
              <li key={set.id}>
                <span>
                  <Link to={`/admin/shoots/${set.id}`}>{set.title}</Link>{" "}
                  <span className="admin-sub">
                    ({set.photoCount} {set.photoCount === 1 ? "photo" : "photos"}) · manage photos
                  </span>
                </span>
                <Form method="post" className="admin-actions" preventScrollReset>
                  <CsrfField />
                  <input type="hidden" name="setId" value={set.id} />
                  <Field id={`set-${set.id}-title`} label={`New title for ${set.title}`} error={rename?.errors?.title}>
                    {(control) => (
                      <input
                        {...control}
                        name="title"
                        type="text"
                        required
                        defaultValue={rename?.values?.title ?? set.title}
                      />
                    )}
                  </Field>
                  <button type="submit" name="intent" value="set-rename" className="button">
                    Rename<span className="visually-hidden"> {set.title}</span>
                  </button>
                </Form>
                <MoveButtons id={set.id} index={index} count={sets.length} itemLabel={set.title}>
                  <input type="hidden" name="setId" value={set.id} />
                  <button type="submit" name="intent" value="set-trash" className="button button--danger">
                    Delete<span className="visually-hidden"> {set.title}</span>
                  </button>
                </MoveButtons>
              </li>
            );
          })}
        </ol>
        {/* A new form once the set is added, so its title is not left in the field to add twice. */}
        <Form key={sets.length} method="post" className="admin-form" noValidate preventScrollReset>
          <CsrfField />
          <Field id="new-set-title" label="New set's title" error={mistakes("set-add")?.errors?.title}>
            {(control) => (
              <input
                {...control}
                name="title"
                type="text"
                required
                placeholder="Muhurtham"
                defaultValue={mistakes("set-add")?.values?.title ?? ""}
              />
            )}
          </Field>
          <button type="submit" name="intent" value="set-add" className="button">
            Add set
          </button>
        </Form>
      </section>

      <AccessSection loaderData={loaderData} mistakes={mistakes} />
      <SendSection loaderData={loaderData} />
      <SelectionsSection galleryId={gallery.id} lists={lists} limit={gallery.selectionLimit} />

      <section aria-labelledby="delete-heading" className="admin-panel">
        <h2 id="delete-heading">Delete</h2>
        {confirm === "delete" ? (
          <Form method="post" className="admin-confirm">
            <CsrfField />
            <p>Move “{gallery.title}” to the trash? Its link stops working at once.</p>
            <button type="submit" name="intent" value="trash" className="button button--danger">
              Move to trash
            </button>{" "}
            <Link to={`/admin/galleries/${gallery.id}`}>Cancel</Link>
          </Form>
        ) : (
          <Link to="?confirm=delete" className="button button--danger">
            Delete gallery…
          </Link>
        )}
      </section>
      <ActionNotice answer={notice} onDismiss={dismiss} />
    </>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function photosText(n: number): string {
  return `${n} ${n === 1 ? "photo" : "photos"}`;
}

function AccessSection({
  loaderData,
  mistakes,
}: {
  loaderData: LoaderData;
  mistakes: (form: FormName) => Answer | undefined;
}) {
  const { gallery, access, link, confirm, rerendering } = loaderData;
  const accessValues = (mistakes("access")?.values as AccessFormValues | undefined) ?? {
    expiresOn: gallery.expiresOn ?? "",
    downloads: gallery.downloads,
    watermarkText: gallery.watermark.text,
    watermarkPosition: gallery.watermark.position,
    watermarkOpacity: String(gallery.watermark.opacityPercent),
  };
  const errors = mistakes("access")?.errors ?? {};
  return (
    <section aria-labelledby="access-heading" className="admin-panel">
      <h2 id="access-heading">Access</h2>
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
            <Link to={`/admin/galleries/${gallery.id}`}>Cancel</Link>
          </Form>
        ) : (
          <Link to="?confirm=revoke" className="button button--danger" preventScrollReset>
            Revoke…
          </Link>
        )}
      </div>

      <PinForm
        key={`pin-${gallery.updatedAt}`}
        heading="PIN or password to open the gallery"
        label="PIN or password"
        newLabel="New PIN or password"
        idPrefix="gallery-pin"
        set={gallery.hasPin}
        setIntent="pin-set"
        clearIntent="pin-clear"
        error={mistakes("pin")?.errors?.pin}
      />

      {/* Each save (gallery.updatedAt) draws the forms anew from what was stored: a PIN is not left typed in. */}
      <Form key={`access-${gallery.updatedAt}`} method="post" className="admin-form" noValidate preventScrollReset>
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
        {rerendering > 0 ? (
          <p className="admin-sub">
            {photosText(rerendering)} still to be rendered with this gallery's sizes and watermark. Until each is done,
            the client may see it no larger than in the grid, and a web-size download holding it asks them to try again
            in a few minutes.
          </p>
        ) : null}
        <button type="submit" className="button">
          Save access
        </button>
      </Form>

      <PinForm
        key={`download-pin-${gallery.updatedAt}`}
        heading="PIN for downloads"
        label="Download PIN"
        newLabel="New download PIN"
        idPrefix="download-pin"
        set={gallery.hasDownloadPin}
        setIntent="download-pin-set"
        clearIntent="download-pin-clear"
        error={mistakes("download-pin")?.errors?.pin}
      />
    </section>
  );
}

/** The link in a read-only field (select it and copy without JavaScript), and a Copy button with it. */
function LinkCopy({ link }: { link: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState("");
  return (
    <div className="gallery-link">
      <label htmlFor="gallery-link">Private link</label>
      <div className="admin-actions">
        <input id="gallery-link" type="url" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        {hydrated ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => setCopied("Link copied."),
                () => setCopied("Could not copy: select the link and copy it."),
              )
            }
          >
            Copy link
          </button>
        ) : null}
      </div>
      <p role="status" className="admin-sub">
        {copied}
      </p>
    </div>
  );
}

function PinForm({
  heading,
  label,
  newLabel,
  idPrefix,
  set,
  setIntent,
  clearIntent,
  error,
}: {
  heading: string;
  label: string;
  newLabel: string;
  idPrefix: string;
  set: boolean;
  setIntent: string;
  clearIntent: string;
  error: string | undefined;
}) {
  return (
    <Form method="post" className="admin-form" noValidate preventScrollReset>
      <CsrfField />
      <h3>{heading}</h3>
      <p>{set ? "Set. Only its hash is stored: type a new one to change it." : "None."}</p>
      <Field id={`${idPrefix}-input`} label={set ? newLabel : label} error={error}>
        {(control) => <input {...control} name="pin" type="text" autoComplete="off" />}
      </Field>
      <div className="admin-actions">
        <button type="submit" name="intent" value={setIntent} className="button">
          {set ? "Change" : "Set"}
          <span className="visually-hidden"> {heading}</span>
        </button>
        {set ? (
          <button type="submit" name="intent" value={clearIntent} className="button">
            Remove<span className="visually-hidden"> {heading}</span>
          </button>
        ) : null}
      </div>
    </Form>
  );
}

function SendSection({ loaderData }: { loaderData: LoaderData }) {
  const { gallery, whatsapp, qrCode, mail } = loaderData;
  return (
    <section aria-labelledby="send-heading" className="admin-panel">
      <h2 id="send-heading">Send to the client</h2>
      <p>
        {gallery.sentAt ? (
          <>
            Sent <StudioTime iso={gallery.sentAt} />.
          </>
        ) : (
          "Not sent yet."
        )}
        {mail ? (
          <>
            {" "}
            Last “gallery ready” mail:{" "}
            {mail.delivered_at ? (
              <>
                delivered <StudioTime iso={mail.delivered_at} />
              </>
            ) : mail.last_error ? (
              `not delivered yet (${mail.attempts} attempts): ${mail.last_error}`
            ) : (
              "queued"
            )}
            .
          </>
        ) : null}
      </p>
      <div className="admin-actions">
        <Form method="post" preventScrollReset>
          <CsrfField />
          <button type="submit" name="intent" value="send" className="button" disabled={!gallery.clientEmail}>
            Send “gallery ready” mail
          </button>
        </Form>
        {whatsapp ? (
          <a className="button" href={whatsapp} target="_blank" rel="noopener noreferrer">
            Share on WhatsApp
          </a>
        ) : null}
        <Form method="post" preventScrollReset>
          <CsrfField />
          <button type="submit" name="intent" value="mark-sent" className="button">
            Mark as sent
          </button>
        </Form>
      </div>
      {!gallery.clientEmail ? (
        <p className="admin-sub">Add the client's e-mail in the details to send it by mail.</p>
      ) : null}
      {!whatsapp ? <p className="admin-sub">Add the client's phone in the details to share it on WhatsApp.</p> : null}
      <figure className="gallery-qr">
        <img src={qrCode} alt="QR code of the gallery's private link" width={200} height={200} />
        <figcaption>
          <a href={qrCode} download={`gallery-${gallery.id}-qr.svg`}>
            Download the QR code
          </a>
        </figcaption>
      </figure>
    </section>
  );
}

function SelectionsSection({
  galleryId,
  lists,
  limit,
}: {
  galleryId: number;
  lists: LoaderData["lists"];
  limit: number | null;
}) {
  return (
    <section aria-labelledby="selections-heading" className="admin-panel" id="selections">
      <h2 id="selections-heading">Selections</h2>
      {lists.length === 0 ? <p>No selection lists yet.</p> : null}
      {lists.map((list) => {
        const listLimit = list.limit ?? limit;
        const comments = list.items.filter((i) => i.comment.trim() !== "");
        const base = `/admin/galleries/${galleryId}/selections/${list.id}`;
        return (
          <article key={list.id} className="selection-list" aria-labelledby={`list-${list.id}-heading`}>
            <h3 id={`list-${list.id}-heading`}>
              {list.name} <span className="admin-sub">by {list.visitorName}</span>
            </h3>
            <p>
              <strong>
                {list.items.length}
                {listLimit === null ? "" : ` of ${listLimit}`} photos
              </strong>
              {" · "}
              {list.submittedAt ? (
                <>
                  submitted <StudioTime iso={list.submittedAt} />
                </>
              ) : (
                "not submitted yet"
              )}
            </p>
            <div className="admin-actions">
              {list.submittedAt ? (
                <Form method="post" preventScrollReset>
                  <CsrfField />
                  <input type="hidden" name="listId" value={list.id} />
                  <button type="submit" name="intent" value="list-reopen" className="button">
                    Reopen<span className="visually-hidden"> {list.name}</span>
                  </button>
                </Form>
              ) : null}
              <a className="button" href={`${base}/export/csv`} download>
                CSV<span className="visually-hidden"> of {list.name}</span>
              </a>
              <a className="button" href={`${base}/export/txt`} download>
                File names for Lightroom / Capture One<span className="visually-hidden"> of {list.name}</span>
              </a>
              <a className="button" href={`${base}/originals.zip`} download>
                ZIP of the originals<span className="visually-hidden"> of {list.name}</span>
              </a>
            </div>
            {comments.length > 0 ? (
              <>
                <h4>Comments</h4>
                <ul className="selection-comments">
                  {comments.map((c) => (
                    <li key={c.photoId}>
                      <strong>{c.fileName}</strong> <span className="admin-sub">({c.setTitle})</span>: {c.comment}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="admin-sub">No comments.</p>
            )}
          </article>
        );
      })}
    </section>
  );
}
