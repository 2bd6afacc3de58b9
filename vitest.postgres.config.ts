// The integration suite again, on PostgreSQL (`npm run test:postgres`, part of `npm test`): the
// tests that reach the database through the query layer, each store and server on a database
// of its own in a throwaway cluster (fixtures/postgres.ts, started by the global setup when
// TEST_DATABASE=postgres). Left out: the tests of SQLite's own history and adapter (its
// migrations, WAL and busy handling, the schema types read from SQLite), and pure functions,
// which do not touch a database; the schema parity test holds the two schemas together.
import { defineConfig } from "vitest/config";
import base, {
  CLUSTER_DRILL_TEST,
  POSTGRES_RUN_ONLY_TESTS,
  projectsOf,
  SQLITE_RUN_ONLY_TESTS,
} from "./vitest.config.ts";

// The cluster drill starts its own PostgreSQL whichever run it is in, and the font subsetter has
// no database: both run in SQLite's, as does the inquiry drill (one run of it is enough); the
// tests with no database to speak of run here instead (POSTGRES_RUN_ONLY_TESTS).
const EXCLUDE = [
  "**/node_modules/**",
  "scripts/build/subset-fonts.test.ts",
  CLUSTER_DRILL_TEST,
  "scripts/drills/cluster-ledger.test.ts",
  ...SQLITE_RUN_ONLY_TESTS,
];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: projectsOf(
      [
        "domain/**/*.server.test.ts",
        "server/**/*.test.ts",
        "platform/db/schema-parity.server.test.ts",
        "platform/*.server.test.ts",
        "app/routes/**/*.test.ts",
        "scripts/**/*.test.ts",
        ...POSTGRES_RUN_ONLY_TESTS,
      ],
      EXCLUDE,
    ),
  },
});
