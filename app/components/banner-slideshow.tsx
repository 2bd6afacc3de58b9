// The home page's banner: a fading, endlessly looping slideshow with no arrows. Phones get the
// portrait set through <picture> media queries, so the right file loads before any script.
// React renders it once; what moves is app/islands/banner-slideshow.ts, which the page's loader
// starts before any module and this component starts when React mounts it. Every slide is in
// the markup, but only the shown ones are displayed, and a later slide's image is only named
// (Picture's `deferred`): it loads once the slideshow makes the slide ready, a turn ahead, and
// never for a visitor whose slideshow does not run.
import { useEffect, useRef } from "react";
import type { BannerSlide } from "#domain/catalog/types.ts";
import { useT } from "../i18n/i18n.ts";
import { BANNER_SLIDESHOW_ISLAND, runBannerSlideshow } from "../islands/banner-slideshow.ts";
import { Picture } from "./picture.tsx";

/** Time each slide stays, as the spec sets it. */
export const BANNER_INTERVAL_MS = 2000;
/** Width at and below which the mobile (portrait) set is shown. */
export const BANNER_MOBILE_MAX_WIDTH_PX = 768;
export const BANNER_MOBILE_MEDIA = `(max-width: ${BANNER_MOBILE_MAX_WIDTH_PX}px)`;

/** Mounted by React, the page has long settled: the slideshow may start at once. */
const settledAlready = (then: () => void) => then();

export function BannerSlideshow({ slides }: { slides: BannerSlide[] }) {
  const banner = useRef<HTMLElement>(null);
  const t = useT();
  useEffect(() => {
    if (banner.current) return runBannerSlideshow(banner.current, settledAlready, BANNER_INTERVAL_MS);
  }, []);
  return (
    <section
      ref={banner}
      className="banner"
      data-island={BANNER_SLIDESHOW_ISLAND}
      aria-roledescription="carousel"
      aria-label={t("banner.label")}
    >
      <div className="banner-slides">
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a labelled group.
          <div
            key={slide.id}
            className="banner-slide"
            data-active={i === 0}
            data-shown={i === 0 ? "" : undefined}
            role="group"
            aria-roledescription="slide"
            aria-label={t("banner.slide", { n: i + 1, count: slides.length })}
            aria-hidden={i === 0 ? undefined : true}
          >
            <Picture
              image={slide.desktop}
              artDirection={{ media: BANNER_MOBILE_MEDIA, image: slide.mobile }}
              sizes="100vw"
              priority={i === 0}
              deferred={i > 0}
            />
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        // The slideshow keeps its state, label and icon up to date (attributes, not text: a
        // change made before hydration must not be text React finds different).
        // Both labels in the page's language: the slideshow, which holds no words, swaps them.
        <button
          type="button"
          className="banner-pause"
          aria-pressed={false}
          aria-label={t("banner.pause")}
          data-pause-label={t("banner.pause")}
          data-play-label={t("banner.play")}
        >
          <span aria-hidden="true" className="icon-pause" />
        </button>
      ) : null}
    </section>
  );
}
