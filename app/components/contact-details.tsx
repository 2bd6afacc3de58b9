// The studio's ways to be reached, shared by the contact page and the footer.
import type { StudioInfo } from "#domain/catalog/types.ts";
import { useT } from "../i18n/i18n.ts";

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function PhoneList({ phones }: { phones: string[] }) {
  return (
    <ul className="plain-list">
      {phones.map((phone) => (
        <li key={phone}>
          <a href={telHref(phone)}>{phone}</a>
        </li>
      ))}
    </ul>
  );
}

export function EmailList({ emails }: { emails: string[] }) {
  return (
    <ul className="plain-list">
      {emails.map((email) => (
        <li key={email}>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      ))}
    </ul>
  );
}

export function PostalAddress({ address }: { address: StudioInfo["address"] }) {
  return (
    <address className="postal-address">
      {address.street}
      <br />
      {address.locality}, {address.region} {address.postalCode}
      <br />
      {address.country}
    </address>
  );
}

export function SocialLinkList({ links }: { links: StudioInfo["socialLinks"] }) {
  // The site's catalogue: the footer shows these links on every page, a gallery's too.
  const t = useT();
  return (
    <ul className="social-links">
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} rel="noopener noreferrer" target="_blank">
            {link.label}
            <span className="visually-hidden"> {t("site.newTab")}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
