// /admin/galleries/:id/albums/:album/comments (?version=N for one version): the couple's comments
// as a list to print for whoever redesigns the spreads: spread, where on it, the comment, who
// wrote it, the swap photo's original file name, resolved or not. Printed, only the list is on
// the page (the admin's header and this page's links are left off). The same list as a CSV file
// is gallery-album-comments-csv.ts.
import { Link } from "react-router";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/gallery-album-comments";
import { commentLines, galleryAndAlbum, versionParam } from "./gallery-album/album.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Comments: ${loaderData.album.title}, ${loaderData.gallery.title}` : "Comments" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const { gallery, album } = await galleryAndAlbum(db, params);
  const version = versionParam(new URL(request.url).searchParams.get("version"));
  const { versions, lines } = await commentLines(db, gallery, album, version);
  return {
    gallery: { id: gallery.id, title: gallery.title },
    album: { id: album.id, title: album.title },
    version,
    versions,
    lines,
  };
}

export default function AlbumComments({ loaderData }: Route.ComponentProps) {
  const { gallery, album, version, versions, lines } = loaderData;
  const albumHref = `/admin/galleries/${gallery.id}/albums/${album.id}`;
  const csvHref = `${albumHref}/comments.csv${version === null ? "" : `?version=${version}`}`;
  return (
    <div className="album-print">
      <div className="album-print-tools">
        <p>
          <Link to={albumHref}>← {album.title}</Link>
        </p>
        <p className="admin-sub">
          Print it from the browser: only the list is printed. Or download it as a{" "}
          <a href={csvHref} download>
            CSV file
          </a>
          .
        </p>
      </div>
      <h1>
        Comments on “{album.title}”{version === null ? "" : `, version ${version}`}
      </h1>
      <p className="admin-sub">{gallery.title}</p>
      {versions.length === 0 ? <p>There is no such version.</p> : null}
      {versions.map((n) => {
        const own = lines.filter((l) => l.version === n);
        return (
          <section key={n} aria-labelledby={`comments-v${n}`}>
            <h2 id={`comments-v${n}`}>Version {n}</h2>
            {own.length === 0 ? (
              <p>No comments.</p>
            ) : (
              <table className="album-print-table">
                <thead>
                  <tr>
                    <th scope="col">Spread</th>
                    <th scope="col">Where</th>
                    <th scope="col">Comment</th>
                    <th scope="col">By</th>
                    <th scope="col">Swap photo</th>
                    <th scope="col">Resolved</th>
                  </tr>
                </thead>
                <tbody>
                  {own.map((line) => (
                    <tr key={line.id}>
                      <td>{line.spread}</td>
                      <td>{line.position}</td>
                      <td>{line.text}</td>
                      <td>
                        {line.author}
                        <br />
                        <StudioTime iso={line.createdAt} />
                      </td>
                      <td>{line.swapFileName ?? ""}</td>
                      <td>{line.resolvedAt ? <StudioTime iso={line.resolvedAt} /> : "no"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
