// The site header: desktop nav with the logo in the middle. (Mobile panel: see issue 3.)
import { Link, NavLink } from "react-router";
import type { StudioInfo } from "#app/utils/content/types.ts";
import { LINKS_BEFORE_LOGO, NAV_LINKS } from "#app/utils/nav.ts";

export interface SiteHeaderProps {
  studioName: string;
  socialLinks: StudioInfo["socialLinks"];
  /** The home page's header sits over the banner; other pages get a solid one. */
  isHome: boolean;
}

export function SiteHeader({ studioName, isHome }: SiteHeaderProps) {
  const before = NAV_LINKS.slice(0, LINKS_BEFORE_LOGO);
  const after = NAV_LINKS.slice(LINKS_BEFORE_LOGO);
  return (
    <header className={isHome ? "site-header site-header--home" : "site-header"}>
      <nav aria-label="Main" className="site-nav">
        <ul>
          {before.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to}>{l.label}</NavLink>
            </li>
          ))}
          <li className="site-logo">
            <Link to="/" aria-label={`${studioName}, home`}>
              {studioName}
            </Link>
          </li>
          {after.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to}>{l.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
