// The footer on every page: logo, Quick Links, Contact Us, social links, credits, copyright.
import { Link } from "react-router";
import { NAV_LINKS } from "#domain/catalog/navigation.ts";
import type { StudioInfo } from "#domain/catalog/types.ts";
import { afterMainImage } from "../document/main-image-first.ts";
import { useLanguage, useT } from "../i18n/i18n.ts";
import { pathIn } from "../i18n/languages.ts";
import { EmailList, PhoneList, PostalAddress, SocialLinkList } from "./contact-details.tsx";
import { StudioLogo } from "./studio-logo.tsx";

export function SiteFooter({ studio, year }: { studio: StudioInfo | null; year: number }) {
  const name = studio?.name ?? "Photography Studio";
  const t = useT();
  const language = useLanguage();
  // Below the first screen everywhere: its logo waits for the page's main image too.
  return (
    <footer className="site-footer renders-late" {...afterMainImage()}>
      <div className="site-footer-grid">
        <div>
          <Link to={pathIn(language, "/")} className={studio?.logo ? "footer-logo footer-logo--image" : "footer-logo"}>
            <StudioLogo name={name} logo={studio?.logo ?? null} place="footer" />
          </Link>
          {studio?.tagline ? <p className="footer-tagline">{studio.tagline}</p> : null}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="caps-heading">
            {t("footer.quickLinks")}
          </h2>
          <ul className="plain-list">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={pathIn(language, l.to)}>{t(l.footerMessageId ?? l.messageId)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {studio ? (
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="caps-heading">
              {t("footer.contact")}
            </h2>
            <PhoneList phones={studio.phones} />
            <EmailList emails={studio.emails} />
            <PostalAddress address={studio.address} />
          </section>
        ) : null}
        {studio?.socialLinks.length ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className="caps-heading">
              {t("footer.follow")}
            </h2>
            <SocialLinkList links={studio.socialLinks} />
          </section>
        ) : null}
      </div>
      <div className="footer-bottom">
        <p className="copyright copyright--long">{t("footer.rights", { year, studio: name })}</p>
        <p className="copyright copyright--short">
          © {year} {name}
        </p>
        <p>
          <Link to={pathIn(language, "/credits")}>{t("footer.credits")}</Link>
        </p>
      </div>
    </footer>
  );
}
