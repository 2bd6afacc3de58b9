// The selection lists: each with its count, whether it was submitted (reopen it), its exports
// (CSV, file names for Lightroom / Capture One, a ZIP of the originals) and its comments, and
// links to its photos and to comparing it with another list (gallery-selections.tsx). The
// studio's own lists, made there from the clients' picks, are among them.
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import type { SelectionListRow } from "#domain/galleries/selection-review.server.ts";
import type { Answer } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";
import { ListExports, whoseList } from "./list-exports.tsx";

export function SelectionsSection({
  galleryId,
  lists,
  limit,
  answer,
}: {
  galleryId: number;
  lists: SelectionListRow[];
  limit: number | null;
  /** The answer to the last reopening, if it was one. */
  answer: Answer | undefined;
}) {
  const review = `/admin/galleries/${galleryId}/selections`;
  return (
    <section aria-labelledby="selections-heading" className="gw-panel" id="selections">
      <h2 id="selections-heading">Selections</h2>
      {lists.length === 0 ? <p>No selection lists yet.</p> : null}
      <FormAnswer answer={answer} />
      {lists.map((list) => {
        const listLimit = list.byStudio ? null : (list.limit ?? limit);
        const comments = list.items.filter((i) => i.comment.trim() !== "");
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
              {list.byStudio ? (
                "made by the studio from the clients' picks"
              ) : list.submittedAt ? (
                <>
                  submitted <StudioTime iso={list.submittedAt} />
                </>
              ) : (
                "not submitted yet"
              )}
            </p>
            <div className="admin-actions">
              <Link className="button" to={`${review}?a=${list.id}`}>
                See photos<span className="visually-hidden"> of {whoseList(list)}</span>
              </Link>
              {lists.length > 1 ? (
                <Link className="button" to={`${review}?a=${list.id}#compare`}>
                  Compare with…<span className="visually-hidden"> for {whoseList(list)}</span>
                </Link>
              ) : null}
              {list.submittedAt ? (
                <Form method="post" preventScrollReset>
                  <CsrfField />
                  <input type="hidden" name="listId" value={list.id} />
                  <button type="submit" name="intent" value="list-reopen" className="button">
                    Reopen<span className="visually-hidden"> {list.name}</span>
                  </button>
                </Form>
              ) : null}
              <ListExports galleryId={galleryId} list={list} />
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
