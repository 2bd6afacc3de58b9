// The site's navigation, in the spec's order. The header puts the logo between Baby shoot and
// Motherhood; the footer's Quick Links and the mobile panel list the same pages.

export interface NavItem {
  to: string;
  label: string;
  /** Its label's message (app/locales/<language>/site.po): the pages show the reader's language. */
  messageId: string;
  /** The footer's Quick Links write some labels differently (the spec's "Baby Shoot"). */
  footerLabel?: string;
  footerMessageId?: string;
}

export const NAV_LINKS: readonly NavItem[] = [
  { to: "/about", label: "About", messageId: "nav.about" },
  { to: "/gallery/wedding", label: "Wedding", messageId: "nav.wedding" },
  {
    to: "/gallery/babyShoot",
    label: "Baby shoot",
    messageId: "nav.babyShoot",
    footerLabel: "Baby Shoot",
    footerMessageId: "nav.babyShoot.footer",
  },
  { to: "/gallery/motherhood", label: "Motherhood", messageId: "nav.motherhood" },
  { to: "/gallery/outdoor", label: "Outdoor", messageId: "nav.outdoor" },
  { to: "/contactUs", label: "Contact", messageId: "nav.contact" },
];

/** How many nav links stand before the logo in the desktop header. */
export const LINKS_BEFORE_LOGO = 3;
