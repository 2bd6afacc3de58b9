// Production entry: `npm start` runs this after making sure the build exists. Production mode
// unless NODE_ENV says otherwise: React Router and Express then never put an error's message or
// stack in a response (server/dev.ts is the development entry).
import path from "node:path";
import { startEnv } from "../platform/env.server.ts";
import { type ServerModule, serve } from "./lifecycle.ts";

// First of all: load .env, and refuse a bad variable or an unusable DATA_DIR in one line each;
// on glibc, start again with MALLOC_ARENA_MAX when the process did not get it (ADR 030).
startEnv({ dataDir: true, production: true, allocator: true });

const buildDir = path.resolve(import.meta.dirname, "../build");
const mod: ServerModule = await import(path.join(buildDir, "server/index.js"));
await serve(mod, (readiness) => mod.createApp({ readiness, clientBuildDir: path.join(buildDir, "client") }));
