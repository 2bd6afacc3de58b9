// The couple's review of an album version (app/routes/galleries/album.tsx): the spreads as a
// book, one per screen's width, swiped (a CSS scroll-snap strip, with or without JavaScript),
// stepped by its buttons or the arrow keys; each spread's pins and comments, its OK, and its plain
// "comment on this spread" form; then "send changes" and "approve". With JavaScript a tap on a
// spot of a spread opens a comment form pinned there (pin-form.tsx). Every form is a plain POST.
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
import { richText } from "#app/i18n/rich-text.tsx";
import { afterMainImage, MAIN_IMAGE_TIMING } from "../../document/main-image-first.ts";
import { StartChoosing } from "../client-gallery/start-choosing.tsx";
import { preloadImage } from "../picture.tsx";
import {
  type AlbumAnswer,
  type AlbumComment,
  type AlbumPage,
  type AlbumSpread,
  PRELOADED_AFTER_FIRST,
} from "./album-data.ts";
import { PinForm, type PinSpot, thumbUrl } from "./pin-form.tsx";

/** A spread spans the page's content (80rem less its 1rem sides, as .page in app.css). */
export const SPREAD_SIZES = "(max-width: 80rem) calc(100vw - 2rem), 78rem";

function reducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function AlbumReview({ page, problem }: { page: AlbumPage; problem?: AlbumAnswer }) {
  const t = useT();
  const { version } = page;
  const spreads = version.spreads;
  const locked = version.state === "approved";
  const canAct = !locked && page.visitor !== null;
  const strip = useRef<HTMLOListElement>(null);
  const [current, setCurrent] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const [spot, setSpot] = useState<PinSpot | null>(null);
  useEffect(() => setHydrated(true), []);
  // The spreads ahead wait until the first is on screen: fetched beside it, they shared a phone's
  // connection with the page's largest image and put off its paint by seconds (bench: albums).
  const [firstShown, setFirstShown] = useState(false);
  useEffect(() => {
    const first = strip.current?.querySelector("img");
    if (!first || first.complete) {
      setFirstShown(true);
      return;
    }
    const shown = () => setFirstShown(true);
    first.addEventListener("load", shown, { once: true });
    first.addEventListener("error", shown, { once: true });
    return () => {
      first.removeEventListener("load", shown);
      first.removeEventListener("error", shown);
    };
  }, []);

  // The spread on screen: the strip's scroll, in spreads (each is the strip's width).
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const seen = () =>
      setCurrent(Math.min(spreads.length - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
    seen();
    el.addEventListener("scroll", seen, { passive: true });
    return () => el.removeEventListener("scroll", seen);
  }, [spreads.length]);

  const go = useCallback(
    (index: number) => {
      const el = strip.current;
      if (!el) return;
      const to = Math.min(spreads.length - 1, Math.max(0, index));
      el.scrollTo({ left: to * el.clientWidth, behavior: reducedMotion() ? "auto" : "smooth" });
      setCurrent(to);
    },
    [spreads.length],
  );

  const onKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "ArrowRight") go(current + 1);
    else if (event.key === "ArrowLeft") go(current - 1);
    else return;
    event.preventDefault();
  };

  const enter = problem?.form === "enter" ? { ...problem, form: "enter" as const } : undefined;

  return (
    <div className="page cg al">
      <header className="page-header">
        <p className="eyebrow">
          <a href={page.base}>{page.galleryTitle}</a>
          {page.severalAlbums ? (
            <>
              {" · "}
              <a href={`${page.base}/album`}>{t("album.allAlbums")}</a>
            </>
          ) : null}
        </p>
        <h1 className="page-title">{page.albumTitle}</h1>
        <p className="al-version">
          {version.sentAt
            ? t("album.versionSent", { number: version.number, when: version.sentAt })
            : t("album.version", { number: version.number })}
          {locked
            ? ` · ${t("album.status.approved")}`
            : version.state === "changes"
              ? ` · ${t("album.status.changes")}`
              : ""}
        </p>
      </header>
      {/* A form posted where there is none now (the version approved meanwhile, or no name given): said here. */}
      {problem && (locked || page.visitor === null) && problem.form !== "enter" && problem.form !== "pin" ? (
        <p className="field-error" role="alert">
          {problem.message}
        </p>
      ) : null}
      {page.visitor === null && !locked ? (
        // Folded to its one line, as in the gallery: the first screen is the album's first spread.
        <StartChoosing
          here={page.path}
          enter={enter}
          words={{ heading: t("album.name.heading"), hint: t("album.name.hint"), submit: t("album.name.submit") }}
        />
      ) : null}
      {!locked && canAct ? (
        <p className="al-hint">
          {richText(t, "album.hint.as", {}, "name", <strong>{page.visitor?.name}</strong>)}{" "}
          {hydrated ? t("album.hint.tap") : t("album.hint.plain")} {t("album.hint.ok")}
        </p>
      ) : null}

      {version.answers.length > 0 ? (
        <section className="al-answers" aria-labelledby="al-answers-heading">
          <h2 id="al-answers-heading" className="cg-subheading">
            {t("album.answers.heading")}
          </h2>
          <ul className="al-comments">
            {version.answers.map((c) => (
              <li key={c.id}>
                <CommentBody comment={c} spread={c.spread} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <nav className="al-controls" aria-label={t("album.controls")}>
        <a
          className="button button--quiet"
          href={`#spread-${Math.max(1, (spreads[current - 1] ?? spreads[0])?.number ?? 1)}`}
          aria-disabled={current === 0 ? true : undefined}
          onClick={(e) => {
            e.preventDefault();
            go(current - 1);
          }}
        >
          {t("album.previous")}
        </a>
        <p className="al-status" aria-live="polite">
          {t("album.position", { number: spreads[current]?.number ?? 1, total: spreads.length })}
        </p>
        <a
          className="button button--quiet"
          href={`#spread-${(spreads[current + 1] ?? spreads[spreads.length - 1])?.number ?? 1}`}
          aria-disabled={current >= spreads.length - 1 ? true : undefined}
          onClick={(e) => {
            e.preventDefault();
            go(current + 1);
          }}
        >
          {t("album.next")}
        </a>
      </nav>
      <ol
        ref={strip}
        className="al-strip"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls sideways; focused, the arrow keys step it.
        tabIndex={0}
        aria-label={t("album.strip", { title: page.albumTitle })}
        onKeyDown={onKey}
      >
        {spreads.map((s, i) => (
          <Spread
            key={s.number}
            spread={s}
            index={i}
            ahead={i === 0 || (firstShown && i <= current + PRELOADED_AFTER_FIRST)}
            total={spreads.length}
            page={page}
            problem={problem?.spread === s.number ? problem : undefined}
            canAct={canAct}
            hydrated={hydrated}
            spot={spot?.spread === s.number ? spot : null}
            onSpot={setSpot}
          />
        ))}
      </ol>

      <section id="album-end" className="al-end" aria-labelledby="al-end-heading">
        <h2 id="al-end-heading" className="cg-subheading">
          {locked ? t("album.status.approved") : t("album.end.heading")}
        </h2>
        <Thanks page={page} />
        {version.approval ? (
          <p className="al-approval" role="note">
            {richText(
              t,
              "album.approval",
              { number: version.number, when: version.approval.at },
              "name",
              <strong>{version.approval.name}</strong>,
            )}
            {version.approval.addressRecorded ? ` ${t("album.approval.address")}` : ""}
          </p>
        ) : null}
        {canAct ? <EndForms page={page} problem={problem} /> : null}
      </section>
    </div>
  );
}

function Thanks({ page }: { page: AlbumPage }) {
  const t = useT();
  if (!page.done) return null;
  return (
    <div className="al-thanks" role="status">
      <p>{page.done === "approved" ? t("album.thanks.approved") : t("album.thanks.changes")}</p>
      {page.whatsapp ? (
        <p>
          <a className="button" href={page.whatsapp} target="_blank" rel="noopener noreferrer">
            {t("album.thanks.whatsapp")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

function EndForms({ page, problem }: { page: AlbumPage; problem?: AlbumAnswer }) {
  const t = useT();
  const { version } = page;
  const sendError = problem?.form === "send" ? problem.message : undefined;
  const approveError = problem?.form === "approve" ? problem.message : undefined;
  return (
    <>
      <form method="post" action={page.path} className="cg-form al-send">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="version" value={version.id} />
        <p>
          {t(version.state === "changes" ? "album.send.countSent" : "album.send.count", { count: version.comments })}
        </p>
        {sendError ? (
          <p className="field-error" role="alert">
            {sendError}
          </p>
        ) : null}
        <button type="submit" className="button button--quiet">
          {t("album.send.submit")}
        </button>
      </form>
      <form method="post" action={page.path} className="cg-form al-approve">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="version" value={version.id} />
        <p id="al-approve-statement">
          {t("album.approve.statement", { number: version.number, title: page.albumTitle })}
        </p>
        <div className="field">
          <label htmlFor="al-approve-name">{t("album.approve.label")}</label>
          <input
            id="al-approve-name"
            name="name"
            autoComplete="name"
            required
            maxLength={page.limits.name}
            defaultValue={problem?.form === "approve" ? problem.values?.name : undefined}
            aria-describedby={`al-approve-statement${approveError ? " al-approve-error" : ""}`}
            aria-invalid={approveError ? true : undefined}
          />
          {approveError ? (
            <p id="al-approve-error" className="field-error" role="alert">
              {approveError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          {t("album.approve.submit", { number: version.number })}
        </button>
      </form>
    </>
  );
}

/** "x" of `pair`, to the spread's share in percent. */
const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

function Spread({
  spread,
  index,
  ahead,
  total,
  page,
  problem,
  canAct,
  hydrated,
  spot,
  onSpot,
}: {
  spread: AlbumSpread;
  index: number;
  /** The spread on screen or one of the next PRELOADED_AFTER_FIRST: fetched now, at the screen's size. */
  ahead: boolean;
  total: number;
  page: AlbumPage;
  problem?: AlbumAnswer;
  canAct: boolean;
  hydrated: boolean;
  spot: PinSpot | null;
  onSpot: (spot: PinSpot | null) => void;
}) {
  const t = useT();
  const { image } = spread;
  const tap = useRef<HTMLButtonElement>(null);
  const [zoomed, setZoomed] = useState(false);
  const zoom = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (zoomed) zoom.current?.showModal();
  }, [zoomed]);
  // A refused pinned comment comes back open where it was, as typed.
  const pinProblem = problem?.form === "comment" && problem.values?.x ? problem : undefined;
  const plainProblem = problem?.form === "comment" && !problem.values?.x ? problem : undefined;
  const pinned =
    spot ??
    (pinProblem ? { spread: spread.number, x: Number(pinProblem.values?.x), y: Number(pinProblem.values?.y) } : null);
  const headingId = `spread-${spread.number}-heading`;
  const first = index === 0;
  // The first spread is the page's largest paint: asked for from the head, not when the parser
  // reaches it past the page's header and styles.
  if (first) preloadImage(image, SPREAD_SIZES);
  // Its words are the page's language's; the domain's alt is the studio's English.
  const alt = t("album.spread.alt", { title: page.albumTitle, number: spread.number });
  return (
    <li id={`spread-${spread.number}`} className="al-spread" aria-labelledby={headingId}>
      <div className="al-spread-head">
        <h2 id={headingId} className="cg-subheading">
          {richText(
            t,
            "album.spread.heading",
            { number: spread.number },
            "total",
            <span className="al-muted">{t("album.spread.of", { total })}</span>,
          )}
        </h2>
        {spread.changed ? (
          <span className="al-changed">{t("album.changed", { number: page.version.number })}</span>
        ) : null}
      </div>
      <div className="al-canvas">
        {/* The spread and what is drawn over it; a pinned comment's form beside it (under it on a phone). */}
        {/* The spreads after the first wait for it to paint (main-image-first.ts): lazy images in a
            sideways strip are inside Chrome's lazy-load margin, and four of them shared a phone's
            connection with the first. Sized by the spread's shape meanwhile. */}
        <div
          className="al-frame"
          {...(first ? {} : afterMainImage())}
          style={{ aspectRatio: `${image.width} / ${image.height}` }}
        >
          {/* Each format's files (the phone's AVIF with the rest, then the WebP and JPEG of a
              browser without AVIF; a spread made before the AVIF plan: its WebPs alone), the
              browser taking the first it can show. */}
          <picture>
            {image.sources.map((source) => (
              <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={SPREAD_SIZES} />
            ))}
            <img
              className="al-spread-img"
              src={image.fallback}
              width={image.width}
              height={image.height}
              alt={alt}
              // The first spread is the page's largest image; once it shows, the next two come at
              // the screen's size, so a swipe shows them at once; and as the couple swipes on, the
              // two after the one on screen (a lazy image in a sideways strip may wait until it shows).
              loading={ahead ? "eager" : "lazy"}
              fetchPriority={first ? "high" : undefined}
              {...(first ? { elementtiming: MAIN_IMAGE_TIMING } : {})}
              decoding={first ? undefined : "async"}
              style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")` } : undefined}
            />
          </picture>
          {hydrated && canAct ? (
            <button
              ref={tap}
              type="button"
              className="al-tap"
              aria-label={t("album.tap", { number: spread.number })}
              onClick={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                // A key (no pointer): the middle of the spread, moved by the form's own fields.
                const keyed = event.detail === 0;
                const x = keyed ? 0.5 : (event.clientX - box.left) / box.width;
                const y = keyed ? 0.5 : (event.clientY - box.top) / box.height;
                const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10_000) / 10_000));
                onSpot({ spread: spread.number, x: clamp(x), y: clamp(y) });
              }}
            />
          ) : null}
          {spread.comments.map((c) =>
            c.x === null || c.y === null ? null : (
              <a
                key={c.id}
                href={`#comment-${c.id}`}
                className={`al-pin${c.resolved ? " al-pin--resolved" : ""}`}
                style={{ left: percent(c.x), top: percent(c.y) }}
                aria-label={t("album.pin", { place: c.place, author: c.author })}
              >
                {c.place}
              </a>
            ),
          )}
          {pinned ? (
            <span
              className="al-pin al-pin--new"
              style={{ left: percent(pinned.x), top: percent(pinned.y) }}
              aria-hidden="true"
            >
              +
            </span>
          ) : null}
        </div>
        {pinned ? (
          <PinForm
            page={page}
            spot={pinned}
            problem={pinProblem}
            onClose={() => {
              onSpot(null);
              tap.current?.focus();
            }}
          />
        ) : null}
      </div>
      <p className="al-zoom">
        <a
          href={spread.large}
          target="_blank"
          rel="noopener"
          aria-label={t("album.zoom.label", { number: spread.number })}
          onClick={(event) => {
            event.preventDefault();
            setZoomed(true);
          }}
        >
          {t("album.zoom")}
        </a>
      </p>
      {zoomed ? (
        <dialog
          ref={zoom}
          className="al-zoomed"
          aria-label={t("album.zoomed", { number: spread.number })}
          onClose={() => setZoomed(false)}
        >
          <form method="dialog">
            <button type="submit" className="button">
              {t("album.close")}
            </button>
          </form>
          <div className="al-zoomed-scroll">
            <img src={spread.large} alt={alt} width={image.width} height={image.height} />
          </div>
        </dialog>
      ) : null}

      {spread.comments.length > 0 ? (
        <ol className="al-comments" aria-label={t("album.comments", { number: spread.number })}>
          {spread.comments.map((c) => (
            <li key={c.id} id={`comment-${c.id}`}>
              <span className="al-place" aria-hidden="true">
                {c.place}
              </span>
              <CommentBody comment={c} />
              {c.removable ? (
                <form method="post" action={page.path} className="al-remove">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="version" value={page.version.id} />
                  <input type="hidden" name="spread" value={spread.number} />
                  <input type="hidden" name="comment" value={c.id} />
                  <button
                    type="submit"
                    className="button button--small button--quiet"
                    aria-label={t("album.remove.label", { place: c.place })}
                  >
                    {t("album.remove")}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {problem && problem.form !== "comment" ? (
        <p className="field-error" role="alert">
          {problem.message}
        </p>
      ) : null}
      {canAct ? (
        <div className="al-spread-forms">
          <form method="post" action={page.path} className="al-ok">
            <input type="hidden" name="intent" value="ok" />
            <input type="hidden" name="version" value={page.version.id} />
            <input type="hidden" name="spread" value={spread.number} />
            <input type="hidden" name="ok" value={spread.okByMe ? "0" : "1"} />
            <button
              type="submit"
              className="button button--quiet"
              aria-pressed={spread.okByMe}
              aria-label={t("album.ok.label", { number: spread.number })}
            >
              {spread.okByMe ? `✓ ${t("album.ok")}` : t("album.ok")}
            </button>
            {spread.okCount > 0 ? (
              <span className="al-muted">
                {spread.okByMe ? t("album.ok.mine") : t("album.ok.others")}
                {spread.okCount > 1 ? ` ${t("album.ok.people", { count: spread.okCount })}` : ""}
              </span>
            ) : null}
          </form>
          <form method="post" action={page.path} className="cg-form al-plain">
            <input type="hidden" name="intent" value="comment" />
            <input type="hidden" name="version" value={page.version.id} />
            <input type="hidden" name="spread" value={spread.number} />
            <input type="hidden" name="x" value="" />
            <input type="hidden" name="y" value="" />
            <div className="field">
              <label htmlFor={`al-plain-${spread.number}`}>{t("album.plain.label", { number: spread.number })}</label>
              <textarea
                id={`al-plain-${spread.number}`}
                name="text"
                rows={2}
                maxLength={page.limits.comment}
                defaultValue={plainProblem?.values?.text}
                aria-invalid={plainProblem ? true : undefined}
                aria-describedby={plainProblem ? `al-plain-${spread.number}-error` : undefined}
              />
              {plainProblem ? (
                <p id={`al-plain-${spread.number}-error`} className="field-error" role="alert">
                  {plainProblem.message}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className="button button--quiet"
              aria-label={t("album.plain.submit.label", { number: spread.number })}
            >
              {t("album.plain.submit")}
            </button>
          </form>
        </div>
      ) : null}
    </li>
  );
}

/** `spread`: named before the author, where the comment is listed away from its spread. */
function CommentBody({ comment, spread }: { comment: AlbumComment; spread?: number }) {
  const t = useT();
  const thumb = comment.swap;
  return (
    <div className="al-comment">
      <p>
        {spread ? <span className="al-muted">{t("album.comment.spread", { number: spread })} · </span> : null}
        <strong>{comment.author}</strong>
        {comment.x === null ? <span className="al-muted"> {t("album.comment.whole")}</span> : null}: {comment.text}
      </p>
      {thumb ? (
        <p className="al-swap">
          <span>{t("album.swap")}</span>
          <img
            src={thumbUrl(thumb)}
            alt={thumb.alt || t("album.swap.alt")}
            width={thumb.width}
            height={thumb.height}
            loading="lazy"
          />
        </p>
      ) : null}
      {comment.resolved ? (
        <p className="al-resolved">
          {comment.answeredIn ? t("album.resolvedIn", { number: comment.answeredIn }) : t("album.resolved")}
        </p>
      ) : null}
    </div>
  );
}
