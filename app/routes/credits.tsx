// Photo credits: the authors and licences of the demo photographs, which their licences
// require us to show wherever the photographs are, and a word on the demo's sample logo.
import fs from "node:fs/promises";
import path from "node:path";
import { siteContext } from "#app/utils/route-data.ts";
import { seoMeta } from "#app/utils/seo.ts";
import { DEMO_PHOTOS_DIR } from "#domain/demo/import.server.ts";
import type { Route } from "./+types/credits";

interface Credit {
  file: string;
  subject: string;
  author: string;
  license: string;
  source: string;
}

export async function loader() {
  const manifest = JSON.parse(await fs.readFile(path.join(DEMO_PHOTOS_DIR, "manifest.json"), "utf8")) as Credit[];
  return { credits: manifest.map(({ subject, author, license, source }) => ({ subject, author, license, source })) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteContext(matches), {
    title: "Photo credits",
    description: "Authors and licences of the demo photographs on this site.",
    path: "/credits",
  });

export default function Credits({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <h1 className="page-title">Photo credits</h1>
      <p>
        The photographs on this demo site are free-licence works from Debian's wallpaper packages. Each is shown under
        its licence; thank you to their authors.
      </p>
      <p>
        The demo studio's logo was drawn for this demo: a sample, not a real studio's mark. Its lettering is Cormorant
        Garamond by Christian Thalmann (SIL Open Font License 1.1).
      </p>
      {/* Focusable so that keyboard users can scroll the table on a narrow screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section className="table-scroll" aria-label="Photo credits table" tabIndex={0}>
        <table className="data-table credits-table">
          <thead>
            <tr>
              <th scope="col">Photograph</th>
              <th scope="col">Author</th>
              <th scope="col">Licence</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.credits.map((c) => (
              <tr key={c.source}>
                <td>{c.subject}</td>
                <td>{c.author}</td>
                <td>{c.license}</td>
                <td>{c.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
