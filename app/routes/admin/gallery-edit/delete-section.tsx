// Moving the gallery to the trash, after a confirmation (?confirm=delete) that works without JavaScript.
import { Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import { workspaceHref } from "./panels.ts";

export function DeleteSection({
  gallery,
  confirm,
  set,
}: {
  gallery: Pick<GalleryRecord, "id" | "title">;
  /** ?confirm=delete asks before the trash. */
  confirm: string | null;
  /** The selected set, kept in the links here. */
  set: number | null;
}) {
  return (
    <section aria-labelledby="delete-heading" className="gw-panel">
      <h2 id="delete-heading">Delete</h2>
      {confirm === "delete" ? (
        <Form method="post" className="admin-confirm">
          <CsrfField />
          <p>Move “{gallery.title}” to the trash? Its link stops working at once.</p>
          <button type="submit" name="intent" value="trash" className="button button--danger">
            Move to trash
          </button>{" "}
          <Link to={workspaceHref(gallery.id, { set, panel: "delete" })}>Cancel</Link>
        </Form>
      ) : (
        <Link
          to={workspaceHref(gallery.id, { set, panel: "delete", extra: { confirm: "delete" } })}
          className="button button--danger"
        >
          Delete gallery…
        </Link>
      )}
    </section>
  );
}
