// Who may open the gallery and take from it: the access settings (expiry, downloads, watermark),
// the gallery's PIN and the downloads' PIN, and its private link (a new one, or none).
import { redirect } from "react-router";
import {
  checkPin,
  parseAccessForm,
  setGalleryDownloadPin,
  updateGalleryAccess,
} from "#domain/galleries/access-settings.server.ts";
import { regenerateGalleryLink, revokeGalleryLink, setGalleryPin } from "#domain/galleries/galleries.server.ts";
import { type Answer, invalid, photosText } from "./answer.ts";
import type { IntentArgs, IntentHandlers } from "./intents.server.ts";
import { workspaceHref } from "./panels.ts";

/** The gallery's PIN ("pin") or the downloads' ("download-pin"), set as typed. */
async function setPin({ db, gallery, form }: IntentArgs, which: "pin" | "download-pin") {
  const checked = checkPin(form.get("pin"));
  if (!checked.ok) return invalid({ form: which, errors: { pin: checked.error } });
  await (which === "pin" ? setGalleryPin : setGalleryDownloadPin)(db, gallery.id, checked.pin);
  return {
    form: which,
    notice: which === "pin" ? "PIN set: the client needs it to open the gallery." : "Download PIN set.",
  };
}

export const accessIntents: IntentHandlers = {
  access: async ({ db, gallery, form, today }) => {
    const parsed = parseAccessForm(form, { today, stored: gallery.expiresOn });
    if (!parsed.ok) return invalid({ form: "access", errors: parsed.errors, values: parsed.values });
    const queued = await updateGalleryAccess(db, gallery.id, parsed.value);
    if (queued === 0) return { form: "access", notice: "Access saved." } satisfies Answer;
    return {
      form: "access",
      notice: `Access saved. The new watermark is being drawn on ${photosText(queued)}.`,
    } satisfies Answer;
  },
  "pin-set": (args) => setPin(args, "pin"),
  "download-pin-set": (args) => setPin(args, "download-pin"),
  "pin-clear": async ({ db, gallery }) => {
    await setGalleryPin(db, gallery.id, null);
    return { form: "pin", notice: "PIN removed: the link alone opens the gallery." } satisfies Answer;
  },
  "download-pin-clear": async ({ db, gallery }) => {
    await setGalleryDownloadPin(db, gallery.id, null);
    return { form: "download-pin", notice: "Download PIN removed." } satisfies Answer;
  },
  "link-regenerate": async ({ db, gallery }) => {
    await regenerateGalleryLink(db, gallery.id);
    return { form: "link", notice: "New link made: the old one no longer opens the gallery." } satisfies Answer;
  },
  "link-revoke": async ({ db, gallery }) => {
    await revokeGalleryLink(db, gallery.id);
    return redirect(workspaceHref(gallery.id, { panel: "access", extra: { revoked: "1" } }));
  },
};
