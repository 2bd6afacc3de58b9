// A shoot's photos in order, each with its alt text, cover, move and delete controls. The
// order changes by dragging a photo's handle (mouse, touch or pen) or with the Move earlier /
// Move later buttons (keyboard, and without JavaScript).
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { CSRF_FIELD_NAME } from "#domain/auth/shared.ts";
import type { AdminPhoto } from "#domain/catalog/shoots.server.ts";
import { Picture } from "../picture.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { usePointerSort } from "./use-pointer-sort.ts";

/** Admin thumbnails are drawn at most this wide, so a small variant serves. */
const THUMBNAIL_SIZES = "200px";

interface PhotoGridProps {
  photos: AdminPhoto[];
  coverAssetId: number | null;
  otherShoots: { id: number; title: string }[];
  csrf: string;
}

export function PhotoGrid({ photos, coverAssetId, otherShoots, csrf }: PhotoGridProps) {
  // The drag handles do nothing before JavaScript runs, so they appear only after it does.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const reorder = useFetcher<{ notice: string }>();
  // While a new order is being saved, show it; otherwise the server's order is the truth.
  const pending = reorder.formData?.get("order");
  const order =
    typeof pending === "string"
      ? pending
          .split(",")
          .map((id) => photos.find((p) => p.id === Number(id)))
          .filter((p): p is AdminPhoto => p !== undefined)
      : photos;

  const { drag, handleProps } = usePointerSort((from, to) => {
    const next = order.map((p) => p.id);
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as number);
    void reorder.submit({ intent: "photo-order", order: next.join(","), [CSRF_FIELD_NAME]: csrf }, { method: "post" });
  });

  if (order.length === 0) return <p>No photos yet.</p>;
  return (
    <>
      <p className="admin-notice" role="status">
        {reorder.state === "idle" ? reorder.data?.notice : "Saving the new order…"}
      </p>
      <ol className="admin-photos" aria-label="Photos in their order on the site">
        {order.map((p, index) => {
          const label = `photo ${index + 1}`;
          return (
            <li
              key={p.id}
              className={`admin-photo${drag?.from === index ? " is-dragged" : ""}${
                drag && drag.from !== index && drag.to === index ? " is-drop-target" : ""
              }`}
              data-photo-id={p.id}
            >
              {hydrated ? (
                // A pointer's way to reorder; keyboards and screen readers use the Move buttons below.
                <span className="admin-photo-handle" aria-hidden="true" title="Drag to reorder" {...handleProps(index)}>
                  ⠿
                </span>
              ) : null}
              {p.image ? (
                <Picture image={{ ...p.image, alt: p.alt || `Photo ${index + 1}` }} sizes={THUMBNAIL_SIZES} />
              ) : null}
              <p className="admin-photo-number">
                Photo {index + 1} <span className="admin-sub admin-photo-file">{p.fileName}</span>
              </p>
              <Form method="post" className="admin-photo-alt">
                <CsrfField />
                <input type="hidden" name="photoId" value={p.id} />
                <label htmlFor={`alt-${p.id}`}>Alt text</label>
                <input id={`alt-${p.id}`} name="alt" type="text" maxLength={300} defaultValue={p.alt} />
                <button type="submit" name="intent" value="photo-alt" className="link-button">
                  Save<span className="visually-hidden"> alt text of {label}</span>
                </button>
              </Form>
              <Form method="post" className="admin-actions">
                <CsrfField />
                <input type="hidden" name="photoId" value={p.id} />
                <input type="hidden" name="assetId" value={p.assetId} />
                <button type="submit" name="intent" value="photo-up" className="link-button" disabled={index === 0}>
                  Move earlier<span className="visually-hidden"> ({label})</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="photo-down"
                  className="link-button"
                  disabled={index === order.length - 1}
                >
                  Move later<span className="visually-hidden"> ({label})</span>
                </button>
                {coverAssetId === p.assetId ? (
                  <span className="admin-badge">Cover</span>
                ) : (
                  <button type="submit" name="intent" value="cover" className="link-button">
                    Set as cover<span className="visually-hidden"> ({label})</span>
                  </button>
                )}
                <button type="submit" name="intent" value="photo-trash" className="link-button">
                  Delete<span className="visually-hidden"> {label}</span>
                </button>
              </Form>
              {otherShoots.length > 0 ? (
                <Form method="post" className="admin-photo-move">
                  <CsrfField />
                  <input type="hidden" name="photoId" value={p.id} />
                  <label htmlFor={`move-${p.id}`}>Move to</label>
                  <select id={`move-${p.id}`} name="targetShootId" defaultValue="">
                    <option value="" disabled>
                      another shoot…
                    </option>
                    {otherShoots.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title}
                      </option>
                    ))}
                  </select>
                  <button type="submit" name="intent" value="photo-move" className="link-button">
                    Move<span className="visually-hidden"> {label}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
