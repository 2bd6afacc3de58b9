// The request id on an error page, so a visitor's report can be matched with the server's log
// line. The server renders it (entry.server.tsx provides the id); in the browser the id is not
// known, so hydration keeps the server's text.
import { createContext, useContext } from "react";
import { useT } from "../i18n/i18n.ts";

export const RequestIdContext = createContext("");

export function ErrorReference() {
  const id = useContext(RequestIdContext);
  const t = useT();
  return (
    <p className="error-reference" suppressHydrationWarning>
      {id ? t("error.reference", { id }) : ""}
    </p>
  );
}
