// What a guest's selfie must be, in numbers and in words (issue 31): shared by the server, which
// checks it (guests.server.ts), and the event page, which checks the size before sending.

/** A selfie larger than this is refused before it is read (a phone's is 2-8 MB). */
export const SELFIE_MAX_BYTES = 15 * 1024 * 1024;
/** The face in a selfie must be at least this wide, in the decoded selfie's pixels (1,024 px long edge). */
export const SELFIE_MIN_FACE_PX = 80;
/** A selfie darker than this on average (0-255) with no face found is called too dark. */
export const SELFIE_DARK_LUMA = 45;
/**
 * Other faces in a selfie (people behind the guest) are let be when the largest face is this
 * many times their area: it is clearly the guest's. Closer than that, the guest is asked for a
 * selfie of themselves alone.
 */
export const SELFIE_MAIN_FACE_AREA_RATIO = 2.5;
export const GUEST_NAME_MAX_LENGTH = 80;

export type SelfieRefusal = "no-face" | "several-faces" | "too-small" | "too-dark" | "not-image" | "too-large";

export const SELFIE_MESSAGES: Record<Exclude<SelfieRefusal, "not-image">, string> = {
  "no-face": "We could not find a face in that photo. Take a selfie facing the camera, in good light, and try again.",
  "several-faces":
    "That photo has more than one face, so we cannot tell which is you. Take a selfie of just yourself and try again.",
  "too-small":
    "Your face is too small in that photo. Hold the phone closer, so your face fills more of it, and try again.",
  "too-dark": "That photo is too dark to find a face. Move to better light, or face a lamp or window, and try again.",
  "too-large": `That file is too large (the limit is ${SELFIE_MAX_BYTES / 1024 / 1024} MB). Take a selfie with the camera instead, and try again.`,
};

/** The event page's form may carry a selfie and a few short fields. */
export const SELFIE_FORM_BYTES = SELFIE_MAX_BYTES + 64 * 1024;
