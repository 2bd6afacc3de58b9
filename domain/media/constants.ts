// The image pipeline's tunables, with their units. Encoder settings were chosen by measuring
// time and bytes together on a 24 MP photo (docs/decisions/003-image-encoding.md).

/**
 * Widths of the responsive ladder; an image gets every rung narrower than itself. 800 fits the
 * most common Android phones (360–412 CSS px at 2–2.6 device pixels) without jumping to 960;
 * 480 fits the half-width thumbnails of a phone's two-column shoot grid (about 180 CSS px at
 * 1.75–2.6), which otherwise took the 640 rung at nearly twice the bytes.
 */
export const VARIANT_WIDTHS_PX = [320, 480, 640, 800, 960, 1280, 1920, 2560] as const;
/** No public variant is wider than this, whatever the original. */
export const MAX_VARIANT_WIDTH_PX = 2560;
/** The one JPEG: social cards (Open Graph wants 1200 px) and browsers without AVIF/WebP. */
export const JPEG_WIDTH_PX = 1200;
/** Long edge of the blurred placeholder that is inlined as a data URI. */
export const PLACEHOLDER_EDGE_PX = 16;

/**
 * 4:2:0 chroma, as WebP always is and as camera JPEGs nearly always are: libheif's default
 * 4:4:4 spent 4-9 % more bytes (and 40 % more encoding time) on colour detail the originals do
 * not have, for the same luma SSIM (ADR 003).
 */
export const AVIF_OPTIONS = { quality: 55, effort: 0, chromaSubsampling: "4:2:0" } as const;
export const WEBP_OPTIONS = { quality: 80, effort: 2 } as const;
export const JPEG_OPTIONS = { quality: 82, mozjpeg: true, progressive: true } as const;
export const PLACEHOLDER_WEBP_OPTIONS = { quality: 40, effort: 4 } as const;

/** Bump when the pipeline's output changes, so new variants get new (immutable) names. */
export const PIPELINE_VERSION = 2;

/** Uploads larger than this are refused before they are decoded. */
export const MAX_SOURCE_BYTES = 60 * 1024 * 1024;
/** Decoding more pixels than this is refused: it guards memory against pixel bombs. */
export const MAX_SOURCE_PIXELS = 120_000_000;

export type VariantFormat = "avif" | "webp" | "jpeg";

export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** Source formats we accept, by sniffed MIME type. */
export const ACCEPTED_SOURCE_MIME = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/heic",
  "image/heif",
  "image/tiff",
]);

// --- Client galleries' delivery plan (docs/decisions/027-gallery-delivery.md)

/**
 * The grid's thumbnails: a justified row on a phone is 104 CSS px tall before it stretches, so
 * two 3:2 photos share it at about 160–190 CSS px wide each: the 400 serves the commonest phones
 * (1.75–2×), the 640 denser ones and a laptop's rows (208 px tall), the 800 the widest photos
 * there. At rows of 136 px each landscape photo filled a phone's row and took the 640: a first
 * screen weighed 893 KB against 441 KB now (Lighthouse, bench gallery-page). 640 and 800 are
 * rungs of the public ladder too, so a photo in both a shoot and a gallery shares them.
 */
export const GALLERY_THUMB_WIDTHS_PX = [400, 640, 800] as const;
/** The viewer's image and the "web size" download: this long edge, in pixels. */
export const GALLERY_VIEW_EDGE_PX = 2048;
/**
 * An album spread's screen files (issue 32, ADR 045; AVIF since ADR 048): 720 a phone's width at up to 2x (and
 * mobile Lighthouse's 1.75x: the first spread is the page's largest paint, so the rung nearest a
 * phone's screen keeps it from waiting on a bigger file's bytes), 1280 a phone at 2.6-3x or a
 * laptop at 1x. Two rungs, not three: each is encoded and watermarked at upload, and a spread must
 * be made at the admin's photo rate. Above them, the spread's viewing JPEG at GALLERY_VIEW_EDGE_PX,
 * for zooming and dense laptop screens: a 2,048 px WebP of a 20 MB export cost 0.3 s more to
 * encode than the JPEG. Every one is watermarked when the gallery is. The 7,200 px export itself
 * is never sent: the studio keeps it.
 */
export const SPREAD_WIDTHS_PX = [720, 1280] as const;
/**
 * A spread's screen WebPs: a proof to look at, with the 2,048 px JPEG to zoom into; at quality 75
 * a grainy 720 px spread is 16 % lighter than at the site's 80, which on a phone's connection is
 * the first spread's paint.
 */
export const PROOF_WEBP_OPTIONS = { quality: 75, effort: 2 } as const;
/**
 * A spread's screen AVIF (ADR 048): at effort 0 a grainy 720 px spread weighs 26 KB against the
 * WebP's 48, for 23 ms of CPU against 18; quality 50 looks as the WebP's 75 does.
 */
export const PROOF_AVIF_OPTIONS = { quality: 50, effort: 0, chromaSubsampling: "4:2:0" } as const;
/**
 * The rung made as AVIF instead of WebP (ADR 048): the phone's, the first spread's paint. The
 * 1280 stays WebP: as AVIF it cost 50 ms of CPU against 39, and with the spreads made three at
 * once on two cores a spread's CPU rose 60 ms, below the admin's photo rate. A browser that
 * takes AVIF is given the 720 AVIF and the 1280 WebP; one that does not, the 1280 WebP.
 */
export const SPREAD_AVIF_WIDTH_PX = 720;
/**
 * Which files a spread is made with (migration 0030 records it per spread, so the page finds
 * them): 1, the first plan, WebP at SPREAD_WIDTHS_PX; 2, SPREAD_AVIF_WIDTH_PX as AVIF.
 */
export type SpreadPlan = 1 | 2;
/** The plan every new spread is made with. */
export const SPREAD_PLAN: SpreadPlan = 2;
/**
 * The viewing JPEG: libjpeg-turbo's baseline with optimised Huffman tables, not mozjpeg's
 * trellis (several times slower at 2048 px for a few % of bytes). JPEG, not WebP, because the
 * same file is the web-size download, which must open in every phone's gallery and print shop.
 */
export const GALLERY_JPEG_OPTIONS = { quality: 84, mozjpeg: false, progressive: false, optimiseCoding: true } as const;
/** The watermark's text height as a share of the image's long edge. */
export const WATERMARK_TEXT_SHARE = 0.035;
/** The band the watermark is drawn in: this many text heights above and below its anchor. */
export const WATERMARK_BAND_LINES = 2;
/** The watermark's distance from the image's edges, as a share of the long edge. */
export const WATERMARK_MARGIN_SHARE = 0.025;

// --- Images inside a mail (the "gallery ready" mail's cover and the studio's logo)

/**
 * A mail's images are attached to it (Content-ID), not linked: mail clients block remote images,
 * and a client gallery's photos are private. Baseline JPEG, which every mail client shows
 * (Outlook's desktop app shows no WebP), at mozjpeg's quality 80: an 800 px cover is about
 * 60-120 KB.
 */
export const MAIL_JPEG_OPTIONS = { quality: 80, mozjpeg: true, progressive: false } as const;
/** A logo keeps its transparency over the mail's paper colour: PNG, palette-reduced. */
export const MAIL_PNG_OPTIONS = { palette: true, compressionLevel: 9 } as const;

// --- Faces (issue 31, ADR 044)

/**
 * The long edge a photo or a selfie is shrunk to before the face model reads it. The detector
 * reads a 512 px square whatever it is given; the landmark and descriptor nets read each face's
 * crop from this image, so more pixels help a small face in a group photo, at the cost of
 * decoding time (ADR 044 has what 1,024 and 2,048 px found).
 */
export const FACE_INPUT_EDGE_PX = 1024;
/**
 * A face's crop in the studio's people view (issue 31): a square this many pixels a side, twice
 * the 96 CSS px it is shown at, so it stays sharp on a 2× screen.
 */
export const FACE_CROP_EDGE_PX = 192;
/** Room around the detector's box on each side, as a share of the box: hair and chin, not just the eyes. */
export const FACE_CROP_MARGIN_SHARE = 0.35;
/** The crop's WebP: small (a page of people is dozens of them), no metadata. */
export const FACE_CROP_WEBP_OPTIONS = { quality: 78, effort: 4 } as const;

/**
 * A PDF spread's page that is not one JPEG (text, drawings, several images) is drawn at this long
 * edge: twice the widest file a spread gets (its 2,048 px viewing JPEG), so zooming stays sharp.
 */
export const DRAWN_PAGE_LONG_EDGE_PX = 4096;
/** A drawn page is kept as the spread's original, so near-lossless. */
export const DRAWN_PAGE_JPEG_OPTIONS = { quality: 92, chromaSubsampling: "4:4:4" } as const;
