// One structured (JSON lines) logger for the server: requests, startup, errors.
import pino from "pino";
import { readEnv } from "./env.server.ts";

export const logger = pino({
  level: readEnv().logLevel,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
});
