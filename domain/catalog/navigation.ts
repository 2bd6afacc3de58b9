// The site's navigation, in the spec's order. The header puts the logo between Baby shoot and
// Motherhood; the footer's Quick Links and the mobile panel list the same pages.

export interface NavItem {
  to: string;
  label: string;
  /** The footer's Quick Links write some labels differently (the spec's "Baby Shoot"). */
  footerLabel?: string;
}

export const NAV_LINKS: readonly NavItem[] = [
  { to: "/about", label: "About" },
  { to: "/gallery/wedding", label: "Wedding" },
  { to: "/gallery/babyShoot", label: "Baby shoot", footerLabel: "Baby Shoot" },
  { to: "/gallery/motherhood", label: "Motherhood" },
  { to: "/gallery/outdoor", label: "Outdoor" },
  { to: "/contactUs", label: "Contact" },
];

/** How many nav links stand before the logo in the desktop header. */
export const LINKS_BEFORE_LOGO = 3;
