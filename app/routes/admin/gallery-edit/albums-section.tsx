// Albums: the album proofing of this gallery (issue 32). Each album with its newest version's
// state in words (draft, sent, viewed, changes asked, approved) and last activity, a link to its
// page (uploads, sending, the couple's comments), and a form to make one: the couple's album,
// each parent's.
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { TitleFields } from "#app/components/admin/title-fields.tsx";
import { albumStateText } from "../gallery-album/words.ts";
import type { AlbumsPanelData } from "./albums.server.ts";
import type { Answer } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";

/** Under the album's name field. */
export const ALBUM_NAME_HINT = "Such as “Priya and Karthik” or “Amma's album”.";

export function AlbumsSection({
  galleryId,
  panel,
  answer,
}: {
  galleryId: number;
  panel: AlbumsPanelData;
  answer: Answer | undefined;
}) {
  return (
    <section aria-labelledby="albums-heading" className="gw-panel albums-panel">
      <h2 id="albums-heading">Albums</h2>
      <p>
        Upload an album's spreads as a version; the couple sees it in this gallery, pins comments on the spreads and
        approves it with their name.
      </p>
      {panel.albums.length === 0 ? (
        <p>No albums yet.</p>
      ) : (
        <div className="guest-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Album</th>
                <th scope="col">Version</th>
                <th scope="col">State</th>
                <th scope="col">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {panel.albums.map((album) => (
                <tr key={album.id}>
                  <td>
                    <Link to={`/admin/galleries/${galleryId}/albums/${album.id}`}>{album.title}</Link>
                  </td>
                  <td>{album.latest ? album.latest.number : "none"}</td>
                  <td>{album.latest ? albumStateText(album.latest) : "no version"}</td>
                  <td>{album.latest ? <StudioTime iso={album.latest.lastActivityAt} /> : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Form method="post" preventScrollReset>
        <CsrfField />
        <h3>New album</h3>
        <TitleFields
          id="album-title"
          labels={{ title: "Album name", titleTa: "Name in Tamil (optional)" }}
          hint={ALBUM_NAME_HINT}
          values={{ title: answer?.values?.title ?? "", titleTa: answer?.values?.titleTa ?? "" }}
          errors={answer?.errors}
        />
        <button type="submit" name="intent" value="album-create" className="button">
          Create album
        </button>
      </Form>
      <FormAnswer answer={answer} />
    </section>
  );
}
