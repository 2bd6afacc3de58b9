// One version of an album on the studio's album page: its state and times, the comments of
// earlier versions it answers, its approval record (locked), and each spread with what changed
// since the version before, the couple's pins drawn where they tapped (numbered as the list
// beside says), who marked it fine, and each comment with its swap photo and a Resolved toggle.
import { Form, Link } from "react-router";
import { AdminThumbnail } from "#app/components/admin/admin-thumbnail.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { Picture } from "#app/components/picture.tsx";
import type { CommentView, VersionView } from "#domain/albums/proofing.server.ts";
import type { SwapPhoto } from "./album.server.ts";
import { albumStateText, commentNumbers, shortHash } from "./words.ts";

/** How wide a spread is drawn: the page's column at a desktop's width, the screen on a phone. */
const SPREAD_SIZES = "(min-width: 1100px) 640px, 92vw";

interface VersionProps {
  version: VersionView;
  /** Every version of the album, to number the comments a version answers as their own version does. */
  versions: readonly VersionView[];
  open: boolean;
  swaps: Record<number, SwapPhoto>;
  people: Record<number, string>;
  commentsHref: string;
}

export function AlbumVersion({ version, versions, open, swaps, people, commentsHref }: VersionProps) {
  const numbers = commentNumbers(version.comments);
  const previous = version.number - 1;
  const okBy = new Map<number, string[]>();
  for (const [visitorId, spreads] of Object.entries(version.oks))
    for (const n of spreads) okBy.set(n, [...(okBy.get(n) ?? []), people[Number(visitorId)] ?? "Someone"]);
  const headingId = `album-version-${version.number}`;
  return (
    <details open={open} className="album-version">
      <summary>
        <h3 id={headingId}>
          Version {version.number}: {albumStateText(version)}
        </h3>
      </summary>
      <ul className="album-times">
        {version.sentAt ? (
          <li>
            Sent <StudioTime iso={version.sentAt} />
          </li>
        ) : (
          <li>Not sent yet</li>
        )}
        {version.viewedAt ? (
          <li>
            Viewed <StudioTime iso={version.viewedAt} />
          </li>
        ) : null}
        {version.answeredAt ? (
          <li>
            Answered <StudioTime iso={version.answeredAt} />
          </li>
        ) : null}
        <li>
          Last activity <StudioTime iso={version.lastActivityAt} />
        </li>
      </ul>
      {version.answers.length > 0 ? <Answers answers={version.answers} versions={versions} /> : null}
      {version.approval ? (
        <div className="album-approval">
          <h4>Approved</h4>
          <p>
            By <strong>{version.approval.name}</strong>, <StudioTime iso={version.approval.approvedAt} />, from{" "}
            {version.approval.address}. This version is locked: a change is a new version, approved again.
          </p>
          <ul className="album-hashes" aria-label="The approved spreads' SHA-256">
            {version.approval.spreads.map((s) => (
              <li key={s.number}>
                Spread {s.number}: <code title={s.sha256}>{shortHash(s.sha256)}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {version.comments.length > 0 ? (
        <p>
          <Link to={`${commentsHref}?version=${version.number}`}>Version {version.number}'s comments to print</Link>
        </p>
      ) : null}
      {version.spreads.length === 0 ? <p>No spreads yet.</p> : null}
      <ol className="album-spreads" aria-label={`Version ${version.number}'s spreads`}>
        {version.spreads.map((spread) => {
          const comments = version.comments
            .filter((c) => c.spread === spread.number)
            .sort((a, b) => (numbers.get(a.id) ?? 0) - (numbers.get(b.id) ?? 0));
          const ok = okBy.get(spread.number) ?? [];
          return (
            <li key={spread.number} className="album-spread">
              <div className="album-spread-image">
                <Picture image={spread.image} sizes={SPREAD_SIZES} />
                {comments.map((c) =>
                  c.x === null || c.y === null ? null : (
                    <span
                      key={c.id}
                      className={`album-pin${c.resolvedAt ? " is-resolved" : ""}`}
                      style={{ left: `${c.x * 100}%`, top: `${c.y * 100}%` }}
                      aria-hidden="true"
                    >
                      {numbers.get(c.id)}
                    </span>
                  ),
                )}
              </div>
              <div className="album-spread-notes">
                <h4>
                  Spread {spread.number}
                  {spread.changed ? <span className="album-changed"> changed since version {previous}</span> : null}
                </h4>
                <p className="album-file">{spread.fileName}</p>
                {ok.length > 0 ? <p>OK: {ok.join(", ")}</p> : null}
                {comments.length > 0 ? (
                  <ol className="album-comments" aria-label={`Comments on spread ${spread.number}`}>
                    {comments.map((c) => (
                      <Comment
                        key={c.id}
                        comment={c}
                        number={numbers.get(c.id) ?? 0}
                        swaps={swaps}
                        locked={version.state === "approved"}
                      />
                    ))}
                  </ol>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function Comment({
  comment,
  number,
  swaps,
  locked,
}: {
  comment: CommentView;
  number: number;
  swaps: Record<number, SwapPhoto>;
  locked: boolean;
}) {
  const swap = comment.swapPhotoId === null ? null : swaps[comment.swapPhotoId];
  return (
    <li className="album-comment" value={number}>
      <p>
        <span className="album-pin-label" aria-hidden="true">
          {number}
        </span>{" "}
        <strong>{comment.author}</strong>
        {comment.x === null ? " (the whole spread)" : ""}: {comment.text}
      </p>
      {comment.swapPhotoId !== null ? (
        <div className="album-swap">
          {swap ? <AdminThumbnail thumbnail={swap.thumbnail} /> : null}
          <p>
            Swap in <strong>{swap?.fileName ?? "a photo since deleted"}</strong>
            {swap ? ` (${swap.setTitle})` : ""}
          </p>
        </div>
      ) : null}
      <p className="admin-sub">
        <StudioTime iso={comment.createdAt} />
        {comment.resolvedAt ? (
          <>
            {" · resolved "}
            <StudioTime iso={comment.resolvedAt} />
          </>
        ) : null}
        {comment.answeredIn !== null ? ` · answered in version ${comment.answeredIn}` : ""}
      </p>
      {comment.answeredIn === null && !locked ? (
        <Form method="post" preventScrollReset>
          <CsrfField />
          <input type="hidden" name="commentId" value={comment.id} />
          <input type="hidden" name="resolved" value={comment.resolvedAt ? "0" : "1"} />
          <button type="submit" name="intent" value="comment-resolve" className="link-button">
            {comment.resolvedAt ? "Open again" : "Mark resolved"}
            <span className="visually-hidden"> comment {number}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** The comments of earlier versions this version answers, numbered as their own version numbers them. */
function Answers({ answers, versions }: { answers: CommentView[]; versions: readonly VersionView[] }) {
  const numberOf = (comment: CommentView) => {
    const own = versions.find((v) => v.comments.some((c) => c.id === comment.id));
    return { version: own?.number ?? 0, number: own ? (commentNumbers(own.comments).get(comment.id) ?? 0) : 0 };
  };
  return (
    <p className="album-answers">
      Answers:{" "}
      {answers
        .map((c) => {
          const { version, number } = numberOf(c);
          return `version ${version}'s comment #${number} on spread ${c.spread}${c.resolvedAt ? " (resolved)" : ""}`;
        })
        .join("; ")}
    </p>
  );
}
