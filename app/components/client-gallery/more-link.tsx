// The link at the foot of a set's first photos that brings its next ones.

interface MoreLinkProps {
  href: string;
  label: string;
  /** With JavaScript: draws the set's every box where the link was, instead of leaving the page. */
  onClick: () => void;
}

/**
 * A set's "More photos" link: without JavaScript the next page's document. With it the link is
 * there only until the page draws a box for every photo (at its first scroll or idle moment), and
 * a click draws them at once; their photos then come as they are reached.
 */
export function MoreLink({ href, label, onClick }: MoreLinkProps) {
  return (
    <p className="cg-more">
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
      >
        {label}
      </a>
    </p>
  );
}
