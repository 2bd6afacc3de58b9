// The full-screen viewer over a shoot's photos: yet-another-react-lightbox (pinned, used through
// its documented API only) with its Slideshow, Fullscreen and Thumbnails plugins, set to the
// spec's constants; our own photo slides with their zoom, pan and gestures (photo-slide.tsx,
// zoom.ts, pointer.ts); our own previous/next and zoom buttons and position (controls.tsx);
// and every key, taken before the library sees it (here). This module and its styles
// (styles.ts) load only when a visitor first opens a photo (launcher.tsx).
import {
  Component,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import Lightbox, {
  type ControllerRef,
  createIcon,
  IconButton,
  type SlideshowRef,
  type ThumbnailsRef,
} from "yet-another-react-lightbox";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Slideshow from "yet-another-react-lightbox/plugins/slideshow";
import Thumbnails from "yet-another-react-lightbox/plugins/thumbnails";
import { useT } from "#app/i18n/i18n.ts";
import {
  CLOSE_KEYS,
  FADE_ANIMATION_MS,
  NAVIGATION_THROTTLE_MS,
  NEXT_KEYS,
  PAN_KEY_STEP_PX,
  PREVIOUS_KEYS,
  SLIDE_ANIMATION_MS,
  SLIDESHOW_DELAY_MS,
  SLIDESHOW_KEY,
  STRIP_GAP_PX,
  STRIP_NEIGHBOURS,
  STRIP_THUMBNAIL_HEIGHT_PX,
  STRIP_THUMBNAIL_WIDTH_PX,
  THUMBNAILS_KEY,
  THUMBNAILS_MIN_SCREEN_HEIGHT_PX,
  ZOOM_MIN_SCALE,
} from "./constants.ts";
import { ViewerContext, type ViewerServices } from "./context.ts";
import { NavigationButton, Position, ZoomButtons } from "./controls.tsx";
import { ViewerFailure } from "./failure.tsx";
import { type Point, thumbnailsAllowed } from "./gestures.ts";
import { PHOTO_SLIDE, PhotoSlideView, PhotoThumbnail } from "./photo-slide.tsx";
import { createPhotoGestures } from "./pointer.ts";
import type { ViewerProps } from "./types.ts";
import { createZoomController } from "./zoom.ts";

export { loadViewerStyles } from "./styles.ts";

// Thumbnails before Fullscreen, so full screen shows the strip too.
const PLUGINS = [Thumbnails, Fullscreen, Slideshow];

const PlayIcon = createIcon("Play", <path d="M8 5v14l11-7z" />);
const PauseIcon = createIcon("Pause", <path d="M6 19h4V5H6v14zm8-14v14h4V5h-4z" />);
const ThumbnailsIcon = createIcon(
  "Thumbnails",
  <>
    <path strokeWidth={2} stroke="currentColor" strokeLinejoin="round" fill="none" d="M3 5l18 0l0 14l-18 0l0-14z" />
    <path d="M5 14h4v3h-4zM10 14h4v3h-4zM15 14h4v3h-4z" />
  </>,
);

const SCREEN_TALL_ENOUGH = `(min-height: ${THUMBNAILS_MIN_SCREEN_HEIGHT_PX}px)`;
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const reducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
/** The direction each arrow key looks in. */
const ARROWS: Partial<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};
/** Our thumbnail image, inside each of the strip's buttons (photo-slide.tsx). */
const STRIP_THUMBNAIL = ".viewer-thumbnail";

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

function hasModifier(event: KeyboardEvent) {
  return event.altKey || event.ctrlKey || event.metaKey;
}

function GalleryLightbox({ title, photos, index, onView, onClosed, extraButtons }: ViewerProps) {
  const t = useT();
  const [open, setOpen] = useState(index !== null);
  // The photo the viewer opened on. Later moves are the library's own state: they update the
  // hash, but the hash coming back is not fed in again (it could lag behind a quick move).
  const [openedAt, setOpenedAt] = useState(index ?? 0);
  const current = useRef(index ?? 0);
  const latestIndex = useRef(index);
  latestIndex.current = index;
  // Closed by the visitor: the hash is on its way out, and must not reopen the viewer meanwhile.
  const closedBeforeHash = useRef(false);
  const controllerRef = useRef<ControllerRef>(null);
  const slideshowRef = useRef<SlideshowRef>(null);
  const thumbnailsRef = useRef<ThumbnailsRef>(null);
  const lastNavigationAt = useRef(Number.NEGATIVE_INFINITY);
  // Swipes, like keys and buttons, move at most once per NAVIGATION_THROTTLE_MS: counts the
  // moves of the last NAVIGATION_THROTTLE_MS (each one starts the wait again).
  const [recentMoves, setRecentMoves] = useState(0);
  /** The button the visitor last pressed with a pointer (it keeps focus after the click). */
  const pressedButton = useRef<HTMLButtonElement | null>(null);
  const tallEnough = useMediaQuery(SCREEN_TALL_ENOUGH);
  const stripAllowed = thumbnailsAllowed(photos.length, tallEnough ? Number.POSITIVE_INFINITY : 0);

  const services = useMemo<ViewerServices>(() => {
    const zoom = createZoomController(reducedMotion);
    const navigate = (direction: "prev" | "next") => {
      const controller = controllerRef.current;
      if (!controller || performance.now() - lastNavigationAt.current < NAVIGATION_THROTTLE_MS) return;
      const { currentIndex, slides: all } = controller.getLightboxState();
      if (direction === "prev" ? currentIndex > 0 : currentIndex < all.length - 1) {
        // Stamped now, not when the move is reported: key repeats can come before that.
        lastNavigationAt.current = performance.now();
        controller[direction]();
      }
    };
    return {
      zoom,
      gestures: createPhotoGestures({ zoom, close: () => controllerRef.current?.close(), reducedMotion }),
      navigate,
      moved: () => {
        lastNavigationAt.current = performance.now();
        setRecentMoves((n) => n + 1);
      },
      focusViewer: () => controllerRef.current?.focus(),
    };
  }, []);
  const { zoom, gestures, navigate } = services;
  const isZoomed = () => zoom.getLevel() > ZOOM_MIN_SCALE;
  const zoomed = useSyncExternalStore(zoom.subscribe, isZoomed, isZoomed);
  useEffect(() => gestures.dispose, [gestures]);

  useEffect(() => {
    if (recentMoves === 0) return;
    const timer = window.setTimeout(() => setRecentMoves(0), NAVIGATION_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [recentMoves]);

  // The hash drives the viewer: a #gallery-N opens it, its removal (Back) closes it.
  useEffect(() => {
    if (index === null) {
      closedBeforeHash.current = false;
      if (open) controllerRef.current?.close();
    } else if (!open && !closedBeforeHash.current) {
      current.current = index;
      setOpenedAt(index);
      setOpen(true);
    }
  }, [index, open]);

  // Focus in the strip would fall out of the viewer with it (to the page's body, where no key
  // reaches the viewer), so it moves to the viewer first; so does focus on the strip's toggle,
  // gone already when the window has become too low. The strip and its thumbnails hold our
  // thumbnail images.
  const hideStrip = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.querySelector(STRIP_THUMBNAIL)) {
      controllerRef.current?.focus();
    }
    thumbnailsRef.current?.hide();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: hideStrip reads only refs.
  useEffect(() => {
    if (!open) return;
    if (stripAllowed) thumbnailsRef.current?.show();
    else hideStrip();
  }, [open, stripAllowed]);

  // The slideshow stops when the tab is hidden or shown again.
  useEffect(() => {
    if (!open) return;
    const pause = () => slideshowRef.current?.pause();
    document.addEventListener("visibilitychange", pause);
    return () => document.removeEventListener("visibilitychange", pause);
  }, [open]);

  const slides = useMemo(
    () => photos.map((p) => ({ type: PHOTO_SLIDE, image: p.image, alt: p.alt, shownSrc: p.shownSrc }) as const),
    [photos],
  );

  // Any press or key other than the slideshow's own toggle stops the slideshow. With focus on
  // the toggle, only the keys that press it are the toggle's: an arrow key still stops it.
  const stopSlideshowOnInteraction = (event: SyntheticEvent) => {
    const onToggle = Boolean((event.target as Element).closest?.("[data-slideshow-toggle]"));
    if ("key" in event) {
      const { key } = event as KeyboardEvent;
      if (key === SLIDESHOW_KEY || (onToggle && key === "Enter")) return;
    } else if (onToggle) return;
    slideshowRef.current?.pause();
  };

  /** What a key does, or null when it is not the viewer's (then it goes on as usual). */
  const keyAction = (event: KeyboardEvent<HTMLDivElement>): (() => void) | null => {
    const { key } = event;
    if (hasModifier(event)) return null;
    if (CLOSE_KEYS.includes(key)) return () => controllerRef.current?.close();
    const arrow = ARROWS[key];
    // While zoomed the arrows pan (to see more of that side), and only PageUp/PageDown move.
    if (arrow && zoomed) return () => zoom.panBy(-arrow.x * PAN_KEY_STEP_PX, -arrow.y * PAN_KEY_STEP_PX);
    if (PREVIOUS_KEYS.includes(key)) return () => navigate("prev");
    if (NEXT_KEYS.includes(key)) return () => navigate("next");
    if (key === "+" || key === "=") return zoom.zoomIn;
    if (key === "-") return zoom.zoomOut;
    if (key === SLIDESHOW_KEY) {
      // On a button reached by keyboard the space bar presses that button; on one last
      // clicked with the mouse or a finger it is still the slideshow's key.
      const focusedButton = (event.target as Element).closest("button");
      if (focusedButton && focusedButton !== pressedButton.current) return null;
      return () => {
        const slideshow = slideshowRef.current;
        if (slideshow?.playing) slideshow.pause();
        else slideshow?.play();
      };
    }
    if (key.toLowerCase() === THUMBNAILS_KEY) {
      return () => {
        if (!stripAllowed) return;
        const strip = thumbnailsRef.current;
        if (strip?.visible) hideStrip();
        else strip?.show();
      };
    }
    return null;
  };

  // Every key is ours first (capture phase on the portal's container, around all of the
  // library): a key the viewer acts on goes no further, so the library's own key handling
  // (Escape, left and right arrows, in the carousel and in the strip) never acts as well.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    stopSlideshowOnInteraction(event);
    if (event.key === "Tab") {
      pressedButton.current = null;
      keepFocusInside(event);
      return;
    }
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  // Tab and Shift+Tab cycle through the viewer's controls; the page underneath is inert.
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    const root = event.currentTarget;
    const focusable = [...root.querySelectorAll<HTMLElement>("button:not([disabled])")].filter(
      (el) => !el.closest("[inert]") && el.checkVisibility(),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !focusable.includes(active as HTMLElement))) {
      last.focus();
      event.preventDefault();
    } else if (!event.shiftKey && active === last) {
      first.focus();
      event.preventDefault();
    }
  };

  return (
    <ViewerContext.Provider value={services}>
      <Lightbox
        open={open}
        index={openedAt}
        slides={slides}
        close={() => {
          closedBeforeHash.current = latestIndex.current !== null;
          setOpen(false);
          onClosed(current.current);
        }}
        plugins={PLUGINS}
        className="viewer"
        labels={{
          // The library's own names for its parts, in the page's language (site.po, viewer.*).
          Lightbox: t("viewer.lightbox", { title }),
          "Photo gallery": t("viewer.gallery", { title }),
          Carousel: t("viewer.carousel"),
          Slide: t("viewer.slide"),
          Previous: t("viewer.previous"),
          Next: t("viewer.next"),
          Close: t("viewer.close"),
          "Zoom in": t("viewer.zoomIn"),
          "Zoom out": t("viewer.zoomOut"),
          Play: t("viewer.play"),
          Pause: t("viewer.pause"),
          "Enter Fullscreen": t("viewer.fullscreen.enter"),
          "Exit Fullscreen": t("viewer.fullscreen.exit"),
          "Show thumbnails": t("viewer.thumbnails.show"),
          "Hide thumbnails": t("viewer.thumbnails.hide"),
          Thumbnails: t("viewer.thumbnails"),
        }}
        carousel={{ finite: true, preload: STRIP_NEIGHBOURS, padding: 0, spacing: "10%" }}
        animation={{ fade: FADE_ANIMATION_MS, swipe: SLIDE_ANIMATION_MS }}
        controller={{
          ref: controllerRef,
          closeOnPullDown: false,
          closeOnPullUp: false,
          closeOnBackdropClick: false,
          closeOnEscape: false,
          // A zoomed photo pans instead; and no swipe moves again within the throttle.
          disableSwipeNavigation: zoomed || recentMoves > 0,
        }}
        styles={{ button: { borderRadius: "50%" } }}
        toolbar={{
          buttons: [extraButtons ?? null, "slideshow", <ZoomButtons key="zoom" />, "fullscreen", "thumbnails", "close"],
        }}
        slideshow={{ ref: slideshowRef, delay: SLIDESHOW_DELAY_MS }}
        thumbnails={{
          ref: thumbnailsRef,
          hidden: !stripAllowed,
          showToggle: true,
          width: STRIP_THUMBNAIL_WIDTH_PX,
          height: STRIP_THUMBNAIL_HEIGHT_PX,
          gap: STRIP_GAP_PX,
        }}
        render={{
          slide: ({ slide, offset, rect }) =>
            slide.type === PHOTO_SLIDE ? <PhotoSlideView slide={slide} offset={offset} rect={rect} /> : null,
          thumbnail: ({ slide, rect }) =>
            slide.type === PHOTO_SLIDE ? <PhotoThumbnail slide={slide} rect={rect} /> : null,
          buttonPrev: () => <NavigationButton direction="prev" />,
          buttonNext: () => <NavigationButton direction="next" />,
          controls: () => <Position />,
          buttonSlideshow: ({ playing, disabled, play, pause }) => (
            <IconButton
              key="slideshow"
              data-slideshow-toggle=""
              label={playing ? "Pause" : "Play"}
              icon={playing ? PauseIcon : PlayIcon}
              disabled={disabled}
              aria-pressed={playing}
              onClick={playing ? pause : play}
            />
          ),
          buttonThumbnails: ({ visible, show, hide }) =>
            stripAllowed ? (
              <IconButton
                key="thumbnails"
                label={visible ? "Hide thumbnails" : "Show thumbnails"}
                icon={ThumbnailsIcon}
                aria-pressed={visible}
                onClick={visible ? hide : show}
              />
            ) : null,
        }}
        on={{
          view: ({ index: viewed }) => {
            current.current = viewed;
            onView(viewed);
          },
        }}
        portal={{
          container: {
            onKeyDownCapture,
            onPointerDownCapture: (event) => {
              pressedButton.current = (event.target as Element).closest("button");
              stopSlideshowOnInteraction(event);
            },
            onWheelCapture: stopSlideshowOnInteraction,
          },
        }}
      />
    </ViewerContext.Provider>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Whether the hash still asks for the viewer; the message stays until it no longer does. */
  wanted: boolean;
  onClose: () => void;
}

/** A failure anywhere in the viewer shows one message in a dialog that can be closed. */
class ViewerErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate() {
    // Closed (Back or the Close button): the next opening tries the viewer again.
    if (this.state.failed && !this.props.wanted) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (!this.props.wanted) return null;
    return <ViewerFailure onClose={this.props.onClose} />;
  }
}

export default function Viewer(props: ViewerProps) {
  return (
    <ViewerErrorBoundary wanted={props.index !== null} onClose={() => props.onClosed(props.index ?? 0)}>
      <GalleryLightbox {...props} />
    </ViewerErrorBoundary>
  );
}
