// The page a closed gallery link shows (expired, or revoked by the studio): no photos, only who
// to ask.
import { useT } from "#app/i18n/i18n.ts";
import type { StudioInfo } from "#domain/catalog/types.ts";
import { EmailList, PhoneList } from "../contact-details.tsx";
import { StudioLogo } from "../studio-logo.tsx";

export function ClosedGallery({ reason, studio }: { reason: "expired" | "revoked"; studio: StudioInfo | null }) {
  const t = useT();
  const name = studio?.name ?? t("gallery.studioFallback");
  return (
    <section className="page page--narrow cg-door" aria-labelledby="cg-closed-heading">
      <p className="cg-door-logo">
        <StudioLogo name={name} logo={studio?.logo ?? null} place="contact" />
      </p>
      <h1 id="cg-closed-heading" className="page-title">
        {t(reason === "expired" ? "closed.expired.title" : "closed.revoked.title")}
      </h1>
      <p className="page-lede">
        {t(reason === "expired" ? "closed.expired.lede" : "closed.revoked.lede", { studio: name })}
      </p>
      {studio && (studio.phones.length > 0 || studio.emails.length > 0) ? (
        <>
          <h2 className="cg-subheading">{t("closed.contact", { studio: name })}</h2>
          <PhoneList phones={studio.phones} />
          <EmailList emails={studio.emails} />
        </>
      ) : null}
    </section>
  );
}
