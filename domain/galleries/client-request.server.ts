// One client request to a gallery's selections, as the page (/g/:token) and its data route
// (/g/:token/photos) both take it: the selection forms both accept (a heart before JavaScript
// posts to the page, with it to the data route), with each refusal in words the person can act
// on. Whether the browser may see the gallery at all is access.server.ts's answer.
import type { Database } from "../../platform/db/db.server.ts";
import type { ItemAnswer } from "./client-types.ts";
import {
  COMMENT_MAX_CHARS,
  heartPhoto,
  type ItemRefusal,
  readLists,
  type SelectionList,
  setComment,
  unheartPhoto,
  type Visitor,
} from "./selections.server.ts";

/** The list a request works on: the one it names if it is the person's, else their newest open one. */
export function activeList(lists: SelectionList[], wanted: number | null): SelectionList | null {
  return lists.find((l) => l.id === wanted) ?? lists.findLast((l) => l.submittedAt === null) ?? lists.at(-1) ?? null;
}

export function positiveInt(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** heart, unheart or comment, from either route; `visitor` null is a person not yet named. */
export async function itemAction(db: Database, visitor: Visitor | null, form: FormData): Promise<ItemAnswer> {
  const intent = form.get("intent");
  const photoId = positiveInt(form.get("photo"));
  const listId = positiveInt(form.get("list"));
  const wantsHeart = intent === "heart";
  const refuse = (message: string, count: number | null = null): ItemAnswer => ({
    ok: false,
    photoId,
    hearted: !wantsHeart,
    count,
    message,
  });
  if (!visitor) return refuse("Enter your name and PIN first, to keep your favourites.");
  if (photoId === null || listId === null) return refuse("That photo or list is not in this gallery.");
  const lists = await readLists(db, visitor.id);
  const list = lists.find((l) => l.id === listId);
  if (!list) return refuse("That list is not yours.");
  const target = { visitor, listId, photoId };
  const result =
    intent === "heart"
      ? await heartPhoto(db, target)
      : intent === "unheart"
        ? await unheartPhoto(db, target)
        : intent === "comment"
          ? await setComment(db, target, String(form.get("comment") ?? ""))
          : null;
  if (!result) return refuse("Nothing to do.");
  if (!result.ok) return refuse(refusalText(result.error, list), result.count ?? list.count);
  return {
    ok: true,
    photoId,
    hearted: intent !== "unheart",
    count: result.count,
    message: intent === "comment" ? "Note saved." : "",
  };
}

export function refusalText(error: ItemRefusal, list: Pick<SelectionList, "name" | "itemLimit">): string {
  switch (error) {
    case "full":
      return `${list.name} already holds ${list.itemLimit} photos, its limit. Remove a heart to add another.`;
    case "locked":
      return `${list.name} was sent to the studio and is locked. Ask the studio to reopen it.`;
    case "no-photo":
      return "That photo is not in this gallery.";
    case "not-hearted":
      return "Heart the photo first, then add your note.";
    case "comment":
      return `A note can be up to ${COMMENT_MAX_CHARS} characters.`;
    default:
      return "That list is not yours.";
  }
}
