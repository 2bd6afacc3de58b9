// The recent stories in their home-page order, moved up or down one place at a time.
import { Link } from "react-router";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { listStories, moveStory } from "#domain/catalog/shoots.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/stories";

export async function loader() {
  return { stories: await listStories(getDb()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  await moveStory(getDb(), Number(form.get("id")), form.get("intent") === "up" ? -1 : 1);
  return { moved: Number(form.get("id")) };
}

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { stories } = loaderData;
  return (
    <>
      <h1>Recent stories</h1>
      <p>The home page shows published stories in this order. Mark a shoot as a story on its page.</p>
      {stories.length === 0 ? (
        <p>No stories yet.</p>
      ) : (
        <ol className="admin-list">
          {stories.map((s, index) => (
            <li key={s.id}>
              <span>
                <Link to={`/admin/shoots/${s.id}`}>{s.title}</Link>
                {s.status === "published" ? "" : <span className="admin-sub"> (draft, not shown)</span>}
              </span>
              <MoveButtons
                id={s.id}
                index={index}
                count={stories.length}
                itemLabel={s.title}
                earlierText="Move up"
                laterText="Move down"
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
