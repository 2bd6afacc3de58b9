// The page a closed gallery link shows (expired, or revoked by the studio): no photos, only who
// to ask.
import type { StudioInfo } from "#domain/catalog/types.ts";
import { EmailList, PhoneList } from "../contact-details.tsx";
import { StudioLogo } from "../studio-logo.tsx";

export function ClosedGallery({ reason, studio }: { reason: "expired" | "revoked"; studio: StudioInfo | null }) {
  const name = studio?.name ?? "The studio";
  return (
    <section className="page page--narrow cg-door" aria-labelledby="cg-closed-heading">
      <p className="cg-door-logo">
        <StudioLogo name={name} logo={studio?.logo ?? null} place="contact" />
      </p>
      <h1 id="cg-closed-heading" className="page-title">
        {reason === "expired" ? "This gallery has expired" : "This gallery link is no longer active"}
      </h1>
      <p className="page-lede">
        {reason === "expired"
          ? `Its last day has passed. ${name} can open it again for you.`
          : `${name} has closed this link. If you still need your photos, please get in touch.`}
      </p>
      {studio && (studio.phones.length > 0 || studio.emails.length > 0) ? (
        <>
          <h2 className="cg-subheading">Contact {name}</h2>
          <PhoneList phones={studio.phones} />
          <EmailList emails={studio.emails} />
        </>
      ) : null}
    </section>
  );
}
