// Which download a path under a gallery's /download/ names: the offers (downloads.server.ts)
// link these paths, and the download route reads them back. The answers themselves (a file, a
// ZIP) are HTTP's: app/http/downloads.server.ts.
import type { DownloadScope } from "./downloads.server.ts";

/**
 * A download as its path names it. A list's path names only the list: whose lists the request
 * may read is the route's to add (DownloadScope's reader), from who is signed in.
 */
export type DownloadPath = Exclude<DownloadScope, { kind: "list" }> | { kind: "list"; listId: number };

/** "all.zip", "set/12.zip", "list/3.zip", "photo/42": the download a path after /download/ names. */
export function parseDownloadPath(splat: string): DownloadPath | null {
  if (splat === "all.zip") return { kind: "all" };
  const match = /^(set|list|photo)\/([1-9]\d{0,15})(\.zip|\.jpg)?$/.exec(splat);
  if (!match) return null;
  const [, kind, id, ext] = match;
  const n = Number(id);
  if (kind === "photo" && ext !== ".zip") return { kind: "photo", photoId: n };
  if (ext !== ".zip") return null;
  return kind === "set" ? { kind: "set", setId: n } : kind === "list" ? { kind: "list", listId: n } : null;
}
