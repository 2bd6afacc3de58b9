// The comment form a tap on a spread opens, pinned at the spot (shares of the spread, 0..1): what
// to change, and optionally a photo of the gallery to swap in, chosen set by set from the
// gallery's own page endpoint (/g/{token}/photos). Posted as the page's plain form; focus goes
// into it when it opens and back to the spread when it closes (Escape or Cancel).
import { useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
import type { PhotoPage } from "#domain/galleries/client-types.ts";
import type { CompactImage } from "#domain/galleries/compact-image.ts";
import type { AlbumAnswer, AlbumPage } from "./album-data.ts";

export interface PinSpot {
  spread: number;
  x: number;
  y: number;
}

interface Picked {
  id: number;
  image: CompactImage;
}

/** A thumbnail's file: the smallest of its first format. */
export function thumbUrl(image: CompactImage): string {
  const rest = image.sources[0]?.files[0]?.split(" ")[0] ?? image.fallback;
  return image.prefix + rest;
}

export function PinForm({
  page,
  spot,
  problem,
  onClose,
}: {
  page: AlbumPage;
  spot: PinSpot;
  problem?: AlbumAnswer;
  onClose: () => void;
}) {
  const t = useT();
  const text = useRef<HTMLTextAreaElement>(null);
  const [swap, setSwap] = useState<Picked | null>(null);
  const [picking, setPicking] = useState(false);
  const id = `al-pin-${spot.spread}`;
  useEffect(() => text.current?.focus(), []);
  return (
    <form
      method="post"
      action={page.path}
      className={`al-pinform${spot.x > 0.5 ? " al-pinform--left" : ""}`}
      style={{ "--x": spot.x, "--y": spot.y } as React.CSSProperties}
      aria-label={t("album.pinform.label", { number: spot.spread })}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="version" value={page.version.id} />
      <input type="hidden" name="spread" value={spot.spread} />
      <input type="hidden" name="x" value={spot.x} />
      <input type="hidden" name="y" value={spot.y} />
      <input type="hidden" name="swap" value={swap?.id ?? ""} />
      <div className="field">
        <label htmlFor={`${id}-text`}>{t("album.pinform.text")}</label>
        <textarea
          ref={text}
          id={`${id}-text`}
          name="text"
          rows={3}
          maxLength={page.limits.comment}
          defaultValue={problem?.values?.text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {problem.message}
          </p>
        ) : null}
      </div>
      {swap ? (
        <p className="al-swap">
          <span>{t("album.swap")}</span>
          <img
            src={thumbUrl(swap.image)}
            alt={swap.image.alt || t("album.swap.alt")}
            width={swap.image.width}
            height={swap.image.height}
          />
          <button type="button" className="button button--small button--quiet" onClick={() => setSwap(null)}>
            {t("album.pinform.noPhoto")}
          </button>
        </p>
      ) : null}
      <button
        type="button"
        className="button button--small button--quiet"
        aria-expanded={picking}
        onClick={() => setPicking(!picking)}
      >
        {t("album.pinform.swap")}
      </button>
      {picking ? (
        <PhotoPicker
          base={page.base}
          sets={page.sets}
          onPick={(picked) => {
            setSwap(picked);
            setPicking(false);
            text.current?.focus();
          }}
        />
      ) : null}
      <div className="al-pinform-buttons">
        <button type="submit" className="button">
          {t("album.pinform.submit")}
        </button>
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t("album.pinform.cancel")}
        </button>
      </div>
    </form>
  );
}

interface Loaded {
  count: number;
  photos: { id: number; image: CompactImage }[];
  failed: boolean;
}

/** The gallery's photos, a set at a time (its tabs), a page at a time. */
function PhotoPicker({
  base,
  sets,
  onPick,
}: {
  base: string;
  sets: AlbumPage["sets"];
  onPick: (picked: Picked) => void;
}) {
  const t = useT();
  const [setId, setSetId] = useState(sets[0]?.id ?? 0);
  const [loaded, setLoaded] = useState<Record<number, Loaded>>({});
  const state = loaded[setId];

  const fetchPage = async (set: number, offset: number) => {
    try {
      const response = await fetch(`${base}/photos?set=${set}&offset=${offset}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const page = (await response.json()) as PhotoPage;
      setLoaded((all) => ({
        ...all,
        [set]: {
          count: page.count,
          photos: [...(all[set]?.photos ?? []), ...page.photos.map((p) => ({ id: p.id, image: p.image }))],
          failed: false,
        },
      }));
    } catch {
      setLoaded((all) => ({ ...all, [set]: { count: 0, photos: all[set]?.photos ?? [], failed: true } }));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a set's first page, once, when its tab is first chosen.
  useEffect(() => {
    if (setId && !loaded[setId]) void fetchPage(setId, 0);
  }, [setId]);

  const title = sets.find((s) => s.id === setId)?.title ?? "";
  return (
    <div className="al-picker">
      <fieldset className="al-picker-tabs">
        <legend className="visually-hidden">{t("album.picker.sets")}</legend>
        {sets.map((s) => (
          <button
            key={s.id}
            type="button"
            className="button button--small button--quiet"
            aria-pressed={s.id === setId}
            onClick={() => setSetId(s.id)}
          >
            {s.title}
          </button>
        ))}
      </fieldset>
      {state?.failed ? <p role="alert">{t("album.picker.failed")}</p> : null}
      {state ? (
        <ul className="al-picker-grid" aria-label={t("album.picker.grid", { title })}>
          {state.photos.map((p, i) => (
            <li key={p.id}>
              <button type="button" className="al-picker-photo" onClick={() => onPick(p)}>
                <img
                  src={thumbUrl(p.image)}
                  alt={
                    p.image.alt
                      ? t("album.picker.alt", { alt: p.image.alt })
                      : t("album.picker.altPhoto", { number: i + 1, title })
                  }
                  width={p.image.width}
                  height={p.image.height}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{t("album.picker.loading")}</p>
      )}
      {state && state.photos.length < state.count ? (
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => void fetchPage(setId, state.photos.length)}
        >
          {t("album.picker.more")}
        </button>
      ) : null}
    </div>
  );
}
