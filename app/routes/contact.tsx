// Contact: 'Just say hi !', the form, and the studio's address, phones, e-mail and social links.
import { Form, useNavigation } from "react-router";
import { EmailList, PhoneList, PostalAddress, SocialLinkList } from "#app/components/contact-details.tsx";
import { getStudio } from "#app/utils/content/queries.server.ts";
import { getDb } from "#app/utils/db/db.server.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/contact";

export async function loader() {
  return { studio: await getStudio(getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  // Delivery (storage, mail, spam checks) is the contact issue's; until then nothing is
  // pretended: the visitor is told to call or write, and keeps what was typed.
  const form = await request.formData();
  const values = Object.fromEntries(
    ["name", "phoneNumber", "email", "message"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  return { status: "unavailable" as const, values };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteContext(matches);
  return seoMeta(site, {
    title: "Contact",
    description: `Tell ${site?.studioName ?? "us"} about your wedding, baby shoot or family session. Call, write or use the form.`,
    path: "/contactUs",
  });
};

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { studio } = loaderData;
  const studioName = matches[0].loaderData.studio?.name ?? "Studio";
  const busy = useNavigation().state === "submitting";
  const values = actionData?.values;
  return (
    <div className="page contact">
      <section className="contact-form-section" aria-labelledby="contact-heading">
        <h1 id="contact-heading" className="page-title">
          Just say hi !
        </h1>
        <p className="page-lede">Tell us more about you and we'll contact you soon :)</p>
        {actionData?.status === "unavailable" ? (
          <p className="form-notice" role="status">
            Our form is not connected yet. Please call or e-mail us; what you typed is still below.
          </p>
        ) : null}
        <Form method="post" className="contact-form">
          <div className="field">
            <label htmlFor="contact-name">Name</label>
            <input id="contact-name" name="name" type="text" autoComplete="name" defaultValue={values?.name} />
          </div>
          <div className="field">
            <label htmlFor="contact-phone">Phone Number</label>
            <input
              id="contact-phone"
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              defaultValue={values?.phoneNumber}
            />
          </div>
          <div className="field">
            <label htmlFor="contact-email">Email</label>
            <input id="contact-email" name="email" type="email" autoComplete="email" defaultValue={values?.email} />
          </div>
          <div className="field">
            <label htmlFor="contact-message">Message</label>
            <textarea id="contact-message" name="message" rows={6} defaultValue={values?.message} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Sending…" : "Submit"}
          </button>
        </Form>
      </section>
      {studio ? (
        <aside className="contact-info" aria-label="Contact information">
          <p className="contact-logo">{studioName}</p>
          <h2 className="caps-heading">Visit us</h2>
          <PostalAddress address={studio.address} />
          <h2 className="caps-heading">Call us</h2>
          <PhoneList phones={studio.phones} />
          <h2 className="caps-heading">Write to us</h2>
          <EmailList emails={studio.emails} />
          <h2 className="caps-heading">Follow us</h2>
          <SocialLinkList links={studio.socialLinks} />
        </aside>
      ) : null}
    </div>
  );
}
