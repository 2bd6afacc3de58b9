// A new client gallery, empty or made from a portfolio shoot's photos (they become its first
// set; the shoot is untouched). Sets, access and sending are on the gallery's page.
import { data, redirect } from "react-router";
import { GalleryForm } from "#app/components/admin/gallery-form.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { idParam } from "#app/utils/id-param.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { readShoots } from "#domain/catalog/read-model.server.ts";
import { createGallery, createGalleryFromShoot } from "#domain/galleries/galleries.server.ts";
import { parseGalleryForm } from "#domain/galleries/gallery-details.server.ts";
import { EMPTY_GALLERY_VALUES } from "#domain/galleries/gallery-form.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/gallery-new";

async function portfolioShoots() {
  return (await readShoots(getDb(), STUDIO, {})).map((s) => ({ id: s.id, title: s.title }));
}

export async function loader() {
  return { shoots: await portfolioShoots() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const form = (await readAdminForm(request, context)).form;
  const parsed = parseGalleryForm(form);
  const fromShootText = String(form.get("fromShootId") ?? "");
  const fromShootId = fromShootText === "" ? null : idParam(fromShootText);
  const shootGone =
    fromShootText !== "" && (fromShootId === null || (await readShoots(db, STUDIO, { id: fromShootId })).length === 0);
  if (!parsed.ok || shootGone) {
    const errors = {
      ...(parsed.ok ? {} : parsed.errors),
      ...(shootGone ? { fromShootId: "That shoot is no longer there; choose another or none." } : {}),
    };
    const values = { ...(parsed.ok ? valuesOf(form) : parsed.values), fromShootId: fromShootText };
    return data({ errors, values }, { status: 400 });
  }
  const id =
    fromShootId === null
      ? await createGallery(db, parsed.value)
      : await createGalleryFromShoot(db, fromShootId, parsed.value);
  return redirect(`/admin/galleries/${id}?created=1`);
}

function valuesOf(form: FormData) {
  return Object.fromEntries(
    Object.keys(EMPTY_GALLERY_VALUES).map((k) => [k, String(form.get(k) ?? "")]),
  ) as typeof EMPTY_GALLERY_VALUES;
}

export default function NewGallery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>New client gallery</h1>
      <GalleryForm
        shoots={loaderData.shoots}
        values={actionData?.values ?? { ...EMPTY_GALLERY_VALUES, fromShootId: "" }}
        errors={actionData?.errors}
        submitLabel="Create gallery"
      />
    </>
  );
}
