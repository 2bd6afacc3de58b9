// The signed-in owner's session for one request, set by the admin layout's middleware.
import { createContext } from "react-router";
import type { AdminSession } from "./session.server.ts";

export const adminSessionContext = createContext<AdminSession | null>(null);
