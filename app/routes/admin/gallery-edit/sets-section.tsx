// The gallery's sets in the client's order: rename, reorder or delete each (its photos are
// managed on its shoot page), and add one.
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { Field } from "#app/components/field.tsx";
import type { GallerySetRow } from "#domain/galleries/gallery-sets.server.ts";
import type { Mistakes } from "./answer.ts";

export function SetsSection({ sets, mistakes }: { sets: GallerySetRow[]; mistakes: Mistakes }) {
  return (
    <section aria-labelledby="sets-heading" className="admin-panel">
      <h2 id="sets-heading">Sets</h2>
      <p className="admin-sub">
        One set per function (nichayathartham, muhurtham, reception…), in the order the client sees them.
      </p>
      {sets.length === 0 ? <p>No sets yet: add one, then upload its photos.</p> : null}
      <ol className="admin-list gallery-sets">
        {sets.map((set, index) => {
          const rename = mistakes("set-rename", set.id);
          return (
            <li key={set.id}>
              <span>
                <Link to={`/admin/shoots/${set.id}`}>{set.title}</Link>{" "}
                <span className="admin-sub">
                  ({set.photoCount} {set.photoCount === 1 ? "photo" : "photos"}) · manage photos
                </span>
              </span>
              <Form method="post" className="admin-actions" preventScrollReset>
                <CsrfField />
                <input type="hidden" name="setId" value={set.id} />
                <Field id={`set-${set.id}-title`} label={`New title for ${set.title}`} error={rename?.errors?.title}>
                  {(control) => (
                    <input
                      {...control}
                      name="title"
                      type="text"
                      required
                      defaultValue={rename?.values?.title ?? set.title}
                    />
                  )}
                </Field>
                <button type="submit" name="intent" value="set-rename" className="button">
                  Rename<span className="visually-hidden"> {set.title}</span>
                </button>
              </Form>
              <MoveButtons id={set.id} index={index} count={sets.length} itemLabel={set.title}>
                <input type="hidden" name="setId" value={set.id} />
                <button type="submit" name="intent" value="set-trash" className="button button--danger">
                  Delete<span className="visually-hidden"> {set.title}</span>
                </button>
              </MoveButtons>
            </li>
          );
        })}
      </ol>
      {/* A new form once the set is added, so its title is not left in the field to add twice. */}
      <Form key={sets.length} method="post" className="admin-form" noValidate preventScrollReset>
        <CsrfField />
        <Field id="new-set-title" label="New set's title" error={mistakes("set-add")?.errors?.title}>
          {(control) => (
            <input
              {...control}
              name="title"
              type="text"
              required
              placeholder="Muhurtham"
              defaultValue={mistakes("set-add")?.values?.title ?? ""}
            />
          )}
        </Field>
        <button type="submit" name="intent" value="set-add" className="button">
          Add set
        </button>
      </Form>
    </section>
  );
}
