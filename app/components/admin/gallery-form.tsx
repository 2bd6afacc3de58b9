// A client gallery's details (title, client, event date, selection limit), for creating and
// editing; creating may also start from a portfolio shoot's photos. And its cover, chosen among
// the gallery's own photos.
import { type ReactNode, useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { groupsOf, type ImagePage } from "#domain/catalog/image-picker.ts";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import {
  CLIENT_LANGUAGE_CHOICES,
  type GalleryFieldErrors,
  type GalleryFormValues,
  NO_SCRIPT_COVER_CHOICES,
} from "#domain/galleries/gallery-form.ts";
import { Field } from "../field.tsx";
import { Picture } from "../picture.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { ImagePicker } from "./image-picker.tsx";

interface GalleryFormProps {
  values: GalleryFormValues & { fromShootId?: string };
  errors?: GalleryFieldErrors & { fromShootId?: string };
  submitLabel: string;
  /** Creating only: portfolio shoots whose photos may become the gallery's first set. */
  shoots?: { id: number; title: string }[];
  /** The answer to the last save, shown beside the button. */
  answer?: ReactNode;
}

export function GalleryForm({ values, errors = {}, submitLabel, shoots, answer }: GalleryFormProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="admin-form" noValidate preventScrollReset>
      <CsrfField />
      <input type="hidden" name="intent" value="save" />
      <Field id="gallery-title" label="Title" error={errors.title} hint="For example: Priya & Karthik's wedding">
        {(control) => <input {...control} name="title" type="text" required defaultValue={values.title} />}
      </Field>
      {/* Issue 33: the admin stays English; the field's lang says what is typed in it. */}
      <Field
        id="gallery-titleTa"
        label="Title in Tamil (optional)"
        error={errors.titleTa}
        hint="The client's Tamil pages show it; left empty, they show the English."
      >
        {(control) => <input {...control} name="titleTa" type="text" lang="ta" defaultValue={values.titleTa} />}
      </Field>
      <Field id="gallery-client-name" label="Client's name" error={errors.clientName}>
        {(control) => (
          <input {...control} name="clientName" type="text" autoComplete="off" defaultValue={values.clientName} />
        )}
      </Field>
      <Field id="gallery-client-email" label="Client's e-mail" error={errors.clientEmail}>
        {(control) => (
          <input {...control} name="clientEmail" type="email" autoComplete="off" defaultValue={values.clientEmail} />
        )}
      </Field>
      <Field
        id="gallery-client-phone"
        label="Client's phone"
        error={errors.clientPhone}
        hint="With the country code, for WhatsApp: +91 98765 43210"
      >
        {(control) => (
          <input {...control} name="clientPhone" type="tel" autoComplete="off" defaultValue={values.clientPhone} />
        )}
      </Field>
      <Field
        id="gallery-language"
        label="Client's language"
        error={errors.language}
        hint="The gallery's mails and WhatsApp messages to the client are written in it."
      >
        {(control) => (
          <select {...control} name="language" defaultValue={values.language}>
            {CLIENT_LANGUAGE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value} lang={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="gallery-event-date" label="Event date" error={errors.eventDate}>
        {(control) => <input {...control} name="eventDate" type="date" defaultValue={values.eventDate} />}
      </Field>
      <Field
        id="gallery-selection-limit"
        label="Selection limit (photos per list)"
        error={errors.selectionLimit}
        hint="Empty: no limit"
      >
        {(control) => (
          <input
            {...control}
            name="selectionLimit"
            type="text"
            inputMode="numeric"
            defaultValue={values.selectionLimit}
          />
        )}
      </Field>
      {shoots ? (
        <Field
          id="gallery-from-shoot"
          label="Start from a shoot's photos (optional)"
          error={errors.fromShootId}
          hint="Its photos become the gallery's first set; the shoot itself is unchanged."
        >
          {(control) => (
            <select {...control} name="fromShootId" defaultValue={values.fromShootId ?? ""}>
              <option value="">No, start empty</option>
              {shoots.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <div className="admin-form-end">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {answer}
      </div>
    </Form>
  );
}

/** The cover's thumbnail beside the form, and each choice's before JavaScript. */
const COVER_THUMBNAIL_SIZES = "10rem";

interface CoverPhoto {
  photoId: number;
  fileName: string;
  setTitle: string;
  image: ResponsiveImage;
}

interface GalleryCoverFormProps {
  galleryId: number;
  /** The cover shown now (null: none, or its photo is in the trash). */
  cover: CoverPhoto | null;
  /** A page of the gallery's photos (searched by ?coverQ=, paged by ?coverOffset=), before JavaScript. */
  choices: ImagePage;
  /** The answer to the last save of the cover. */
  answer?: { notice: string; errors?: Record<string, string | undefined> };
}

/**
 * The cover, one of the gallery's own photos. Before JavaScript (and without it): radio buttons
 * with thumbnails, a page of the gallery's photos grouped by set, a search by file name or set
 * (a GET form) and links to the next and earlier pages. Once hydrated: the image picker limited
 * to this gallery, posting the chosen photo from a hidden input. The answer appears beside Save.
 */
export function GalleryCoverForm({ galleryId, cover, choices, answer }: GalleryCoverFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "cover";
  // undefined: nothing picked here yet, so the stored cover stands; null: "No cover" chosen.
  const [picked, setPicked] = useState<{ photoId: number; fileName: string; image: ResponsiveImage } | null>();
  const error = answer?.errors?.cover;
  const errorId = error ? "cover-error" : undefined;
  const shown = picked === undefined ? cover : picked;
  const chosenId = shown?.photoId ?? null;
  // After each answer, focus goes to it (without JavaScript the answer is a new page: autoFocus
  // brings the owner back here); a new ref callback for each answer.
  const focusAnswer = useCallback(
    (notice: HTMLParagraphElement | null) => {
      if (notice && answer) notice.focus();
    },
    [answer],
  );
  // The cover is a panel of the gallery's workspace (?panel=cover): its search and pages stay in it.
  const here = `/admin/galleries/${galleryId}`;
  const pageLink = (offset: number) =>
    `${here}?${new URLSearchParams({ panel: "cover", coverQ: choices.q, coverOffset: String(offset) })}#cover`;
  const onPage = choices.items.some((i) => i.photoId === cover?.photoId);
  return (
    <section aria-labelledby="cover-heading" className="admin-panel" id="cover">
      <h2 id="cover-heading">Cover</h2>
      <p className="admin-sub">
        One of the gallery's photos, shown large atop it once the client has opened it: never before the PIN, on a
        closed link's page or in a link preview.
      </p>
      {hydrated ? null : (
        <form method="get" action={`${here}#cover`} className="admin-actions cover-search">
          <input type="hidden" name="panel" value="cover" />
          <Field id="cover-search" label="Find a photo by file name or set">
            {(control) => <input {...control} name="coverQ" type="search" defaultValue={choices.q} />}
          </Field>
          <button type="submit" className="button button--quiet">
            Search
          </button>
        </form>
      )}
      <Form method="post" className="admin-form" preventScrollReset>
        <CsrfField />
        <input type="hidden" name="intent" value="cover" />
        {hydrated ? (
          <div className="image-field-body">
            <div className="image-field-current">
              {shown ? (
                <Picture image={{ ...shown.image, alt: "The cover now chosen" }} sizes={COVER_THUMBNAIL_SIZES} />
              ) : (
                <p className="image-field-empty">No cover</p>
              )}
            </div>
            <div className="image-field-inputs">
              <input type="hidden" name="coverPhotoId" value={chosenId ?? ""} />
              <p id="cover-chosen" className="image-field-chosen">
                {shown ? (
                  <>
                    Chosen: <strong>{shown.fileName}</strong>
                  </>
                ) : (
                  "No cover: the gallery opens with its title."
                )}
              </p>
              <div className="admin-actions">
                <ImagePicker
                  label="Cover photo"
                  openText="Choose from this gallery's photos…"
                  chosenId={chosenId}
                  galleryId={galleryId}
                  describedBy={["cover-chosen", errorId].filter(Boolean).join(" ")}
                  onChoose={(item) =>
                    setPicked({ photoId: item.photoId ?? 0, fileName: item.fileName, image: item.image })
                  }
                />
                {chosenId !== null ? (
                  <button type="button" className="button button--quiet" onClick={() => setPicked(null)}>
                    No cover
                  </button>
                ) : null}
              </div>
            </div>
          </div>
        ) : (
          <fieldset className="cover-choices" aria-describedby={errorId}>
            <legend>Cover photo</legend>
            <p className="admin-sub">
              {choices.total === 0
                ? choices.q
                  ? `No photos matching “${choices.q}”.`
                  : "No photos yet: upload some to a set first."
                : `${choices.total} photos${choices.q ? ` matching “${choices.q}”` : ""}; showing ${choices.offset + 1}–${choices.offset + choices.items.length}.`}
            </p>
            <ul className="image-picker-grid">
              <li>
                <label className="cover-choice">
                  <input type="radio" name="coverPhotoId" value="" defaultChecked={cover === null} />
                  <span className="cover-none">No cover</span>
                </label>
              </li>
              {cover && !onPage ? (
                <li>
                  <label className="cover-choice">
                    <input type="radio" name="coverPhotoId" value={cover.photoId} defaultChecked />
                    <Picture image={cover.image} sizes={COVER_THUMBNAIL_SIZES} />
                    <span>
                      {cover.fileName} ({cover.setTitle}, the cover now)
                    </span>
                  </label>
                </li>
              ) : null}
            </ul>
            {groupsOf(choices.items).map(([set, items]) => (
              <fieldset key={set} className="cover-set">
                <legend>{set}</legend>
                <ul className="image-picker-grid">
                  {items.map((item) => (
                    <li key={item.photoId}>
                      <label className="cover-choice">
                        <input
                          type="radio"
                          name="coverPhotoId"
                          value={item.photoId}
                          defaultChecked={item.photoId === cover?.photoId}
                        />
                        <Picture image={item.image} sizes={COVER_THUMBNAIL_SIZES} />
                        <span>{item.fileName}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
            <p className="admin-actions">
              {choices.offset > 0 ? (
                <a href={pageLink(Math.max(0, choices.offset - NO_SCRIPT_COVER_CHOICES))}>Earlier photos</a>
              ) : null}
              {choices.nextOffset !== null ? <a href={pageLink(choices.nextOffset)}>More photos</a> : null}
            </p>
          </fieldset>
        )}
        {error ? (
          <p id={errorId} className="field-error">
            {error}
          </p>
        ) : null}
        <div className="admin-form-end">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Saving…" : "Save cover"}
          </button>
          {answer?.notice ? (
            // biome-ignore lint/a11y/noAutofocus: the owner just pressed Save; this is the answer to it.
            <p ref={focusAnswer} className="admin-notice" role="status" tabIndex={-1} autoFocus>
              {answer.notice}
            </p>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
