// The gallery workspace's settings panels, one at a time beside the sets (?panel= in the
// address, so each is linkable and works without JavaScript); without one, the selected set's
// photos.
export const PANELS = {
  details: "Details",
  cover: "Cover",
  access: "Access & downloads",
  sending: "Sending",
  selections: "Selections",
  guests: "Guests",
  albums: "Albums",
  delete: "Delete",
} as const;

export type Panel = keyof typeof PANELS;

export function panelFrom(value: string | null): Panel | null {
  return value !== null && Object.hasOwn(PANELS, value) ? (value as Panel) : null;
}

/** The workspace's address for a set (its photos) or a panel; the set is kept with a panel, so the way back is one click. */
export function workspaceHref(
  galleryId: number,
  { set, panel, extra }: { set?: number | null; panel?: Panel | null; extra?: Record<string, string> } = {},
): string {
  const query = new URLSearchParams();
  if (set) query.set("set", String(set));
  if (panel) query.set("panel", panel);
  for (const [key, value] of Object.entries(extra ?? {})) query.set(key, value);
  const search = query.toString();
  return `/admin/galleries/${galleryId}${search ? `?${search}` : ""}`;
}
