// The heart of a chosen photo: its outline drawn once per page, and the icons that use it (on the
// grid's photos and in the viewer).

const HEART_SHAPE_ID = "cg-heart-shape";

/**
 * The heart's outline, drawn once per page: every heart (one per photo on the first screen, the
 * viewer's) uses it, which keeps the first document inside its byte budget (issue 15).
 */
export function HeartShape() {
  return (
    <svg className="cg-shapes" aria-hidden="true" focusable="false">
      <symbol id={HEART_SHAPE_ID} viewBox="0 0 24 24">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.5.9-1.4 2.3-2.5 4.4-2.5 3.6 0 5.7 3.8 4.2 7.3C19.5 16.4 12 21 12 21z" />
      </symbol>
    </svg>
  );
}

export function HeartIcon() {
  return (
    <svg width="24" height="24" aria-hidden="true" focusable="false">
      <use href={`#${HEART_SHAPE_ID}`} />
    </svg>
  );
}
