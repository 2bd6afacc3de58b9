// The home page's banner runs by itself, so it cannot wait for the page's modules (they start
// at the visitor's first touch: ADR 015); hydrating React to move one slideshow cost a slow
// phone a quarter of a second of blocked main thread. This is the slideshow, on the DOM the
// server rendered: the page runs it before any module (deferHydration writes this module into
// the page, bundled and minified: scripts/build/vite-islands.ts), and BannerSlideshow runs it when
// React mounts the banner (a visit that arrives by client-side navigation). React renders the banner once and never
// changes what this changes: the slides' data-active, data-shown and aria-hidden, a later
// slide's srcset and src (named in data- attributes until it is wanted), the button's
// aria-pressed, aria-label and icon.
//
// What it imports goes into the page with it: keep it to the DOM (no React, no component).

/** The `data-island` value that marks the banner for the loader. */
export const BANNER_SLIDESHOW_ISLAND = "banner-slideshow";

/**
 * The pause button's label in each state, naming what pressing it does: the page writes both in
 * its language on the button (data-pause-label, data-play-label); these English ones stand in
 * for a button without them.
 */
export const PAUSE_LABEL = "Pause slideshow";
export const PLAY_LABEL = "Play slideshow";

/** Runs `then` once the page has loaded and painted (at once after a client-side navigation). */
export type WhenSettled = (then: () => void) => void;

interface SlideshowElement extends HTMLElement {
  /** Set while a slideshow runs on this element: a second start returns its stop. */
  __stopSlideshow?: () => void;
}

/**
 * Starts the slideshow on a banner: one slide shown, the next made ready a turn ahead (its lazy
 * image loads once it is displayed), every `intervalMs` the next. It waits for `whenSettled`
 * before it moves or loads anything, pauses while pointed at or focused, never moves for a
 * visitor who asks for reduced motion unless they press play, and its button pauses and plays
 * it from the first moment. Returns a function that stops it.
 */
export function runBannerSlideshow(element: HTMLElement, whenSettled: WhenSettled, intervalMs: number): () => void {
  const banner = element as SlideshowElement;
  if (banner.__stopSlideshow) return banner.__stopSlideshow;
  const slides = Array.prototype.slice.call(banner.querySelectorAll(".banner-slide")) as HTMLElement[];
  const button = banner.querySelector(".banner-pause");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let index = 0;
  for (let i = 0; i < slides.length; i++)
    if ((slides[i] as HTMLElement).getAttribute("data-active") === "true") index = i;
  // null until the visitor presses the button: then their choice wins over reduced motion.
  let pausedByVisitor: boolean | null = null;
  let settled = false;
  let pointedAt = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Displays a slide and names its files to the browser (see Picture's `deferred`). */
  function ready(slide: HTMLElement): void {
    slide.setAttribute("data-shown", "");
    const named = slide.querySelectorAll("[data-srcset], [data-src]");
    for (let i = 0; i < named.length; i++) {
      const element = named[i] as HTMLElement;
      for (const attribute of ["srcset", "src"]) {
        const value = element.getAttribute(`data-${attribute}`);
        if (value === null) continue;
        element.setAttribute(attribute, value);
        element.removeAttribute(`data-${attribute}`);
      }
    }
  }
  function paused(): boolean {
    return pausedByVisitor === null ? reducedMotion.matches : pausedByVisitor;
  }
  function render(): void {
    for (let i = 0; i < slides.length; i++) {
      const slide = slides[i] as HTMLElement;
      slide.setAttribute("data-active", String(i === index));
      if (i === index) {
        ready(slide);
        slide.removeAttribute("aria-hidden");
      } else {
        slide.setAttribute("aria-hidden", "true");
      }
    }
    if (!button) return;
    button.setAttribute("aria-pressed", String(paused()));
    button.setAttribute(
      "aria-label",
      paused()
        ? button.getAttribute("data-play-label") || PLAY_LABEL
        : button.getAttribute("data-pause-label") || PAUSE_LABEL,
    );
    button.firstElementChild?.setAttribute("class", paused() ? "icon-play" : "icon-pause");
  }
  function update(): void {
    const running = settled && slides.length > 1 && !paused() && !pointedAt && !focused;
    if (running) ready(slides[(index + 1) % slides.length] as HTMLElement);
    if (running && timer === undefined) {
      timer = setInterval(() => {
        index = (index + 1) % slides.length;
        update();
      }, intervalMs);
    } else if (!running && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
    render();
  }

  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [banner, "mouseenter", () => (pointedAt = true)],
    [banner, "mouseleave", () => (pointedAt = false)],
    [banner, "focusin", () => (focused = true)],
    [banner, "focusout", (event) => (focused = banner.contains((event as FocusEvent).relatedTarget as Node | null))],
    // A change of the setting needs no more than the update every listener brings.
    [reducedMotion, "change", () => {}],
  ];
  if (button) listeners.push([button, "click", () => (pausedByVisitor = !paused())]);
  // Each listener then brings the slideshow up to date; the wrappers are kept for stop().
  const attached = listeners.map(([target, type, listener]) => {
    const wrapper = (event: Event) => {
      listener(event);
      update();
    };
    target.addEventListener(type, wrapper);
    return [target, type, wrapper] as const;
  });

  whenSettled(() => {
    settled = true;
    update();
  });
  update();

  function stop(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    for (const [target, type, wrapper] of attached) target.removeEventListener(type, wrapper);
    delete banner.__stopSlideshow;
  }
  banner.__stopSlideshow = stop;
  return stop;
}
