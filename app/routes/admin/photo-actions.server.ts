// The photo manager's actions on one shoot's photos (order, alt text, cover, move, trash and
// undo, sort; a gallery's set's photos hidden from guests or shown to them again): the shoot page and the gallery's workspace (a set is a shoot) answer them with
// this one handler. Also the page of photos a document carries before JavaScript runs.
import type { ActionAnswer } from "#app/components/admin/action-notice.tsx";
import { NO_SCRIPT_PAGE_SIZE } from "#app/components/admin/photo-manager/photo-manager.tsx";
import {
  isPhotoOrder,
  movePhotosToShoot,
  parsePhotoIds,
  placePhotos,
  restorePhotos,
  setAltText,
  setPhotoOrder,
  trashPhotos,
} from "#domain/catalog/photos.server.ts";
import { type AdminPhoto, type AdminShoot, setCover } from "#domain/catalog/shoots.server.ts";
import { hideFromGuests } from "#domain/faces/guest-search.server.ts";
import { setGalleryCover } from "#domain/galleries/cover.server.ts";
import type { Database } from "#platform/db/db.server.ts";

/**
 * One page of a shoot's photos for the document (a wedding's 3,000 would be megabytes of it): the
 * page before JavaScript runs (?page=N), and the first screen after; the browser fetches the rest.
 */
export function photoPage(photos: AdminPhoto[], pageParam: string | null) {
  const pageCount = Math.max(1, Math.ceil(photos.length / NO_SCRIPT_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Number(pageParam) || 1));
  const pageStart = (page - 1) * NO_SCRIPT_PAGE_SIZE;
  return {
    photos: photos.slice(pageStart, pageStart + NO_SCRIPT_PAGE_SIZE),
    photoCount: photos.length,
    pageStart,
    complete: photos.length <= NO_SCRIPT_PAGE_SIZE,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The photos an action is for: the manager's selection (one field), or the ticked boxes without JavaScript. */
function chosenPhotos(form: FormData): number[] | null {
  const list = form.get("photoIds");
  if (typeof list === "string" && list !== "") return parsePhotoIds(list);
  const ticked = form.getAll("photoId").map(String).join(",");
  return ticked === "" ? [] : parsePhotoIds(ticked);
}

export async function photoAction(
  db: Database,
  shoot: AdminShoot,
  intent: string,
  form: FormData,
): Promise<ActionAnswer | null> {
  const ids = chosenPhotos(form);
  if (ids === null) return { notice: "That selection of photos could not be read; choose them again." };
  const nothing: ActionAnswer = { notice: "Select one or more photos first." };
  switch (intent) {
    case "photos-place-start":
    case "photos-place-end":
    case "photos-place": {
      if (ids.length === 0) return nothing;
      const before =
        intent === "photos-place" ? String(form.get("before") ?? "") : intent.slice("photos-place-".length);
      const placement = before === "start" || before === "end" ? { at: before } : { before: Number(before) };
      const placed = await placePhotos(db, shoot.id, ids, placement as Parameters<typeof placePhotos>[3]);
      if (placed === 0) return { notice: "Those photos changed meanwhile; the page shows them as they are now." };
      const where = before === "start" ? "to the start" : before === "end" ? "to the end" : "to the new place";
      return { notice: `Moved ${plural(placed, "photo")} ${where}.` };
    }
    case "photos-alt":
    case "photos-alt-clear": {
      if (ids.length === 0) return nothing;
      const alt = intent === "photos-alt" ? String(form.get("alt") ?? "") : "";
      // The Tamil version beside it (issue 33): cleared with the English, kept when the form has none.
      const sentTa = form.get("altTa");
      const altTa = intent === "photos-alt" ? (typeof sentTa === "string" ? sentTa : undefined) : "";
      const count = await setAltText(db, shoot.id, ids, alt, altTa);
      return {
        notice: alt.trim()
          ? `Alt text set on ${plural(count, "photo")}.`
          : `Alt text cleared on ${plural(count, "photo")}.`,
      };
    }
    case "photos-trash": {
      if (ids.length === 0) return nothing;
      const trashed = await trashPhotos(db, shoot.id, ids);
      return {
        notice: `${plural(trashed.length, "photo")} moved to the trash.`,
        undo: { intent: "photos-restore", photoIds: trashed },
      };
    }
    case "photos-restore": {
      const restored = await restorePhotos(db, ids, shoot.id);
      return { notice: `${plural(restored, "photo")} back in ${restored === 1 ? "its place" : "their places"}.` };
    }
    case "photos-move": {
      if (ids.length === 0) return nothing;
      // A set's photos move between the sets of its gallery; a shoot's between portfolio shoots.
      const other = shoot.galleryId === null ? "shoot" : "set";
      const result = await movePhotosToShoot(db, shoot.id, ids, Number(form.get("targetShootId")));
      if (result === "no-target") return { notice: `Choose another ${other} to move the photos to.` };
      if (result === "other-gallery")
        return {
          notice:
            shoot.galleryId === null
              ? "Not moved: a portfolio shoot's photos do not go into a client gallery's set."
              : "Not moved: a client gallery's photos move only to another set of the same gallery, never to a portfolio shoot, where they could be published.",
        };
      const skipped = result.alreadyThere
        ? ` ${plural(result.alreadyThere, "photo")} stayed: that ${other} has the same image already.`
        : "";
      return { notice: `Moved ${plural(result.moved, "photo")} to the other ${other}.${skipped}` };
    }
    case "photos-sort": {
      const order = form.get("photoOrder");
      if (!isPhotoOrder(order)) return { notice: "Choose how to order the photos." };
      await setPhotoOrder(db, shoot.id, order);
      return {
        notice:
          order === "manual"
            ? "The photos keep the order shown; move them by hand from here."
            : `Sorted by ${order === "captured" ? "capture time" : "file name"}; new uploads land in that order too.`,
      };
    }
    case "photos-guest-hide":
    case "photos-guest-show": {
      // Only a gallery's set has guests (issue 31); the couple's own view is unchanged.
      if (shoot.galleryId === null) return null;
      if (ids.length === 0) return nothing;
      const hide = intent === "photos-guest-hide";
      const changed = await hideFromGuests(db, shoot.galleryId, ids, hide);
      return {
        notice: hide
          ? `${plural(changed, "photo")} hidden from guests: a guest's search never shows ${changed === 1 ? "it" : "them"}.`
          : `${plural(changed, "photo")} shown to guests again.`,
      };
    }
    case "cover": {
      if (ids.length !== 1) return { notice: "Select exactly one photo to make it the cover." };
      const photo = shoot.photos.find((p) => p.id === ids[0]);
      if (!photo) return { notice: "That photo is not in this shoot." };
      // In a set, the cover is the gallery's: the one the client sees atop it.
      if (shoot.galleryId !== null) {
        const result = await setGalleryCover(db, shoot.galleryId, photo.id);
        if (!result.ok) return { notice: result.error };
        return { notice: `${photo.fileName} is the gallery's cover now: the client sees it atop the gallery.` };
      }
      if (!(await setCover(db, shoot.id, photo.assetId))) return { notice: "That photo is not in this shoot." };
      return { notice: `${photo.fileName} is the cover now.` };
    }
    default:
      return null;
  }
}
