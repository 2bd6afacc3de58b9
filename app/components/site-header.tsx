// The site header. Wide screens: the nav links with the studio's wordmark in the middle, laid
// over the banner on the home page and solid elsewhere. Phones: a bar (back or search, wordmark,
// menu button) and a full-width menu panel. Its layout and motion live in styles/header.css.
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { cameFromThisSite, earlyAction } from "#app/document/early-actions.ts";
import { LINKS_BEFORE_LOGO, NAV_LINKS } from "#domain/catalog/navigation.ts";
import type { StudioInfo } from "#domain/catalog/types.ts";
import { useLanguage, useT } from "../i18n/i18n.ts";
import { pathIn } from "../i18n/languages.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { StudioLogo } from "./studio-logo.tsx";

export interface SiteHeaderProps {
  studioName: string;
  logo: StudioInfo["logo"];
  socialLinks: StudioInfo["socialLinks"];
  /** The home page's header sits over the banner; other pages get a solid one. */
  isHome: boolean;
}

const MENU_ID = "site-menu";

/** Everything in the panel that Tab can reach: the close button, the links. */
const FOCUSABLE = "a[href], button:not([disabled])";

export function SiteHeader({ studioName, logo, socialLinks, isHome }: SiteHeaderProps) {
  const before = NAV_LINKS.slice(0, LINKS_BEFORE_LOGO);
  const after = NAV_LINKS.slice(LINKS_BEFORE_LOGO);
  const navigate = useNavigate();
  const t = useT();
  const language = useLanguage();
  const home = pathIn(language, "/");
  const panelRef = useRef<HTMLDialogElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // The server cannot know whether scripts will run. Until they do, the menu button's
  // popovertarget opens the panel and the browser itself reports it as expanded; a hard-coded
  // aria-expanded="false" would then be wrong.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Tapped before the scripts had run (the tap also started them: earlyAction("prepare")),
    // the panel opened as the no-JS popover; it becomes the modal dialog a later tap opens.
    const panel = panelRef.current;
    if (panel?.matches(":popover-open")) {
      panel.hidePopover();
      panel.showModal();
      setOpen(true);
    }
  }, []);

  function openMenu(event: MouseEvent) {
    const panel = panelRef.current;
    if (!panel) return;
    // With scripts the panel opens as a modal dialog rather than the no-JS popover, so that the
    // page behind it is inert to keyboards and screen readers.
    event.preventDefault();
    if (panel.matches(":popover-open")) panel.hidePopover();
    panel.showModal();
    setOpen(true);
  }

  function closeMenu() {
    const panel = panelRef.current;
    if (panel?.open) panel.close();
    // Opened by a tap before the scripts had loaded.
    else if (panel?.matches(":popover-open")) panel.hidePopover();
  }

  // Runs for the close button, Escape, a link, and a panel opened before hydration.
  function syncWithPanel() {
    const panel = panelRef.current;
    const isOpen = Boolean(panel && (panel.open || panel.matches(":popover-open")));
    setOpen(isOpen);
    // Safari does not focus a button on click, so the dialog's own focus return can land on <body>.
    if (!isOpen) menuButtonRef.current?.focus({ preventScroll: true });
  }

  // A modal dialog keeps the page behind out of reach, but Tab past its last link would still
  // leave for the browser's toolbar; cycling keeps keyboard users in the menu until they close it.
  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function goBack(event: MouseEvent) {
    // Without scripts the surrounding form takes the visitor home instead (before hydration,
    // the early listener applies the rule below: early-actions.ts).
    event.preventDefault();
    // React Router counts its own entries in history.state.idx: above 0 there is a page of ours
    // to go back to. At 0 this page was loaded whole: from another of ours (a link followed
    // before hydration) Back returns there; otherwise it would leave the site, so go home.
    const state: unknown = window.history.state;
    const idx = state && typeof state === "object" && "idx" in state ? Number(state.idx) : 0;
    if (idx > 0) void navigate(-1);
    else if (cameFromThisSite()) window.history.back();
    else void navigate(home);
  }

  const logoLabel = t("header.logo", { studio: studioName });
  return (
    <header className={isHome ? "site-header site-header--home" : "site-header"}>
      <nav aria-label={t("header.nav")} className="site-nav">
        <ul>
          {before.map((l) => (
            <li key={l.to}>
              <NavLink to={pathIn(language, l.to)}>{t(l.messageId)}</NavLink>
            </li>
          ))}
          <li className="site-logo">
            <Link to={home} aria-label={logoLabel}>
              <StudioLogo name={studioName} logo={logo} place="header" />
            </Link>
          </li>
          {after.map((l) => (
            <li key={l.to}>
              <NavLink to={pathIn(language, l.to)}>{t(l.messageId)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Beside the nav, not in it: the spec's Main navigation lists its seven links. */}
      <LanguageSwitch className="site-language" />

      <div className="site-bar">
        <div className="site-bar-start">
          {isHome ? null : (
            <form action={home} method="get">
              <button
                type="submit"
                className="site-icon-button"
                aria-label={t("header.back")}
                onClick={goBack}
                {...earlyAction("back")}
              >
                <Icon name="back" />
              </button>
            </form>
          )}
        </div>
        <Link to={home} className="site-bar-logo" aria-label={logoLabel}>
          <StudioLogo name={studioName} logo={logo} place="bar" />
        </Link>
        <div className="site-bar-end">
          <LanguageSwitch className="site-icon-button site-language-bar" />
          {isHome ? (
            <Link to={pathIn(language, "/search")} className="site-icon-button" aria-label={t("header.search")}>
              <Icon name="search" />
            </Link>
          ) : null}
          <button
            type="button"
            ref={menuButtonRef}
            className="site-icon-button"
            aria-label={t("header.openMenu")}
            aria-controls={MENU_ID}
            aria-expanded={hydrated ? open : undefined}
            popoverTarget={MENU_ID}
            popoverTargetAction="show"
            onClick={openMenu}
            {...earlyAction("prepare")}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>

      {/* A popover so that the menu opens and closes without scripts too; see openMenu. */}
      <dialog
        id={MENU_ID}
        ref={panelRef}
        popover="auto"
        className="site-menu"
        aria-label={t("header.menu")}
        onClose={syncWithPanel}
        onToggle={syncWithPanel}
        onKeyDown={keepFocusInside}
      >
        <div className="site-menu-top">
          <span className="site-menu-name">{studioName}</span>
          <button
            type="button"
            className="site-icon-button"
            aria-label={t("header.closeMenu")}
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            onClick={(event) => {
              event.preventDefault();
              closeMenu();
            }}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label={t("header.nav")} className="site-menu-nav">
          <ul>
            <li>
              <NavLink to={home} end onClick={closeMenu}>
                {t("nav.home")}
              </NavLink>
            </li>
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={pathIn(language, l.to)} onClick={closeMenu}>
                  {t(l.messageId)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {socialLinks.length > 0 ? (
          <ul className="site-social" aria-label={t("header.follow")}>
            {socialLinks.map((s) => (
              <li key={s.url}>
                <a href={s.url} aria-label={s.label} className="site-icon-button">
                  {isIconName(s.network) ? <Icon name={s.network} /> : s.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </dialog>
    </header>
  );
}

// Hairline outline icons on a 24-unit grid, drawn in the text colour. Inline, so that the
// header needs no extra request and no icon font.
const ICON_PATHS = {
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  back: <path d="M20 12H5M11 6l-6 6 6 6" />,
  search: <path d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L20 20" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.25" cy="6.75" r="0.6" fill="currentColor" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="M10 9.25v5.5L14.75 12z" fill="currentColor" />
    </>
  ),
  facebook: <path d="M15.5 3.5H14a4 4 0 0 0-4 4v13M7 10.5h7.5" />,
} as const;

type IconName = keyof typeof ICON_PATHS;

function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICON_PATHS, name);
}

function Icon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name]}
    </svg>
  );
}
