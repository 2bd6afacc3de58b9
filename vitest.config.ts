import { defineConfig } from "vitest/config";
import { islands } from "./scripts/build/vite-islands.ts";

/** Tests of the face model alone (issue 31): no database, so one run of them is enough. */
export const MODEL_ONLY_TESTS = ["domain/faces/engine.test.ts", "domain/faces/selfie.test.ts"];

export default defineConfig({
  // deferHydration writes the islands into pages (the unit tests check the result).
  plugins: [islands()],
  test: {
    include: [
      "app/**/*.test.ts",
      "domain/**/*.test.ts",
      "platform/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      // The fixtures that are big enough to need tests of their own (the big-shoot fixture).
      "fixtures/**/*.test.ts",
    ],
    // The face model's own tests touch no database and take seconds of CPU: they run in the
    // PostgreSQL run (vitest.postgres.config.ts), which has room beside this one on 2 cores.
    exclude: ["**/node_modules/**", ...MODEL_ONLY_TESTS],
    environment: "node",
    // One test file at a time: many files start a production server and import the demo studio
    // (sharp on every core), fuzz it or hash passwords with scrypt; on a 2-core machine files run
    // side by side starved each other past their timeouts. Tests inside a file still run in order.
    // (`npm test` runs this suite and its PostgreSQL run beside each other: one file each, two at once.)
    fileParallelism: false,
    globalSetup: ["./tests/helpers/vitest-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
