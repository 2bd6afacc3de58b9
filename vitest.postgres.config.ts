// The integration suite again, on PostgreSQL (`npm run test:postgres`, part of `npm test`): the
// tests that reach the database through the query layer, each store and server on a database
// of its own in a throwaway cluster (fixtures/postgres.ts, started by the global setup when
// TEST_DATABASE=postgres). Left out: the tests of SQLite's own history and adapter (its
// migrations, WAL and busy handling, the schema types read from SQLite), and pure functions,
// which do not touch a database; the schema parity test holds the two schemas together.
import { defineConfig } from "vitest/config";
import base, { MODEL_ONLY_TESTS } from "./vitest.config.ts";

// Spread, not mergeConfig: that would add these lists to the base's instead of replacing them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "domain/**/*.server.test.ts",
      "server/**/*.test.ts",
      "platform/db/schema-parity.server.test.ts",
      "platform/*.server.test.ts",
      "app/routes/**/*.test.ts",
      "scripts/**/*.test.ts",
      // The face model's own tests (no database), run here rather than beside SQLite's longer run.
      ...MODEL_ONLY_TESTS,
    ],
    // The cluster drill starts its own PostgreSQL whichever run it is in: it runs in SQLite's.
    exclude: [
      "**/node_modules/**",
      "scripts/build/subset-fonts.test.ts",
      "scripts/drills/cluster-drill.test.ts",
      "scripts/drills/cluster-ledger.test.ts",
    ],
  },
});
