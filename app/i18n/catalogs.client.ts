// The browser's catalogues: only the page's language and area, each a chunk of its own, loaded
// before hydration (entry.client.tsx) so the first render matches the server's words.
import type { Messages } from "@lingui/core";
import { type CatalogName, registerCatalog } from "./catalogs.ts";
import type { Language } from "./languages.ts";

const chunks = import.meta.glob<{ messages: Messages }>("../locales/*/*.po");

export async function loadCatalogs(lang: Language, names: readonly CatalogName[]): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      const load = chunks[`../locales/${lang}/${name}.po`];
      if (load) registerCatalog(lang, (await load()).messages);
    }),
  );
}
