// One picture in an admin form: the current image as a thumbnail (our own variants), a choice
// among the studio's images, and a plain file input for a new one. It works in a multipart
// <Form> before JavaScript loads, where the choice is a <select>; once it has, the choice is
// the visual picker (image-picker.tsx) posting the same value from a hidden input, and a file
// over the size limit is refused here, by name, before a byte is sent (the server refuses it
// again, the same way, without JavaScript).
import { useState } from "react";
import { ImagePicker } from "#app/components/admin/image-picker.tsx";
import { Picture } from "#app/components/picture.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { IMAGE_ACCEPT, imageFileFieldName, isTooLarge, tooLargeReason } from "#domain/catalog/image-choice.ts";
import { groupsOf } from "#domain/catalog/image-picker.ts";
import type { ResponsiveImage } from "#domain/catalog/types.ts";

const THUMBNAIL_SIZES = "160px";

interface ImageChoice {
  assetId: number;
  group: string;
  label: string;
  fileName: string;
}

/** What the picker chose, once it has: it replaces the server's value and thumbnail. */
interface Picked {
  assetId: number;
  fileName: string;
  image: ResponsiveImage;
}

export interface ImageFieldProps {
  /** The select's name; the file input is imageFileFieldName(name). */
  name: string;
  label: string;
  /** The asset id to preselect ("" for none). */
  value: string;
  /** The image shown as current, when there is one. */
  current: ResponsiveImage | null;
  /** In order, with the group (a shoot's title) each is listed under. */
  choices: ImageChoice[];
  error?: string;
  hint?: string;
  /** What the empty choice means, e.g. "None: the built-in logo"; without it a choice is required. */
  noneLabel?: string;
  /** Offer the file input (a new upload) too. */
  upload?: boolean;
  /** Choose among this collection's photos only (a collection's cover). */
  collectionId?: number;
}

export function ImageField({
  name,
  label,
  value,
  current,
  choices,
  error,
  hint,
  noneLabel,
  upload = true,
  collectionId,
}: ImageFieldProps) {
  // undefined until a file is picked here; then "" (fine) or the browser's own refusal.
  const [earlyError, setEarlyError] = useState<string>();
  // The picker needs JavaScript; until it runs, the select is the choice.
  const hydrated = useHydrated();
  // undefined: nothing picked here yet, so the server's value stands; null: "none" chosen.
  const [picked, setPicked] = useState<Picked | null>();
  const chosenId = picked === undefined ? Number(value) || null : (picked?.assetId ?? null);
  const chosenName = picked === undefined ? choices.find((c) => c.assetId === chosenId)?.fileName : picked?.fileName;
  const shownImage = picked === undefined ? current : (picked?.image ?? null);
  const inCollection = collectionId !== undefined;
  const id = `image-${name}${inCollection ? `-${collectionId}` : ""}`;
  const shown = earlyError === undefined ? error : earlyError || undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = shown ? `${id}-error` : undefined;
  return (
    <fieldset className="image-field" aria-describedby={hintId}>
      <legend>{label}</legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="image-field-body">
        <div className="image-field-current">
          {shownImage ? (
            // No placeholder underneath: a transparent logo shows its true edges on the checkerboard.
            <Picture image={{ ...shownImage, alt: `Current: ${label}` }} sizes={THUMBNAIL_SIZES} transparent />
          ) : (
            <p className="image-field-empty">{noneLabel ? "None chosen" : "No image yet"}</p>
          )}
        </div>
        <div className="image-field-inputs">
          {hydrated ? (
            <div className="field image-field-picked">
              <input type="hidden" name={name} value={chosenId ?? ""} />
              <p id={`${id}-chosen`} className="image-field-chosen">
                {chosenName ? (
                  <>
                    Chosen: <strong>{chosenName}</strong>
                  </>
                ) : (
                  (noneLabel ?? "Nothing chosen yet.")
                )}
              </p>
              <div className="admin-actions">
                <ImagePicker
                  label={label}
                  openText={inCollection ? "Choose from this collection's photos…" : undefined}
                  chosenId={chosenId}
                  collectionId={collectionId}
                  describedBy={[`${id}-chosen`, errorId].filter(Boolean).join(" ")}
                  onChoose={setPicked}
                />
                {noneLabel && chosenId !== null ? (
                  <button type="button" className="button button--quiet" onClick={() => setPicked(null)}>
                    Choose none<span className="visually-hidden"> ({label})</span>
                  </button>
                ) : null}
              </div>
            </div>
          ) : (
            <div className="field">
              <label htmlFor={`${id}-choose`}>
                {inCollection ? "Choose one of this collection's photos" : "Choose one of the studio's images"}
              </label>
              <select
                id={`${id}-choose`}
                name={name}
                defaultValue={value}
                aria-describedby={errorId}
                aria-invalid={shown ? true : undefined}
              >
                <option value="">{noneLabel ?? "Choose…"}</option>
                {groupsOf(choices).map(([group, inGroup]) => (
                  <optgroup key={group} label={group}>
                    {inGroup.map((c) => (
                      <option key={c.assetId} value={c.assetId}>
                        {c.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
          )}
          {upload ? (
            <div className="field">
              <label htmlFor={`${id}-file`}>Or upload a new image</label>
              <input
                id={`${id}-file`}
                name={imageFileFieldName(name)}
                type="file"
                accept={IMAGE_ACCEPT}
                aria-describedby={errorId}
                aria-invalid={shown ? true : undefined}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file && isTooLarge(file.size)) {
                    setEarlyError(`${file.name}: ${tooLargeReason(file.size)}`);
                    event.currentTarget.value = "";
                  } else {
                    setEarlyError("");
                  }
                }}
              />
            </div>
          ) : null}
        </div>
      </div>
      {shown ? (
        <p id={errorId} className="field-error" role={earlyError ? "alert" : undefined}>
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}
