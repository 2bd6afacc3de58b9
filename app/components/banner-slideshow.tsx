// The home page's banner: a fading, endlessly looping slideshow with no arrows. Phones get the
// portrait set through <picture> media queries, so the right file loads before any script.
// It pauses on hover and focus, has a pause button, and never autoplays for visitors who ask
// for reduced motion.
import { useEffect, useState } from "react";
import type { BannerSlide } from "#domain/catalog/types.ts";
import { Picture } from "./picture.tsx";

/** Time each slide stays, as the spec sets it. */
export const BANNER_INTERVAL_MS = 2000;
/** Width at and below which the mobile (portrait) set is shown. */
export const BANNER_MOBILE_MAX_WIDTH_PX = 768;
export const BANNER_MOBILE_MEDIA = `(max-width: ${BANNER_MOBILE_MAX_WIDTH_PX}px)`;

/** Null until the browser has answered: the server cannot know, and nothing moves before. */
function usePrefersReducedMotion(): boolean | null {
  const [reduced, setReduced] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

export function BannerSlideshow({ slides }: { slides: BannerSlide[] }) {
  const [index, setIndex] = useState(0);
  // The server sends only the first slide; while the slideshow runs, the next one is rendered
  // ahead of its turn, so later photos never compete with the first for a phone's bandwidth,
  // and never load at all for visitors whose slideshow does not run.
  const [rendered, setRendered] = useState(1);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const running = slides.length > 1 && !pausedByVisitor && !hovered && !focused && reducedMotion === false;

  useEffect(() => {
    if (running) setRendered((r) => Math.max(r, Math.min(slides.length, index + 2)));
  }, [running, index, slides.length]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, slides.length]);

  const paused = pausedByVisitor || reducedMotion === true;
  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label="Featured photographs"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className="banner-slides">
        {slides.slice(0, rendered).map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a labelled group.
          <div
            key={slide.id}
            className="banner-slide"
            data-active={i === index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
          >
            <Picture
              image={slide.desktop}
              artDirection={{ media: BANNER_MOBILE_MEDIA, image: slide.mobile }}
              sizes="100vw"
              priority={i === 0}
            />
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <button
          type="button"
          className="banner-pause"
          aria-pressed={paused}
          onClick={() => setPausedByVisitor(!paused)}
        >
          <span aria-hidden="true" className={paused ? "icon-play" : "icon-pause"} />
          <span className="visually-hidden">{paused ? "Play slideshow" : "Pause slideshow"}</span>
        </button>
      ) : null}
    </section>
  );
}
