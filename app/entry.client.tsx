import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogs } from "./i18n/catalogs.client.ts";
import { catalogsFor } from "./i18n/catalogs.ts";
import { isLanguage } from "./i18n/languages.ts";

// The page's words in its language must be here before the first render matches the server's.
const lang = document.documentElement.lang;
void loadCatalogs(isLanguage(lang) ? lang : "en", catalogsFor(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
