// The signed-in owner's session for one request, set by the signed-in layout's middleware
// (requireAdmin) for every route under it. Reading it anywhere else throws: a route outside
// that layout (the sign-in page) asks adminSessionOf instead.
import { createContext } from "react-router";
import type { AdminSession } from "./session.server.ts";

export const adminSessionContext = createContext<AdminSession>();
