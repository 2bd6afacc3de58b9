// Development entry (`npm run dev`): Vite serves the client with hot reload and loads the
// server module and React Router build on each request, so edits show without a restart.
import type { RequestListener } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { startEnv } from "../platform/env.server.ts";
import { type ServerModule, serve } from "./lifecycle.ts";

// First of all: load .env, and refuse a bad variable or an unusable DATA_DIR in one line each;
// on glibc, start again with MALLOC_ARENA_MAX when the process did not get it (ADR 030).
startEnv({ dataDir: true, allocator: true });

const vite = await createServer({ server: { middlewareMode: true } });
const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<ServerModule>;
const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;

let current: { mod: ServerModule; app: ReturnType<ServerModule["createApp"]> } | undefined;

// The background work stays the first module's, owned by serve(); queuing work in a reloaded
// module still wakes it (platform/background.server.ts keeps the wake-ups outside any module).
await serve(await load(), (readiness) => {
  const listener: RequestListener = (req, res) => {
    vite.middlewares(req, res, async () => {
      try {
        const mod = await load();
        if (current?.mod !== mod) current = { mod, app: mod.createApp({ readiness, build }) };
        current.app(req, res);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        res.statusCode = 500;
        res.end(String(error));
      }
    });
  };
  return listener;
});
