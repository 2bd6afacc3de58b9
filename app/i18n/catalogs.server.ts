// Every catalogue, compiled by @lingui/vite-plugin from app/locales/<language>/<area>.po, held by
// the server from its start: a page renders in either language without waiting for one.
import type { Messages } from "@lingui/core";
import { registerCatalog } from "./catalogs.ts";
import { isLanguage } from "./languages.ts";

const compiled = import.meta.glob<{ messages: Messages }>("../locales/*/*.po", { eager: true });

for (const [file, module] of Object.entries(compiled)) {
  const lang = /\/locales\/([^/]+)\//.exec(file)?.[1];
  if (isLanguage(lang)) registerCatalog(lang, module.messages);
}
