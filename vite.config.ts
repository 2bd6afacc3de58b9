import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { islands } from "./scripts/build/vite-islands.ts";
import { catalogues } from "./scripts/build/vite-lingui.ts";
import { precompress } from "./scripts/build/vite-precompress.ts";

export default defineConfig(({ command }) => ({
  environments: {
    // The server bundle's entry is our Express app, which imports the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  // In development Vite loads React Router for the app; the Express adapter must use that same
  // copy, or the request context it checks is another module's class.
  ssr: command === "serve" ? { noExternal: ["@react-router/express", "@react-router/node"] } : undefined,
  // The message catalogues compile on import; a message missing in either language fails the build.
  plugins: [catalogues(), islands(), reactRouter(), precompress()],
}));
