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

/** What an item request's answer says: a refusal, or a note saved. */
export type ItemWord = ItemRefusal | "enter-first" | "not-in-gallery" | "nothing" | "note-saved";

/** The answer's words, in the person's language (the route's translator; English here). */
export type ItemWords = (word: ItemWord, list: Pick<SelectionList, "name" | "itemLimit"> | null) => string;

/**
 * heart, unheart or comment, from either route; `visitor` null is a person not yet named. `words`
 * says the answer in the person's language (the routes pass their translator's, issue 33).
 */
export async function itemAction(
  db: Database,
  visitor: Visitor | null,
  form: FormData,
  words: ItemWords = englishItemWords,
  pageList: number | null = null,
): Promise<ItemAnswer> {
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
  if (!visitor) return refuse(words("enter-first", null));
  const namesList = form.has("list");
  if (photoId === null || (namesList && listId === null)) return refuse(words("not-in-gallery", null));
  const lists = await readLists(db, visitor.id);
  // A heart posted without scripts names no list (24 of them on a first screen would each carry
  // it: the document's byte budget): it acts on the list the page shows, chosen as its loader
  // chose it, from the page's address (`pageList`, its ?list=) or the person's open list.
  const list = namesList ? lists.find((l) => l.id === listId) : activeList(lists, pageList);
  if (!list) return refuse(words("no-list", null));
  const target = { visitor, listId: list.id, photoId };
  const result =
    intent === "heart"
      ? await heartPhoto(db, target)
      : intent === "unheart"
        ? await unheartPhoto(db, target)
        : intent === "comment"
          ? await setComment(db, target, String(form.get("comment") ?? ""))
          : null;
  if (!result) return refuse(words("nothing", list));
  if (!result.ok) return refuse(words(result.error, list), result.count ?? list.count);
  return {
    ok: true,
    photoId,
    hearted: intent !== "unheart",
    count: result.count,
    message: intent === "comment" ? words("note-saved", list) : "",
  };
}

export function englishItemWords(word: ItemWord, list: Pick<SelectionList, "name" | "itemLimit"> | null): string {
  switch (word) {
    case "enter-first":
      return "Enter your name and PIN first, to keep your favourites.";
    case "not-in-gallery":
      return "That photo or list is not in this gallery.";
    case "nothing":
      return "Nothing to do.";
    case "note-saved":
      return "Note saved.";
    case "full":
      return `${list?.name} already holds ${list?.itemLimit} photos, its limit. Remove a heart to add another.`;
    case "locked":
      return `${list?.name} was sent to the studio and is locked. Ask the studio to reopen it.`;
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
