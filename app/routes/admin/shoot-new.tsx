// A new shoot: starts as a draft, then photos are added on its page.
import { data, redirect } from "react-router";
import { ShootForm } from "#app/components/admin/shoot-form.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { EMPTY_SHOOT_VALUES } from "#domain/catalog/shoot-form.ts";
import { createShoot, listCollections, parseShootForm } from "#domain/catalog/shoots.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/shoot-new";

export async function loader() {
  return { collections: await listCollections(getDb()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseShootForm(getDb(), (await readAdminForm(request, context)).form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const id = await createShoot(getDb(), parsed.value);
  return redirect(`/admin/shoots/${id}?created=1`);
}

export default function NewShoot({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>New shoot</h1>
      <ShootForm
        collections={loaderData.collections}
        values={actionData?.values ?? EMPTY_SHOOT_VALUES}
        errors={actionData?.errors}
        submitLabel="Create shoot"
      />
    </>
  );
}
