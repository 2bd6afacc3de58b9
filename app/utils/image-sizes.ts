// The `sizes` attribute of the public pages' photographs, worked out from the layout app.css
// draws them in. `sizes` tells the browser how wide an image will be drawn before any CSS has
// run, so it can choose a file from the srcset; a `sizes` of "100vw" for a card drawn at a third
// of the page sends a file three times too wide (and a phone, whose page has a 1 rem margin each
// side, the next width up). The e2e test `image sizes match the layout` measures every picture
// at several window widths against what these say.
//
// The lengths below are app.css's, in CSS pixels (1 rem = 16 px).

/** .page and .section: max-width var(--content-width), 80 rem. */
export const CONTENT_MAX_PX = 1280;
/** .page and .section: padding-inline var(--space-3) on each side. */
export const PAGE_PADDING_PX = 16;
/** The widest a page's content gets: .page's 80 rem less its padding. */
export const PAGE_CONTENT_MAX_PX = CONTENT_MAX_PX - 2 * PAGE_PADDING_PX;
/** A tinted section spans the window; its list is 80 rem at most, within the section's padding. */
export const TINTED_SECTION_CONTENT_MAX_PX = CONTENT_MAX_PX;
/** .collection-grid and .card-grid: column gap var(--space-4). */
export const CARD_GAP_PX = 24;

/** A grid of `repeat(auto-fit | auto-fill, minmax(minTrackPx, 1fr))` across the page's content. */
export interface PageGrid {
  minTrackPx: number;
  gapPx: number;
  /** auto-fit stretches fewer items over the row; auto-fill keeps the empty tracks. */
  repeat: "auto-fit" | "auto-fill";
  /** How many items the grid holds (auto-fit draws no more columns than that). */
  items: number;
  /** The grid's widest, reached at a window this much wider plus the page's padding. */
  contentMaxPx?: number;
}

/** The window width from which a grid has `columns` columns. */
function columnsFrom(grid: Pick<PageGrid, "minTrackPx" | "gapPx">, columns: number): number {
  return columns * grid.minTrackPx + (columns - 1) * grid.gapPx + 2 * PAGE_PADDING_PX;
}

/** A length in CSS pixels, as `sizes` writes it. */
function px(value: number): string {
  return `${Math.ceil(value)}px`;
}

/** One column of `columns` at window width `100vw`, below the content's maximum width. */
function columnOf(columns: number, gapPx: number): string {
  const gutters = 2 * PAGE_PADDING_PX + (columns - 1) * gapPx;
  return columns === 1 ? `calc(100vw - ${gutters}px)` : `calc((100vw - ${gutters}px) / ${columns})`;
}

/** The width of one column of `columns` once the content is at its maximum width. */
function widestColumn(columns: number, gapPx: number, contentMaxPx = PAGE_CONTENT_MAX_PX): number {
  return (contentMaxPx - (columns - 1) * gapPx) / columns;
}

/** `sizes` for an image filling one cell of a page-wide grid. */
export function pageGridSizes(grid: PageGrid): string {
  const contentMaxPx = grid.contentMaxPx ?? PAGE_CONTENT_MAX_PX;
  const most = Math.floor((contentMaxPx + grid.gapPx) / (grid.minTrackPx + grid.gapPx));
  const drawn = (columns: number) =>
    grid.repeat === "auto-fit" ? Math.max(1, Math.min(columns, grid.items)) : columns;
  const widest = px(widestColumn(drawn(most), grid.gapPx, contentMaxPx));
  const parts = [`(min-width: ${contentMaxPx + 2 * PAGE_PADDING_PX}px) ${widest}`];
  for (let columns = most; columns >= 2; columns--) {
    parts.push(`(min-width: ${columnsFrom(grid, columns)}px) ${columnOf(drawn(columns), grid.gapPx)}`);
  }
  parts.push(columnOf(1, 0));
  return parts.join(", ");
}

/** Home: Browse By Collection (.collection-grid: auto-fit, minmax(15rem, 1fr)). */
export function collectionGridSizes(items: number): string {
  return pageGridSizes({ minTrackPx: 240, gapPx: CARD_GAP_PX, repeat: "auto-fit", items });
}

/** Home: Recent Stories (.card-grid--three: auto-fit, minmax(17rem, 1fr)), in a tinted section. */
export function storyGridSizes(items: number): string {
  const contentMaxPx = TINTED_SECTION_CONTENT_MAX_PX;
  return pageGridSizes({ minTrackPx: 272, gapPx: CARD_GAP_PX, repeat: "auto-fit", items, contentMaxPx });
}

/** A collection's other shoots and the search results (.card-grid: auto-fill, minmax(18rem, 1fr)). */
export const CARD_GRID_SIZES = pageGridSizes({ minTrackPx: 288, gapPx: CARD_GAP_PX, repeat: "auto-fill", items: 0 });

/** .photo-grid goes two across, with a 0.5 rem gap, at and below this width. */
export const PHOTO_GRID_PHONE_MAX_PX = 640;
/**
 * A shoot's photographs (.photo-grid): two across on a phone, then auto-fill, minmax(min(100%,
 * 20rem), 1fr) with a 1 rem gap, which is one wide column until two fit.
 */
export const PHOTO_GRID_SIZES = [
  ...pageGridSizes({ minTrackPx: 320, gapPx: 16, repeat: "auto-fill", items: 0 }).split(", ").slice(0, -1),
  `(min-width: ${PHOTO_GRID_PHONE_MAX_PX + 1}px) ${columnOf(1, 0)}`,
  columnOf(2, 8),
].join(", ");

/** .featured-shoot is one column up to this width, then 3fr 2fr with a 2.5 rem gap. */
export const FEATURED_SHOOT_ONE_COLUMN_MAX_PX = 1024;
/** A collection's featured shoot: three fifths of the content beside its text. */
export const FEATURED_SHOOT_SIZES = twoColumnSizes(FEATURED_SHOOT_ONE_COLUMN_MAX_PX, 40, 3 / 5);

/** .about is one column up to this width, then 2fr 3fr with a 4 rem gap. */
export const ABOUT_ONE_COLUMN_MAX_PX = 900;
/** About: the photograph, two fifths of the content beside the text. */
export const ABOUT_IMAGE_SIZES = twoColumnSizes(ABOUT_ONE_COLUMN_MAX_PX, 64, 2 / 5);

/** A two-column layout (`fraction` of the content after the gap) that is one column up to `oneColumnMaxPx`. */
function twoColumnSizes(oneColumnMaxPx: number, gapPx: number, fraction: number): string {
  const widest = (PAGE_CONTENT_MAX_PX - gapPx) * fraction;
  const share = `calc((100vw - ${2 * PAGE_PADDING_PX + gapPx}px) * ${Number(fraction.toFixed(4))})`;
  return `(min-width: ${PAGE_CONTENT_MAX_PX + 2 * PAGE_PADDING_PX}px) ${px(widest)}, (min-width: ${oneColumnMaxPx + 1}px) ${share}, ${columnOf(1, 0)}`;
}

/** .showreel: at most 70 rem wide, within the page's margins. */
export const SHOWREEL_MAX_PX = 1120;
export const SHOWREEL_SIZES = `(min-width: ${SHOWREEL_MAX_PX + 2 * PAGE_PADDING_PX}px) ${SHOWREEL_MAX_PX}px, ${columnOf(1, 0)}`;
