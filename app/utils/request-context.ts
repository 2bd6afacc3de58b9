// Values the Express server hands to React Router for one request.
import { createContext } from "react-router";

/** The CSP nonce that this response's scripts and styles carry. */
export const cspNonceContext = createContext<string>("");
