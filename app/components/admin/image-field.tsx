// One picture in an admin form: the current image as a thumbnail (our own variants), a select
// of the studio's images, and a plain file input for a new one. It works in a multipart <Form>
// before JavaScript loads; once it has, a file over the size limit is refused here, by name,
// before a byte is sent (the server refuses it again, the same way, without JavaScript).
import { useState } from "react";
import { Picture } from "#app/components/picture.tsx";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { IMAGE_ACCEPT, imageFileFieldName, isTooLarge, tooLargeReason } from "#domain/media/image-field.ts";

const THUMBNAIL_SIZES = "160px";

interface ImageChoice {
  assetId: number;
  group: string;
  label: string;
}

/** Consecutive choices of one group, as [group, choices] pairs, in the order given. */
function groupsOf(choices: ImageChoice[]): [string, ImageChoice[]][] {
  const groups: [string, ImageChoice[]][] = [];
  for (const choice of choices) {
    const last = groups.at(-1);
    if (last && last[0] === choice.group) last[1].push(choice);
    else groups.push([choice.group, [choice]]);
  }
  return groups;
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
}

export function ImageField({ name, label, value, current, choices, error, hint, noneLabel }: ImageFieldProps) {
  // undefined until a file is picked here; then "" (fine) or the browser's own refusal.
  const [earlyError, setEarlyError] = useState<string>();
  const id = `image-${name}`;
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
          {current ? (
            // No placeholder underneath: a transparent logo shows its true edges on the checkerboard.
            <Picture
              image={{ ...current, alt: `Current ${label.toLowerCase()}` }}
              sizes={THUMBNAIL_SIZES}
              transparent
            />
          ) : (
            <p className="image-field-empty">{noneLabel ? "None chosen" : "No image yet"}</p>
          )}
        </div>
        <div className="image-field-inputs">
          <div className="field">
            <label htmlFor={`${id}-choose`}>Choose one of the studio's images</label>
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
