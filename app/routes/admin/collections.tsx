// Collections: rename (with an optional Tamil name, issue 33), order on the site, and choose each one's cover photo (from its shoots'
// photos, with the image picker once JavaScript runs, a select before).
import { data, Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import {
  listCollectionsWithCovers,
  moveCollection,
  renameCollection,
  setCollectionCover,
} from "#domain/catalog/collections.server.ts";
import { thumbnailsFor } from "#domain/catalog/image-picker.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/collections";

export async function loader() {
  const db = getDb();
  const collections = await listCollectionsWithCovers(db);
  return {
    collections: collections.map((c) => ({
      ...c,
      // The select's choices (without JavaScript): the file name under its shoot.
      candidates: c.candidates.map((p) => ({
        assetId: p.assetId,
        group: p.shootTitle,
        label: p.fileName,
        fileName: p.fileName,
      })),
    })),
    covers: await thumbnailsFor(
      db,
      collections.map((c) => c.coverAssetId),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const db = getDb();
  const id = Number(form.get("id"));
  switch (form.get("intent")) {
    case "rename": {
      const name = String(form.get("name") ?? "");
      const nameTa = String(form.get("nameTa") ?? "");
      const error = await renameCollection(db, id, name, nameTa);
      if (error) return data({ id, error, name, nameTa, notice: "" }, { status: 400 });
      return { id, error: "", name: "", nameTa: "", notice: "Renamed." };
    }
    case "up":
    case "down":
      await moveCollection(db, id, form.get("intent") === "up" ? -1 : 1);
      return { id, error: "", name: "", nameTa: "", notice: "Moved." };
    case "cover": {
      const ok = await setCollectionCover(db, id, Number(form.get("assetId")));
      if (!ok)
        return data({ id, error: "", name: "", nameTa: "", notice: "Choose a photo from this collection." }, 400);
      return { id, error: "", name: "", nameTa: "", notice: "Cover set." };
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  const { collections, covers } = loaderData;
  return (
    <>
      <h1>Collections</h1>
      <p className="admin-notice" role="status">
        {actionData?.notice}
      </p>
      <ol className="admin-collections">
        {collections.map((c, index) => {
          const failed = actionData?.error && actionData.id === c.id ? actionData : null;
          return (
            <li key={c.id} className="admin-panel">
              <h2>{c.name}</h2>
              <p className="admin-sub">/gallery/{c.slug}</p>
              <Form method="post" className="admin-actions">
                <CsrfField />
                <input type="hidden" name="id" value={c.id} />
                <label htmlFor={`collection-name-${c.id}`}>Name</label>
                <input
                  id={`collection-name-${c.id}`}
                  name="name"
                  type="text"
                  defaultValue={failed ? failed.name : c.name}
                  aria-invalid={failed ? true : undefined}
                  aria-describedby={failed ? `collection-name-${c.id}-error` : undefined}
                />
                <label htmlFor={`collection-nameTa-${c.id}`}>Name in Tamil (optional)</label>
                <input
                  id={`collection-nameTa-${c.id}`}
                  name="nameTa"
                  type="text"
                  lang="ta"
                  defaultValue={failed ? failed.nameTa : c.nameTa}
                />
                <button type="submit" name="intent" value="rename" className="button">
                  Rename<span className="visually-hidden"> {c.name}</span>
                </button>
                {failed ? (
                  <p id={`collection-name-${c.id}-error`} className="field-error">
                    {failed.error}
                  </p>
                ) : null}
              </Form>
              <MoveButtons id={c.id} index={index} count={collections.length} itemLabel={c.name} />
              {c.candidates.length > 0 ? (
                <Form method="post" className="admin-form admin-cover">
                  <CsrfField />
                  <input type="hidden" name="id" value={c.id} />
                  <ImageField
                    name="assetId"
                    label={`Cover photo of ${c.name}`}
                    value={c.coverAssetId === null ? "" : String(c.coverAssetId)}
                    current={c.coverAssetId === null ? null : (covers[c.coverAssetId] ?? null)}
                    choices={c.candidates}
                    upload={false}
                    collectionId={c.id}
                  />
                  <button type="submit" name="intent" value="cover" className="button">
                    Set cover<span className="visually-hidden"> of {c.name}</span>
                  </button>
                </Form>
              ) : (
                <p>Add a shoot with photos to this collection to choose its cover.</p>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
