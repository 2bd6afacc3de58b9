// Production entry: `npm start` runs this after making sure the build exists.
import path from "node:path";
import { type ServerModule, serve } from "./lifecycle.ts";

const buildDir = path.resolve(import.meta.dirname, "../build");
const mod: ServerModule = await import(path.join(buildDir, "server/index.js"));
await serve(mod, (readiness, wake) =>
  mod.createApp({ readiness, wake, clientBuildDir: path.join(buildDir, "client") }),
);
