// Lingui's catalogues (ADR 047): one PO file per area and language under app/locales, written by
// hand with explicit ids (no extraction, no macros), compiled by @lingui/vite-plugin when a module
// imports them. English is the source; Tamil must have every message (the build fails otherwise).
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { CATALOG_NAMES } from "./app/i18n/catalogs.ts";
import { LANGUAGES } from "./app/i18n/languages.ts";

export default defineConfig({
  sourceLocale: "en",
  locales: [...LANGUAGES],
  fallbackLocales: false,
  // Every message has an id of ours (site.skip, nav.about): the msgid is it, never a hash of the text.
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
  catalogs: CATALOG_NAMES.map((name) => ({
    path: `<rootDir>/app/locales/{locale}/${name}`,
    include: [],
  })),
});
