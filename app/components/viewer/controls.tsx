// The viewer's own controls, rendered by the library where its `render` and `toolbar` props put
// them and built from its IconButton and createIcon: previous and next (so a click is throttled
// like a key), zoom in and out (our zoom, zoom.ts), and the position, shown as '3 of 8' and
// announced in a polite live region.
import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { createIcon, IconButton, useLightboxState } from "yet-another-react-lightbox";
import { useT } from "#app/i18n/i18n.ts";
import { ZOOM_MAX_SCALE, ZOOM_MIN_SCALE } from "./constants.ts";
import { useViewer } from "./context.ts";

declare module "yet-another-react-lightbox" {
  interface Labels {
    "Zoom in"?: string;
    "Zoom out"?: string;
  }
}

const PreviousIcon = createIcon("Previous", <path d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z" />);
const NextIcon = createIcon("Next", <path d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />);
const magnifier = (
  <>
    <circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" strokeWidth={2} />
    <path d="m14.2 15.6 1.4-1.4 5.3 5.3-1.4 1.4z" />
  </>
);
const ZoomInIcon = createIcon(
  "ZoomIn",
  <>
    {magnifier}
    <path d="M9 7h2v2h2v2h-2v2H9v-2H7V9h2z" />
  </>,
);
const ZoomOutIcon = createIcon(
  "ZoomOut",
  <>
    {magnifier}
    <path d="M7 9h6v2H7z" />
  </>,
);

/** Focus moves to `fallback` when a focused button becomes disabled (it would fall to the page).
    A layout effect: it runs before the browser moves focus off the disabled button. */
function useKeepFocusWhenDisabled(disabled: boolean, fallback: () => void) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (disabled && button.current === document.activeElement) fallback();
  }, [disabled, fallback]);
  return button;
}

export function NavigationButton({ direction }: { direction: "prev" | "next" }) {
  const { navigate, focusViewer } = useViewer();
  const { currentIndex, slides } = useLightboxState();
  const disabled = direction === "prev" ? currentIndex <= 0 : currentIndex >= slides.length - 1;
  const ref = useKeepFocusWhenDisabled(disabled, focusViewer);
  return (
    <IconButton
      ref={ref}
      className={`viewer-navigation viewer-navigation-${direction}`}
      label={direction === "prev" ? "Previous" : "Next"}
      icon={direction === "prev" ? PreviousIcon : NextIcon}
      disabled={disabled}
      onClick={() => navigate(direction)}
    />
  );
}

export function ZoomButtons() {
  const { zoom } = useViewer();
  const level = useSyncExternalStore(zoom.subscribe, zoom.getLevel, zoom.getLevel);
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const inDisabled = level >= ZOOM_MAX_SCALE;
  const outDisabled = level <= ZOOM_MIN_SCALE;
  // A zoom button pressed to its limit hands focus to the other one.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (inDisabled && active === zoomInRef.current) zoomOutRef.current?.focus();
    if (outDisabled && active === zoomOutRef.current) zoomInRef.current?.focus();
  }, [inDisabled, outDisabled]);
  return (
    <>
      <IconButton ref={zoomInRef} label="Zoom in" icon={ZoomInIcon} disabled={inDisabled} onClick={zoom.zoomIn} />
      <IconButton ref={zoomOutRef} label="Zoom out" icon={ZoomOutIcon} disabled={outDisabled} onClick={zoom.zoomOut} />
    </>
  );
}

/** '3 of 8', shown (hidden from screen readers) and announced on every move. A move is
    reported in the same commit that shows it (a layout effect), so nothing can see the new
    photo before the throttle has started again. */
export function Position() {
  const { currentIndex, slides } = useLightboxState();
  const { moved } = useViewer();
  const t = useT();
  const shown = useRef(currentIndex);
  useLayoutEffect(() => {
    if (currentIndex !== shown.current) moved();
    shown.current = currentIndex;
  }, [currentIndex, moved]);
  const text = slides.length > 0 ? t("viewer.position", { n: currentIndex + 1, total: slides.length }) : "";
  return (
    <>
      <div className="viewer-counter" aria-hidden="true">
        {text}
      </div>
      <p className="viewer-visually-hidden" role="status">
        {text}
      </p>
    </>
  );
}
