// /admin/galleries/:id/event-card: the event link on a card to print for the reception's tables
// or slip into the invitation (issue 31): the couple's names or the gallery's title, the day,
// the QR code, the link written out and one line of what to do. Printed, only the card is on the
// page (the admin's header and this page's own links are left off), sized for A6 and centred on
// anything larger (A5). Only while guest search is on: there is no event link otherwise.
import { data, Link } from "react-router";
import { requireIdParam } from "#app/utils/id-param.ts";
import { formatDay } from "#domain/catalog/studio-time.ts";
import { readGallery } from "#domain/galleries/galleries.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import type { Route } from "./+types/gallery-event-card";
import { eventLink } from "./gallery-edit/guests.server.ts";
import { workspaceHref } from "./gallery-edit/panels.ts";
import { qrCodeDataUrl } from "./gallery-edit/sending.server.ts";

/** The one line a guest reads on the card. */
export const EVENT_CARD_LINE = "Scan, take a selfie, find your photos";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Event card: ${loaderData.title}` : "Event card" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const gallery = await readGallery(getDb(), requireIdParam(params.id, "There is no such gallery."));
  if (!gallery) throw data("There is no such gallery.", { status: 404 });
  const { token } = gallery.guests;
  if (!gallery.guests.search || token === null)
    throw data("Guest search is off for this gallery: it has no event link to print.", { status: 404 });
  const link = eventLink(publicOrigin(), token);
  return {
    id: gallery.id,
    title: gallery.title,
    clientName: gallery.clientName,
    day: gallery.eventDate ? formatDay(gallery.eventDate) : null,
    link,
    qrCode: await qrCodeDataUrl(link),
  };
}

export default function EventCard({ loaderData }: Route.ComponentProps) {
  const { id, title, clientName, day, link, qrCode } = loaderData;
  return (
    <>
      <div className="event-card-tools">
        <p>
          <Link to={workspaceHref(id, { panel: "guests" })}>← {title}: Guests</Link>
        </p>
        <h1>Event card</h1>
        <p className="admin-sub">Print it from the browser (A6 or A5): only the card is printed.</p>
      </div>
      <article className="event-card" aria-label="The card as printed">
        <h2 className="event-card-names">{clientName || title}</h2>
        {clientName && clientName !== title ? <p className="event-card-title">{title}</p> : null}
        {day ? <p className="event-card-day">{day}</p> : null}
        <img className="event-card-qr" src={qrCode} alt="QR code of the event link" width={240} height={240} />
        <p className="event-card-line">{EVENT_CARD_LINE}</p>
        <p className="event-card-link">{link}</p>
      </article>
    </>
  );
}
