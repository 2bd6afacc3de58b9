// The request id on an error page, so a visitor's report can be matched with the server's log
// line. The server renders it (entry.server.tsx provides the id); in the browser the id is not
// known, so hydration keeps the server's text.
import { createContext, useContext } from "react";

export const RequestIdContext = createContext("");

export function ErrorReference() {
  const id = useContext(RequestIdContext);
  return (
    <p className="error-reference" suppressHydrationWarning>
      {id ? `Reference: ${id}` : ""}
    </p>
  );
}
