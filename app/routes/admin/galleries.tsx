// Client galleries: each with its cover's thumbnail, client, event, sets and photos, whether its
// link works today and whether it was sent; and a way to make one.
import { Link } from "react-router";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { Picture } from "#app/components/picture.tsx";
import { studioRowOf } from "#app/utils/request-context.ts";
import { studioTodayOf } from "#domain/galleries/access-settings.server.ts";
import { ACCESS_TEXT } from "#domain/galleries/gallery-form.ts";
import { listGalleriesForAdmin } from "#domain/galleries/gallery-list.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/galleries";

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = getDb();
  return {
    galleries: await listGalleriesForAdmin(db, studioTodayOf(await studioRowOf(context, db))),
    trashed: new URL(request.url).searchParams.has("trashed"),
  };
}

export default function Galleries({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="admin-title-row">
        <h1>Client galleries</h1>
        <Link to="/admin/galleries/new" className="button">
          New gallery
        </Link>
      </div>
      <p className="admin-notice" role="status">
        {loaderData.trashed ? "Gallery moved to the trash; restore it from there." : ""}
      </p>
      {loaderData.galleries.length === 0 ? (
        <p>No client galleries yet.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Every client gallery, with its sets, photos and link</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Client</th>
              <th scope="col">Event</th>
              <th scope="col">Sets</th>
              <th scope="col">Photos</th>
              <th scope="col">Link</th>
              <th scope="col">Sent</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.galleries.map((g) => (
              <tr key={g.id}>
                <td>
                  <span className="gallery-list-title">
                    {/* The link names the gallery: the thumbnail says nothing more to a screen reader. */}
                    {g.cover ? <Picture image={{ ...g.cover, alt: "" }} sizes="4rem" /> : null}
                    <Link to={`/admin/galleries/${g.id}`}>{g.title}</Link>
                  </span>
                </td>
                <td>{g.clientName}</td>
                <td>{g.eventDate ?? ""}</td>
                <td>{g.setCount}</td>
                <td>{g.photoCount}</td>
                <td>{ACCESS_TEXT[g.access]}</td>
                <td>{g.sentAt ? <StudioTime iso={g.sentAt} /> : "Not sent"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
