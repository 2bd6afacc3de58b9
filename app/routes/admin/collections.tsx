// Collections: rename and describe (each with an optional Tamil version, issue 33), order on the
// site, and choose each one's cover photo (from its shoots' photos, with the image picker once
// JavaScript runs, a select before).
import { data, Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  describeCollection,
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
    // The field's limit in the browser too (the server holds it whatever is sent).
    descriptionMaxLength: COLLECTION_DESCRIPTION_MAX_LENGTH,
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

/** What a form sent back: which collection and form, its refusal (with the field it names) and what was typed. */
interface Answer {
  id: number;
  notice: string;
  refused?: { form: "rename" | "describe"; field: string; error: string; values: Record<string, string> };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const db = getDb();
  const id = Number(form.get("id"));
  const text = (name: string) => String(form.get(name) ?? "");
  const answer = (notice: string): Answer => ({ id, notice });
  switch (form.get("intent")) {
    case "rename": {
      const values = { name: text("name"), nameTa: text("nameTa") };
      const error = await renameCollection(db, id, values.name, values.nameTa);
      if (error)
        return data<Answer>({ id, notice: "", refused: { form: "rename", field: "name", error, values } }, 400);
      return answer("Renamed.");
    }
    case "describe": {
      const values = { description: text("description"), descriptionTa: text("descriptionTa") };
      const refused = await describeCollection(db, id, values.description, values.descriptionTa);
      if (refused) return data<Answer>({ id, notice: "", refused: { form: "describe", ...refused, values } }, 400);
      return answer("Description saved.");
    }
    case "up":
    case "down":
      await moveCollection(db, id, form.get("intent") === "up" ? -1 : 1);
      return answer("Moved.");
    case "cover": {
      const ok = await setCollectionCover(db, id, Number(form.get("assetId")));
      if (!ok) return data(answer("Choose a photo from this collection."), 400);
      return answer("Cover set.");
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  const { collections, covers, descriptionMaxLength } = loaderData;
  return (
    <>
      <h1>Collections</h1>
      <p className="admin-notice" role="status">
        {actionData?.notice}
      </p>
      <ol className="admin-collections">
        {collections.map((c, index) => {
          const refused = actionData?.refused && actionData.id === c.id ? actionData.refused : null;
          const renameRefused = refused?.form === "rename" ? refused : null;
          const describeRefused = refused?.form === "describe" ? refused : null;
          /** A field's error, tied to it for screen readers. */
          const errorOf = (field: string, key: string) =>
            refused?.field === field ? { id: `collection-${key}-${c.id}-error`, text: refused.error } : null;
          const nameError = errorOf("name", "name");
          const descriptionError = errorOf("description", "description") ?? errorOf("descriptionTa", "description");
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
                  defaultValue={renameRefused ? renameRefused.values.name : c.name}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError?.id}
                />
                <label htmlFor={`collection-nameTa-${c.id}`}>Name in Tamil (optional)</label>
                <input
                  id={`collection-nameTa-${c.id}`}
                  name="nameTa"
                  type="text"
                  lang="ta"
                  defaultValue={renameRefused ? renameRefused.values.nameTa : c.nameTa}
                />
                <button type="submit" name="intent" value="rename" className="button">
                  Rename<span className="visually-hidden"> {c.name}</span>
                </button>
                {nameError ? (
                  <p id={nameError.id} className="field-error">
                    {nameError.text}
                  </p>
                ) : null}
              </Form>
              <Form method="post" className="admin-form">
                <CsrfField />
                <input type="hidden" name="id" value={c.id} />
                <label htmlFor={`collection-description-${c.id}`}>Description</label>
                <textarea
                  id={`collection-description-${c.id}`}
                  name="description"
                  rows={3}
                  maxLength={descriptionMaxLength}
                  defaultValue={describeRefused ? describeRefused.values.description : c.description}
                  aria-invalid={describeRefused?.field === "description" ? true : undefined}
                  aria-describedby={describeRefused?.field === "description" ? descriptionError?.id : undefined}
                />
                <label htmlFor={`collection-descriptionTa-${c.id}`}>Description in Tamil (optional)</label>
                <textarea
                  id={`collection-descriptionTa-${c.id}`}
                  name="descriptionTa"
                  rows={3}
                  lang="ta"
                  maxLength={descriptionMaxLength}
                  defaultValue={describeRefused ? describeRefused.values.descriptionTa : c.descriptionTa}
                  aria-invalid={describeRefused?.field === "descriptionTa" ? true : undefined}
                  aria-describedby={describeRefused?.field === "descriptionTa" ? descriptionError?.id : undefined}
                />
                {descriptionError ? (
                  <p id={descriptionError.id} className="field-error">
                    {descriptionError.text}
                  </p>
                ) : null}
                <button type="submit" name="intent" value="describe" className="button">
                  Save description<span className="visually-hidden"> of {c.name}</span>
                </button>
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
