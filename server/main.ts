// Production entry: `npm start` runs this after making sure the build exists.
import path from "node:path";
import { startEnv } from "../platform/env.server.ts";
import { type ServerModule, serve } from "./lifecycle.ts";

// First of all: load .env, and refuse a bad variable or an unusable DATA_DIR in one line each.
startEnv({ dataDir: true });

const buildDir = path.resolve(import.meta.dirname, "../build");
const mod: ServerModule = await import(path.join(buildDir, "server/index.js"));
await serve(mod, (readiness) => mod.createApp({ readiness, clientBuildDir: path.join(buildDir, "client") }));
