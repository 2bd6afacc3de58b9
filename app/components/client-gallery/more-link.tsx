// The link at the foot of a set that brings its next photos.
import { useEffect, useRef } from "react";

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
export function MoreLink({ href, label, onNear, margin, shown }: MoreLinkProps) {
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
