// Photo credits: the authors and licences of the demo photographs, which their licences
// require us to show wherever the photographs are, and a word on the demo's sample logo.
import fs from "node:fs/promises";
import path from "node:path";
import { useT } from "#app/i18n/i18n.ts";
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

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteContext(matches);
  return seoMeta(site, {
    title: site?.t("credits.title") ?? "Photo credits",
    description: site?.t("credits.metaDescription") ?? "",
    path: "/credits",
  });
};

export default function Credits({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t("credits.title")}</h1>
      <p>{t("credits.photos")}</p>
      <p>{t("credits.logo")}</p>
      {/* Focusable so that keyboard users can scroll the table on a narrow screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section className="table-scroll" aria-label={t("credits.table")} tabIndex={0}>
        <table className="data-table credits-table">
          <thead>
            <tr>
              <th scope="col">{t("credits.col.photo")}</th>
              <th scope="col">{t("credits.col.author")}</th>
              <th scope="col">{t("credits.col.licence")}</th>
              <th scope="col">{t("credits.col.source")}</th>
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
