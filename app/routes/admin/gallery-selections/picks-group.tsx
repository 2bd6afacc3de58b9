// One group of picked photos as thumbnails: each with its file name (and set), how many people
// hearted it and the notes they left; in a comparison each with a checkbox for the list the
// studio makes from them (the form is elsewhere on the page: the boxes name it). A group longer
// than a page has its own Previous / Next links, which keep the other groups' pages.
import { Link, useLocation } from "react-router";
import { AdminThumbnail } from "#app/components/admin/admin-thumbnail.tsx";
import { type PicksPage, pageParam } from "./picks.ts";

interface PicksGroupProps {
  group: PicksPage;
  /** The group's name, for its pages' navigation ("In both"). */
  label: string;
  /** Thumbnails loaded at once (the first row at the widest layout); the rest load lazily. */
  eager: number;
  /** With a comparison: the form the checkboxes belong to, and the photos to show checked. */
  check?: { form: string; checked: ReadonlySet<number> };
}

export function PicksGroup({ group, label, eager, check }: PicksGroupProps) {
  if (group.total === 0) return <p className="admin-sub">None.</p>;
  return (
    <>
      <ul className="picks-grid">
        {group.photos.map((photo, i) => {
          const picture = (
            <span className="pm-thumb">
              <AdminThumbnail thumbnail={photo.thumbnail} eager={i < eager} />
            </span>
          );
          return (
            <li key={photo.photoId} className="picks-cell">
              {check ? (
                <label>
                  {picture}
                  <span className="picks-name">
                    <input
                      type="checkbox"
                      name="photoId"
                      value={photo.photoId}
                      form={check.form}
                      defaultChecked={check.checked.has(photo.photoId)}
                    />{" "}
                    {photo.fileName}
                  </span>
                </label>
              ) : (
                <>
                  {picture}
                  <span className="picks-name">{photo.fileName}</span>
                </>
              )}
              <span className="picks-set">{photo.setTitle}</span>
              <span className="picks-hearts">
                <span aria-hidden="true">♥</span> {photo.hearts}
                <span className="visually-hidden"> {photo.hearts === 1 ? "person" : "people"} hearted it</span>
              </span>
              {photo.notes.map((note) => (
                <p key={note.who} className="picks-note">
                  <strong>{note.who}:</strong> {note.text}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
      {group.pages > 1 ? <GroupPages group={group} label={label} /> : null}
    </>
  );
}

function GroupPages({ group, label }: { group: PicksPage; label: string }) {
  const { search } = useLocation();
  const to = (page: number) => {
    const params = new URLSearchParams(search);
    params.set(pageParam(group.key), String(page));
    params.delete("made");
    return { search: `?${params}`, hash: `picks-${group.key}` };
  };
  return (
    <nav className="pm-pages" aria-label={`Pages of ${label}`}>
      {group.page > 1 ? (
        <Link to={to(group.page - 1)}>
          Previous photos<span className="visually-hidden"> of {label}</span>
        </Link>
      ) : null}
      <span>
        Page {group.page} of {group.pages}
      </span>
      {group.page < group.pages ? (
        <Link to={to(group.page + 1)}>
          Next photos<span className="visually-hidden"> of {label}</span>
        </Link>
      ) : null}
    </nav>
  );
}
