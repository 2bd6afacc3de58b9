// The query parameter a gallery's or event's language switch sets (`?lang=ta`), shared by the
// switch (components/language-switch.tsx) and the server that remembers it (language.server.ts).
export const LANGUAGE_PARAM = "lang";
