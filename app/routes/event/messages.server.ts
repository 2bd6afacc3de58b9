// The event link's refusals in the guest's language (issue 33): the event PIN's and the selfie's,
// which the domain gives as reasons (and English words for the studio's logs), said here from the
// event catalogue. Server-only: event.tsx's action uses them.
import type { Translate } from "#app/i18n/i18n.ts";
import { SELFIE_MAX_BYTES, type SelfieRefusal } from "#domain/faces/selfie.ts";
import { PIN_FAILURES_PER_15_MIN, type PinRefusal } from "#domain/galleries/access.server.ts";

/** Whole minutes to wait, at least one. */
export const minutesOf = (retryAfterS: number) => Math.max(1, Math.ceil(retryAfterS / 60));

/** The event PIN refused, in the guest's language. */
export function pinRefusalText(t: Translate, refusal: PinRefusal): string {
  if (refusal.reason === "empty") return t("event.pin.empty");
  if (refusal.reason === "throttled")
    return t("event.pin.throttled", { limit: PIN_FAILURES_PER_15_MIN, minutes: minutesOf(refusal.retryAfterS) });
  // No tries left but not throttled: the link itself stopped working (guest-access.server.ts).
  return refusal.triesLeft === 0 ? t("event.pin.gone") : t("event.pin.wrong", { left: refusal.triesLeft });
}

/** Why a selfie cannot be used, in the guest's language (the decoder's own reason stays as it came). */
export function selfieRefusalText(t: Translate, read: { reason: SelfieRefusal; message: string }): string {
  switch (read.reason) {
    case "no-face":
      return t("event.selfie.noFace");
    case "several-faces":
      return t("event.selfie.severalFaces");
    case "too-small":
      return t("event.selfie.tooSmall");
    case "too-dark":
      return t("event.selfie.tooDark");
    case "too-large":
      return t("event.selfie.tooLarge", { mb: SELFIE_MAX_BYTES / 1024 / 1024 });
    case "not-image":
      // The decoder's reason is technical English: the English page says it, Tamil says it plainly.
      return t("event.selfie.notImage", { detail: read.message });
  }
}
