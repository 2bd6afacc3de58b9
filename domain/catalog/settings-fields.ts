// What the settings form and its server-side check share: the social networks the studio can
// link to (the public site draws an icon for each), the limit on inquiry recipients and the
// range of the album reminder's days.

/**
 * The days a sent album version waits for the couple's answer before one reminder goes to them
 * (domain/albums/mail.server.ts): 7 unless the studio chooses (as SmartAlbums' proofing does),
 * 0 for never, at most 60 (migration 0026 checks the same).
 */
export const ALBUM_REMINDER_DAYS = { default: 7, max: 60 } as const;

/** Inquiries go to at most this many addresses. */
export const INQUIRY_RECIPIENTS_MAX = 5;

/** The networks the public site draws an icon for, in the order it shows them. */
export const SOCIAL_NETWORKS = [
  { field: "instagram", label: "Instagram", hosts: ["instagram.com"], example: "https://www.instagram.com/yourstudio" },
  {
    field: "youtube",
    label: "YouTube",
    hosts: ["youtube.com", "youtu.be"],
    example: "https://www.youtube.com/@yourstudio",
  },
  {
    field: "facebook",
    label: "Facebook",
    hosts: ["facebook.com", "fb.com"],
    example: "https://www.facebook.com/yourstudio",
  },
] as const satisfies readonly { field: string; label: string; hosts: readonly string[]; example: string }[];
/** An https address on one of the network's own hosts (or a subdomain, such as www.). */
export function isNetworkUrl(text: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === "https:" &&
    url.username === "" &&
    url.password === "" &&
    hosts.some((h) => host === h || host.endsWith(`.${h}`))
  );
}
