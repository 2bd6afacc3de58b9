// Starts a server module (built or, in development, loaded by Vite): listen at once, prepare
// the data while /healthz says "starting", then serve and start the background work (the job
// worker and the mail outbox's sender; a kind of job or mail with no handler fails the start);
// on SIGTERM or SIGINT stop taking connections and the background work (the job in hand is
// finished), let requests in flight finish, close the database and exit. The background work
// belongs to this lifecycle; the app only queues work, which wakes it.
import { createServer, type RequestListener, type Server } from "node:http";
import type { Duplex } from "node:stream";
import type { AppOptions } from "./app.ts";

export type ServerModule = typeof import("./app.ts");

/** Requests still running after this long at shutdown are cut off. */
export const SHUTDOWN_GRACE_MS = 10_000;

export async function serve(
  mod: ServerModule,
  listenerFor: (readiness: AppOptions["readiness"]) => RequestListener,
): Promise<Server> {
  const env = mod.readEnv();
  const state = { ready: false, detail: "applying migrations" };
  const background = mod.createBackgroundWork(env.dataDir);
  // Bounds on slow clients (headers, whole requests): see server/limits.ts.
  const server = createServer(
    { ...mod.SERVER_TIMEOUTS },
    listenerFor(() => state),
  );
  // CONNECT (a proxy tunnel) never reaches Express: without this Node drops the connection unanswered.
  server.on("connect", (_req, socket: Duplex) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    // The usual first-run stumble gets a sentence that says what to do, not a stack trace.
    const hint =
      error.code === "EADDRINUSE"
        ? `${env.host}:${env.port} is already in use (another copy of the site?): stop it or set PORT to a free port`
        : error.code === "EADDRNOTAVAIL"
          ? `HOST ${env.host} is not an address of this machine`
          : undefined;
    if (hint) mod.logger.fatal(hint);
    else mod.logger.fatal({ err: error }, "server failed to start");
    process.exit(1);
  });
  server.listen(env.port, env.host, () => {
    mod.logger.info({ url: `http://${env.host}:${env.port}/` }, "listening");
  });

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    mod.logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      mod.logger.warn("requests still running after the grace period; closing them");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const backgroundStopped = background.stop();
    server.close(async () => {
      await backgroundStopped;
      await mod.closeDb();
      mod.logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  try {
    await mod.prepareData((line) => {
      state.detail = line;
      console.log(line);
    });
    state.ready = true;
    state.detail = "ready";
    mod.logger.info("ready");
    if (!shuttingDown) background.start();
  } catch (error) {
    mod.logger.fatal({ err: error }, "startup failed");
    process.exit(1);
  }
  return server;
}
