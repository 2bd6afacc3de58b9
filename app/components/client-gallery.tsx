// The client gallery's screens (app/routes/galleries/gallery.tsx): the door (its PIN), the closed
// link's page, and the gallery itself. Small on purpose: it is the page's own JavaScript on a
// phone, beside what the public pages load; the viewer's code still loads only when a photo is
// first opened. Every control is a form or a link first; JavaScript only makes them quicker.
// Forms and links load whole documents, never React Router's /g/{token}.data: the gallery's
// cookies are scoped to /g/{token}, a path /g/{token}.data is not under (ADR 026).
import {
  type CSSProperties,
  type FormEvent,
  type InputHTMLAttributes,
  memo,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import type { ResponsiveImage, StudioInfo } from "#domain/catalog/types.ts";
import {
  type GalleryPhoto,
  type ItemAnswer,
  PHOTOS_PER_PAGE,
  type PhotoPage,
  type SelectionList,
  type SetWindow,
} from "#domain/galleries/client-types.ts";
import {
  type CompactImage,
  expandImage,
  GRID_MAX_VARIANT_WIDTH_PX,
  largeUrl,
} from "#domain/galleries/compact-image.ts";
import { EmailList, PhoneList } from "./contact-details.tsx";
import { Field } from "./field.tsx";
import { Picture } from "./picture.tsx";
import { StudioLogo } from "./studio-logo.tsx";
import { useGalleryViewer } from "./viewer/launcher.tsx";

/** A row's height before it is stretched to the width, in CSS px (as in .cg-grid in client-gallery.css). */
const ROW_HEIGHT_PX = { phone: 104, wide: 208 } as const;
/** How much wider than its row height × shape a photo may be drawn once its row is stretched. */
const ROW_STRETCH = 1.4;
/** Photos in the first row or so load at once; the rest as they near the screen. */
const EAGER_PHOTOS = 6;
/** The hero spans the page's content (80rem less its 1rem sides, as .page in app.css). */
const HERO_SIZES = "(max-width: 80rem) calc(100vw - 2rem), 78rem";
/**
 * Once the client has scrolled, start fetching a set's next page when its link is this far below
 * the screen. Before the first scroll only a link on the screen itself loads: the first screen's
 * photos are in the document, and a page fetched and drawn at load is work a phone does while
 * it is still starting (the sets below the first, empty until reached, would each fetch one).
 */
const PREFETCH_MARGIN_PX = 1200;

interface FormAnswer {
  form: "pin" | "enter" | "list" | "submit" | "item";
  message: string;
  values?: Record<string, string>;
  fields?: Record<string, string>;
}

// --- closed and door

export function ClosedGallery({ reason, studio }: { reason: "expired" | "revoked"; studio: StudioInfo | null }) {
  const name = studio?.name ?? "The studio";
  return (
    <section className="page page--narrow cg-door" aria-labelledby="cg-closed-heading">
      <p className="cg-door-logo">
        <StudioLogo name={name} logo={studio?.logo ?? null} place="contact" />
      </p>
      <h1 id="cg-closed-heading" className="page-title">
        {reason === "expired" ? "This gallery has expired" : "This gallery link is no longer active"}
      </h1>
      <p className="page-lede">
        {reason === "expired"
          ? `Its last day has passed. ${name} can open it again for you.`
          : `${name} has closed this link. If you still need your photos, please get in touch.`}
      </p>
      {studio && (studio.phones.length > 0 || studio.emails.length > 0) ? (
        <>
          <h2 className="cg-subheading">Contact {name}</h2>
          <PhoneList phones={studio.phones} />
          <EmailList emails={studio.emails} />
        </>
      ) : null}
    </section>
  );
}

export function GalleryDoor({ studioName, problem }: { studioName: string; problem?: FormAnswer }) {
  const error = problem?.form === "pin" ? problem.message : undefined;
  return (
    <section className="page page--narrow cg-door" aria-labelledby="cg-door-heading">
      <p className="eyebrow">{studioName}</p>
      <h1 id="cg-door-heading" className="page-title">
        A private gallery
      </h1>
      <p className="page-lede">Enter the PIN {studioName} gave you. This device will remember it.</p>
      <PinForm id="gallery-pin" label="Gallery PIN" error={error} submit="Open the gallery" />
    </section>
  );
}

/** A PIN the studio gave (the gallery's, or its download PIN), posted to the page it is on. */
export function PinForm({
  id,
  label,
  error,
  submit,
  className = "cg-form",
  children,
}: {
  id: string;
  label: string;
  error?: string;
  submit: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <form method="post" className={className}>
      {children}
      <Field id={id} label={label} error={error}>
        {(control) => <PinInput {...control} maxLength={64} />}
      </Field>
      <button type="submit" className="button">
        {submit}
      </button>
    </form>
  );
}

// --- the gallery

export interface OpenPage {
  base: string;
  title: string;
  eventDate: string | null;
  /** The gallery's cover, shown as the hero (null: none). */
  cover: ResponsiveImage | null;
  paged: boolean;
  sets: SetWindow[];
  visitor: { name: string } | null;
  lists: SelectionList[];
  list: SelectionList | null;
  /** Downloads: none, open to this browser, or behind the download PIN (asked on the downloads page). */
  downloads: "off" | "open" | "pin";
}

interface Loaded {
  photos: GalleryPhoto[];
  /** Where the next page starts, or null when the set is complete. */
  next: number | null;
}

function nextOffset(set: { count: number; offset: number }, shown: number): number | null {
  const end = set.offset + shown;
  return end < set.count ? end : null;
}

/** Expanded once per photo, so the viewer and the grid keep the same objects across renders. */
const expanded = new WeakMap<CompactImage, { full: ResponsiveImage; grid: ResponsiveImage }>();
function imagesOf(photo: GalleryPhoto) {
  let images = expanded.get(photo.image);
  if (!images) {
    images = { full: expandImage(photo.image), grid: expandImage(photo.image, GRID_MAX_VARIANT_WIDTH_PX) };
    expanded.set(photo.image, images);
  }
  return images;
}

function sizesOf(photo: GalleryPhoto): string {
  const shape = photo.image.width / photo.image.height;
  const px = (row: number) => Math.ceil(shape * row * ROW_STRETCH);
  return `(max-width: 640px) ${px(ROW_HEIGHT_PX.phone)}px, ${px(ROW_HEIGHT_PX.wide)}px`;
}

export function OpenGallery({ page, problem }: { page: OpenPage; problem?: FormAnswer }) {
  const { base, sets, list } = page;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const listQuery = list ? `&list=${list.id}` : "";
  const locked = list?.submittedAt != null;
  const [loaded, setLoaded] = useState<Record<number, Loaded>>(() =>
    Object.fromEntries(sets.map((s) => [s.id, { photos: s.photos, next: nextOffset(s, s.photos.length) }])),
  );
  const [hearts, setHearts] = useState<Record<number, boolean>>({});
  const [count, setCount] = useState(list?.count ?? 0);
  const [message, setMessage] = useState(problem?.form === "item" ? problem.message : "");
  useEffect(() => setCount(list?.count ?? 0), [list?.count]);
  useEffect(() => setMessage(problem?.form === "item" ? problem.message : ""), [problem]);
  const scrolled = useScrolledOnce();
  // One page on its way at a time, for the whole gallery, and it counts as on its way until it is
  // in `loaded` (drawn in a transition, so some frames after its answer): the links ask again,
  // in page order, each time a page is in, so the set being read goes on before a set below it
  // starts, and nothing asks twice for a page.
  const request = useRef<{ setId: number; offset: number } | null>(null);

  const loadMore = useCallback(
    async (setId: number) => {
      const state = loaded[setId];
      const pending = request.current;
      if (!state || state.next === null || (pending && loaded[pending.setId]?.next === pending.offset)) return;
      const offset = state.next;
      request.current = { setId, offset };
      try {
        const res = await fetch(`${base}/photos?set=${setId}&offset=${offset}${listQuery}`);
        if (!res.ok) throw new Error(String(res.status));
        const more = (await res.json()) as PhotoPage;
        // A transition: React renders the grown set in slices between frames, not in one task
        // that grows with every page (a scroll through 1,500 photos otherwise stutters). Only the
        // page that continues the set is added.
        startTransition(() =>
          setLoaded((all) => {
            const current = all[setId];
            if (!current || current.next !== more.offset) return all;
            const photos = [...current.photos, ...more.photos];
            return {
              ...all,
              [setId]: { photos, next: more.photos.length === 0 ? null : nextOffset(more, more.photos.length) },
            };
          }),
        );
      } catch {
        request.current = null;
        setMessage("More photos could not be loaded. Check the connection, then use the More photos link.");
      }
    },
    [base, listQuery, loaded],
  );

  const isHearted = (photo: GalleryPhoto) => hearts[photo.id] ?? photo.hearted;

  const toggle = useCallback(
    async (photo: GalleryPhoto, on: boolean) => {
      if (!list || locked) return;
      setHearts((h) => ({ ...h, [photo.id]: on }));
      setCount((c) => c + (on ? 1 : -1));
      setMessage("");
      const body = new URLSearchParams({
        intent: on ? "heart" : "unheart",
        photo: String(photo.id),
        list: String(list.id),
      });
      try {
        const res = await fetch(`${base}/photos`, { method: "POST", body });
        const answer = (await res.json()) as ItemAnswer;
        if (answer.count !== null) setCount(answer.count);
        if (!answer.ok) {
          setHearts((h) => ({ ...h, [photo.id]: !on }));
          setMessage(answer.message);
        }
      } catch {
        setHearts((h) => ({ ...h, [photo.id]: !on }));
        setCount((c) => c + (on ? -1 : 1));
        setMessage("That did not reach the studio. Check the connection and try again.");
      }
    },
    [base, list, locked],
  );

  const all = useMemo(() => sets.flatMap((s) => loaded[s.id]?.photos ?? []), [sets, loaded]);
  const images = useMemo(() => all.map((p) => imagesOf(p).full), [all]);
  const viewer = useGalleryViewer(page.title, images, {
    extraButtons: (index) => {
      const photo = all[index];
      if (!photo) return null;
      const on = isHearted(photo);
      return (
        <>
          {list && !locked ? (
            <button
              key="heart"
              type="button"
              className="yarl__button cg-viewer-heart"
              aria-pressed={on}
              aria-label={`Heart this photo for ${list.name}`}
              title={`Heart this photo for ${list.name}`}
              onClick={() => toggle(photo, !on)}
            >
              <HeartIcon />
            </button>
          ) : null}
          {page.downloads === "open" ? (
            <a
              key="download"
              className="yarl__button cg-viewer-download"
              href={`${base}/download/photo/${photo.id}?size=web`}
              download
              aria-label="Download this photo (web size)"
              title="Download this photo (web size)"
            >
              <DownloadIcon />
            </a>
          ) : null}
        </>
      );
    },
  });
  // Viewer links count photos across the sets, in the order they are shown.
  let viewerIndex = 0;
  const shownPhotos = Object.values(loaded).reduce((sum, s) => sum + s.photos.length, 0);

  return (
    <div className="page cg">
      <HeartShape />
      {/* The page's largest image: preloaded at high priority, its box kept by width and height. */}
      {page.cover ? <Picture image={page.cover} sizes={HERO_SIZES} priority className="cg-hero" /> : null}
      <header className="page-header">
        <p className="eyebrow">Private gallery</p>
        <h1 className="page-title">{page.title}</h1>
        {page.eventDate ? <p className="cg-date">{page.eventDate}</p> : null}
        {page.downloads !== "off" ? (
          <p className="cg-downloads-link">
            <a href={`${base}/downloads`}>Download photos</a>
          </p>
        ) : null}
      </header>
      <SelectionPanel page={page} count={count} here={here} problem={problem} />
      <p className="cg-message" role="alert">
        {message}
      </p>
      <nav className="cg-tabs" aria-label="Sets">
        <ul>
          {sets.map((s) => (
            <li key={s.id}>
              <a href={page.paged ? `${base}?${list ? `list=${list.id}` : ""}#set-${s.id}` : `#set-${s.id}`}>
                {s.title} <span className="cg-tab-count">{s.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sets.map((set) => {
        const state = loaded[set.id] ?? { photos: [], next: null };
        const first = viewerIndex;
        viewerIndex += state.photos.length;
        return (
          <section key={set.id} id={`set-${set.id}`} className="cg-set" aria-labelledby={`set-${set.id}-heading`}>
            <h2 id={`set-${set.id}-heading`} className="cg-set-title">
              {set.title} <span className="cg-set-count">{set.count} photos</span>
            </h2>
            {set.offset > 0 ? (
              <p className="cg-more">
                <a
                  href={`${base}?set=${set.id}&offset=${Math.max(0, set.offset - PHOTOS_PER_PAGE)}${listQuery}#set-${set.id}`}
                >
                  Earlier photos from {set.title}
                </a>
              </p>
            ) : null}
            <ul className="cg-grid">
              {state.photos.map((photo, i) => (
                <GalleryItem
                  key={photo.id}
                  photo={photo}
                  n={set.offset + i + 1}
                  setTitle={set.title}
                  viewerIndex={first + i}
                  linkProps={viewer.linkProps}
                  priority={!page.cover && first + i === 0}
                  hearted={isHearted(photo)}
                  list={list}
                  locked={locked}
                  here={here}
                  onToggle={toggle}
                />
              ))}
            </ul>
            {state.next !== null ? (
              <MoreLink
                href={`${base}?set=${set.id}&offset=${state.next}${listQuery}#set-${set.id}`}
                label={`More photos from ${set.title} (${set.count - state.next} more)`}
                onNear={() => loadMore(set.id)}
                margin={scrolled ? PREFETCH_MARGIN_PX : 0}
                shown={shownPhotos}
              />
            ) : null}
          </section>
        );
      })}
      {viewer.element}
    </div>
  );
}

interface GalleryItemProps {
  photo: GalleryPhoto;
  /** Its number in its set, from 1. */
  n: number;
  setTitle: string;
  /** Its index in the viewer, which counts across the sets. */
  viewerIndex: number;
  linkProps: ReturnType<typeof useGalleryViewer>["linkProps"];
  priority: boolean;
  hearted: boolean;
  list: SelectionList | null;
  locked: boolean;
  here: string;
  onToggle: (photo: GalleryPhoto, on: boolean) => void;
}

/** One photo of the grid. Memoised: a page of photos appended while scrolling renders only its own. */
const GalleryItem = memo(function GalleryItem({
  photo,
  n,
  setTitle,
  viewerIndex,
  linkProps,
  priority,
  hearted,
  list,
  locked,
  here,
  onToggle,
}: GalleryItemProps) {
  return (
    <li
      id={`p-${photo.id}`}
      className="cg-item"
      style={{ "--shape": (photo.image.width / photo.image.height).toFixed(3) } as CSSProperties}
    >
      <a
        {...linkProps(viewerIndex)}
        href={largeUrl(photo.image)}
        className="cg-link"
        aria-label={photo.image.alt || `Photo ${n} of ${setTitle}`}
      >
        <Picture
          image={imagesOf(photo).grid}
          sizes={sizesOf(photo)}
          priority={priority}
          eager={viewerIndex < EAGER_PHOTOS}
        />
      </a>
      {list ? (
        <PhotoControls
          photo={photo}
          label={`photo ${n} of ${setTitle}`}
          hearted={hearted}
          list={list}
          locked={locked}
          here={here}
          onToggle={onToggle}
        />
      ) : null}
    </li>
  );
});

/** A PIN's field: the phone's number pad, never shown, never filled in by the browser. */
function PinInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input name="pin" type="password" inputMode="numeric" autoComplete="off" required {...props} />;
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M12 3v12m0 0-5-5m5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

const HEART_SHAPE_ID = "cg-heart-shape";

/**
 * The heart's outline, drawn once per page: every heart (one per photo on the first screen, the
 * viewer's) uses it, which keeps the first document inside its byte budget (issue 15).
 */
function HeartShape() {
  return (
    <svg className="cg-shapes" aria-hidden="true" focusable="false">
      <symbol id={HEART_SHAPE_ID} viewBox="0 0 24 24">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.5.9-1.4 2.3-2.5 4.4-2.5 3.6 0 5.7 3.8 4.2 7.3C19.5 16.4 12 21 12 21z" />
      </symbol>
    </svg>
  );
}

function HeartIcon() {
  return (
    <svg width="24" height="24" aria-hidden="true" focusable="false">
      <use href={`#${HEART_SHAPE_ID}`} />
    </svg>
  );
}

interface PhotoControlsProps {
  photo: GalleryPhoto;
  label: string;
  hearted: boolean;
  list: SelectionList;
  locked: boolean;
  here: string;
  onToggle: (photo: GalleryPhoto, on: boolean) => void;
}

/** The heart (a form posting to the page; with JavaScript, optimistic) and, once hearted, a note. */
function PhotoControls({ photo, label, hearted, list, locked, here, onToggle }: PhotoControlsProps) {
  if (locked) {
    return hearted ? (
      <span className="cg-heart-mark" role="img" aria-label={`In ${list.name}`}>
        <HeartIcon />
      </span>
    ) : null;
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onToggle(photo, !hearted);
  };
  return (
    <>
      <form method="post" action={here} className="cg-heart-form" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={hearted ? "unheart" : "heart"} />
        <input type="hidden" name="photo" value={photo.id} />
        <input type="hidden" name="list" value={list.id} />
        <button type="submit" className="cg-heart" aria-pressed={hearted} aria-label={`Heart ${label}`}>
          <HeartIcon />
        </button>
      </form>
      {hearted ? (
        <details className="cg-note">
          <summary>{photo.comment ? "Your note" : "Add a note"}</summary>
          <form method="post" action={here}>
            <input type="hidden" name="intent" value="comment" />
            <input type="hidden" name="photo" value={photo.id} />
            <input type="hidden" name="list" value={list.id} />
            <label htmlFor={`note-${photo.id}`}>Note for the studio on {label}</label>
            <textarea id={`note-${photo.id}`} name="comment" rows={2} maxLength={500} defaultValue={photo.comment} />
            <button type="submit" className="button button--small">
              Save note
            </button>
          </form>
        </details>
      ) : null}
    </>
  );
}

/** True from the page's first scroll on. */
function useScrolledOnce(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener("scroll", onScroll, { once: true, passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [scrolled]);
  return scrolled;
}

interface MoreLinkProps {
  href: string;
  label: string;
  /** Asks for the set's next page (a no-op while a page is on its way). */
  onNear: () => void;
  /** How far below the screen the link counts as near, in CSS px. */
  margin: number;
  /** Photos shown in the whole gallery: when it changes, a page has come in and a link still near asks again. */
  shown: number;
}

/**
 * A set's "More photos" link: without JavaScript the next page's document; with it, the next
 * photos fetched into the set as the link nears the screen (below it: a link scrolled past
 * stays a link, not a set growing above the photos being looked at).
 */
function MoreLink({ href, label, onNear, margin, shown }: MoreLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  const near = useRef(onNear);
  near.current = onNear;
  useEffect(() => {
    const link = ref.current;
    if (!link) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near.current(), {
      rootMargin: `0px 0px ${margin}px 0px`,
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [margin]);
  // The observer speaks only when nearness changes: a link still near once a page is in (a fast
  // flick, a tall screen) would otherwise wait there for ever.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is the trigger, not a value read.
  useEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (box && box.bottom > 0 && box.top < window.innerHeight + margin) near.current();
  }, [shown, margin]);
  return (
    <p className="cg-more">
      <a
        ref={ref}
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onNear();
        }}
      >
        {label}
      </a>
    </p>
  );
}

// --- the person and their lists

interface SelectionPanelProps {
  page: OpenPage;
  count: number;
  here: string;
  problem?: FormAnswer;
}

function countText(count: number, list: SelectionList): string {
  return list.itemLimit === null ? `${count} chosen` : `${count} of ${list.itemLimit}`;
}

function SelectionPanel({ page, count, here, problem }: SelectionPanelProps) {
  const { visitor, lists, list, base } = page;
  const answer = (form: FormAnswer["form"]) => (problem?.form === form ? problem : undefined);
  if (!visitor) {
    const enter = answer("enter");
    // Folded to one line until asked for: the photos are what a client opens the link for, and on a
    // phone the open form filled the first screen. A refused entry comes back open, as typed.
    return (
      <section className="cg-panel cg-panel--start" aria-labelledby="cg-panel-heading">
        <details open={enter ? true : undefined}>
          <summary>
            <h2 id="cg-panel-heading" className="cg-subheading">
              Choose your favourites
            </h2>
            <span className="cg-start-hint">Heart photos for your album and send the list to the studio.</span>
          </summary>
          <p>
            Enter your name and choose a PIN of 4 to 8 digits. With the same name and PIN you find your lists again on
            any phone or computer; each person in the family can make their own.
          </p>
          <form method="post" action={here} className="cg-form cg-form--inline">
            <input type="hidden" name="intent" value="enter" />
            <Field id="visitor-name" label="Your name" error={enter?.fields?.name}>
              {(control) => (
                <input
                  {...control}
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={60}
                  defaultValue={enter?.values?.name}
                />
              )}
            </Field>
            <Field id="visitor-pin" label="Your PIN (4 to 8 digits)" error={enter?.fields?.pin}>
              {(control) => <PinInput {...control} pattern="[0-9]{4,8}" maxLength={8} />}
            </Field>
            <button type="submit" className="button">
              Start choosing
            </button>
          </form>
        </details>
      </section>
    );
  }
  const locked = list?.submittedAt != null;
  const listProblem = answer("list");
  const submitProblem = answer("submit");
  return (
    <section className="cg-panel" aria-labelledby="cg-panel-heading">
      <h2 id="cg-panel-heading" className="cg-subheading">
        {visitor.name}'s favourites
      </h2>
      <nav aria-label="Your lists">
        <ul className="cg-lists">
          {lists.map((l) => (
            <li key={l.id}>
              <a href={`${base}?list=${l.id}`} aria-current={l.id === list?.id ? "true" : undefined}>
                {l.name} <span className="cg-list-count">{countText(l.id === list?.id ? count : l.count, l)}</span>
                {l.submittedAt ? <span className="cg-list-sent"> · sent</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list ? (
        <p className="cg-counter" role="status">
          <strong>{countText(count, list)}</strong> in {list.name}
        </p>
      ) : null}
      {list && locked ? (
        <p className="cg-locked">
          {list.name} was sent to the studio and is locked: no more hearts or notes. Ask the studio if you need to
          change it.
        </p>
      ) : null}
      {list && !locked ? (
        <form method="post" action={here} className="cg-submit">
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="list" value={list.id} />
          <button type="submit" className="button">
            Send {list.name} to the studio
          </button>
          {submitProblem ? <p className="field-error">{submitProblem.message}</p> : null}
        </form>
      ) : null}
      <details className="cg-new-list" open={listProblem ? true : undefined}>
        <summary>Make another list</summary>
        <form method="post" action={here} className="cg-form cg-form--inline">
          <input type="hidden" name="intent" value="new-list" />
          <Field
            id="list-name"
            label="List name"
            hint="For example Parents' album or Prints"
            error={listProblem?.message}
          >
            {(control) => (
              <input {...control} name="name" required maxLength={40} defaultValue={listProblem?.values?.name} />
            )}
          </Field>
          <button type="submit" className="button button--small">
            Make the list
          </button>
        </form>
      </details>
      <form method="post" action={base} className="cg-leave">
        <input type="hidden" name="intent" value="leave" />
        <button type="submit" className="link-button">
          Not {visitor.name}? Sign out on this device
        </button>
      </form>
    </section>
  );
}
