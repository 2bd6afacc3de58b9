// The words a gallery's routes answer in, in the person's language (issue 33): the page's own
// language (a choice remembered under the link, else Accept-Language: language.server.ts),
// translated here at the route's edge. The domain decides and says why in codes; the routes say
// it in English or Tamil.
import "#app/i18n/catalogs.server.ts";
import { i18nFor, type Translate, translator } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { PIN_FAILURES_PER_15_MIN, type PinRefusal } from "#domain/galleries/access.server.ts";
import type { ItemWords } from "#domain/galleries/client-request.server.ts";
import { COMMENT_MAX_CHARS } from "#domain/galleries/selections.server.ts";

/** The request's language and its translator. */
export async function wordsFor(request: Request): Promise<{ language: Language; t: Translate }> {
  const language = await languageOfRequest(request);
  return { language, t: translator(i18nFor(language)) };
}

/** A refused PIN in words the person can act on: what they typed, tries left, or how long to wait. */
export function pinRefusalText(t: Translate, refusal: PinRefusal): string {
  switch (refusal.reason) {
    case "empty":
      return t("pin.emptyDownload");
    case "wrong":
      return t("pin.wrong", { left: refusal.triesLeft });
    case "throttled":
      return t("pin.throttled", {
        limit: PIN_FAILURES_PER_15_MIN,
        minutes: Math.max(1, Math.ceil(refusal.retryAfterS / 60)),
      });
  }
}

/** A heart's or note's answer (domain/galleries/client-request.server.ts), in the person's language. */
export function itemWordsIn(t: Translate): ItemWords {
  return (word, list) => {
    const name = list?.name ?? t("client.theList");
    switch (word) {
      case "enter-first":
        return t("item.enterFirst");
      case "not-in-gallery":
        return t("item.notInGallery");
      case "nothing":
        return t("item.nothing");
      case "note-saved":
        return t("note.saved");
      case "full":
        return t("item.full", { list: name, limit: list?.itemLimit ?? 0 });
      case "locked":
        return t("item.locked", { list: name });
      case "no-photo":
        return t("item.noPhoto");
      case "not-hearted":
        return t("item.notHearted");
      case "comment":
        return t("item.comment", { max: COMMENT_MAX_CHARS });
      default:
        return t("list.notYours");
    }
  };
}
