// The clients' selection lists: each with its count, whether it was submitted (reopen it), its
// exports (CSV, file names for Lightroom / Capture One, a ZIP of the originals) and its comments.
import { Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import type { SelectionListRow } from "#domain/galleries/selection-review.server.ts";

export function SelectionsSection({
  galleryId,
  lists,
  limit,
}: {
  galleryId: number;
  lists: SelectionListRow[];
  limit: number | null;
}) {
  return (
    <section aria-labelledby="selections-heading" className="admin-panel" id="selections">
      <h2 id="selections-heading">Selections</h2>
      {lists.length === 0 ? <p>No selection lists yet.</p> : null}
      {lists.map((list) => {
        const listLimit = list.limit ?? limit;
        const comments = list.items.filter((i) => i.comment.trim() !== "");
        const base = `/admin/galleries/${galleryId}/selections/${list.id}`;
        return (
          <article key={list.id} className="selection-list" aria-labelledby={`list-${list.id}-heading`}>
            <h3 id={`list-${list.id}-heading`}>
              {list.name} <span className="admin-sub">by {list.visitorName}</span>
            </h3>
            <p>
              <strong>
                {list.items.length}
                {listLimit === null ? "" : ` of ${listLimit}`} photos
              </strong>
              {" · "}
              {list.submittedAt ? (
                <>
                  submitted <StudioTime iso={list.submittedAt} />
                </>
              ) : (
                "not submitted yet"
              )}
            </p>
            <div className="admin-actions">
              {list.submittedAt ? (
                <Form method="post" preventScrollReset>
                  <CsrfField />
                  <input type="hidden" name="listId" value={list.id} />
                  <button type="submit" name="intent" value="list-reopen" className="button">
                    Reopen<span className="visually-hidden"> {list.name}</span>
                  </button>
                </Form>
              ) : null}
              <a className="button" href={`${base}/export/csv`} download>
                CSV<span className="visually-hidden"> of {list.name}</span>
              </a>
              <a className="button" href={`${base}/export/txt`} download>
                File names for Lightroom / Capture One<span className="visually-hidden"> of {list.name}</span>
              </a>
              <a className="button" href={`${base}/originals.zip`} download>
                ZIP of the originals<span className="visually-hidden"> of {list.name}</span>
              </a>
            </div>
            {comments.length > 0 ? (
              <>
                <h4>Comments</h4>
                <ul className="selection-comments">
                  {comments.map((c) => (
                    <li key={c.photoId}>
                      <strong>{c.fileName}</strong> <span className="admin-sub">({c.setTitle})</span>: {c.comment}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="admin-sub">No comments.</p>
            )}
          </article>
        );
      })}
    </section>
  );
}
