// The admin's home: every shoot (not in the trash) with its state, and a way to add one.
import { Link } from "react-router";
import { listShoots } from "#domain/catalog/shoots.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/shoots";

export async function loader() {
  return { shoots: await listShoots(getDb(), { trashed: false }) };
}

export default function Shoots({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="admin-title-row">
        <h1>Shoots</h1>
        <Link to="/admin/shoots/new" className="button">
          New shoot
        </Link>
      </div>
      {loaderData.shoots.length === 0 ? (
        <p>No shoots yet.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Every shoot, with its collection and state</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Collection</th>
              <th scope="col">Photos</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.shoots.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link to={`/admin/shoots/${s.id}`}>{s.title}</Link>
                  {s.location ? <span className="admin-sub"> {s.location}</span> : null}
                </td>
                <td>{s.collection}</td>
                <td>{s.photoCount}</td>
                <td>
                  {s.status === "published" ? "Published" : "Draft"}
                  {s.isStory ? ", recent story" : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
