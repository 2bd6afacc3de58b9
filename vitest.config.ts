import { defineConfig } from "vitest/config";
import { islands } from "./scripts/build/vite-islands.ts";
import { catalogues } from "./scripts/build/vite-lingui.ts";

/**
 * Tests one run of which is enough, in the run that has room for them (the two runs go side by
 * side on 2 cores, and the longer one sets the suite's time; ADR 046). On SQLite only, the
 * default engine: the inquiry drill (a burst at the limits, then the server restarted while its
 * mail goes out; the outbox on PostgreSQL has its own tests and the cluster drill's instances).
 */
export const SQLITE_RUN_ONLY_TESTS = ["scripts/drills/inquiry-drill.test.ts"];
/**
 * On PostgreSQL's only: tests that touch no database, or whose subject does not depend on it. The
 * face model's own tests (issue 31); the admin checks, which count the app's reads of the sessions
 * table through a Vite dev server (30 s of loading the app's modules).
 */
export const POSTGRES_RUN_ONLY_TESTS = [
  "domain/faces/engine.test.ts",
  "domain/faces/selfie.test.ts",
  "server/admin-checks.test.ts",
];

/**
 * Test files that replace a module of the app with `vi.mock`: each needs the app's modules loaded
 * afresh for it. Every other file shares one set of loaded modules with the files before it
 * (`isolate: false`): loading the app's modules again for each of 130 files was a third of a run's
 * time on 2 cores (ADR 046). A file added here must also be named by each run's include.
 */
export const OWN_MODULES_TESTS = [
  "app/routes/home.loader.test.ts",
  "domain/processing/photo-worker.server.test.ts",
  "server/background-work.test.ts",
];

/** What every test file runs with, in either group. */
const FILE_OPTIONS = {
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;

/**
 * A run's two groups, from its file lists: most files on shared modules, a few on their own. Each
 * group names its files itself (`extends: true` would add the run's include to a group's own).
 */
export function projectsOf(include: string[], exclude: string[]) {
  // deferHydration writes the islands into pages (the unit tests check the result).
  // The message catalogues (app/locales) compile on import, as in the build.
  const plugins = [catalogues(), islands()];
  return [
    {
      plugins,
      test: {
        ...FILE_OPTIONS,
        name: "shared-modules",
        isolate: false,
        include,
        exclude: [...exclude, ...OWN_MODULES_TESTS],
      },
    },
    { plugins, test: { ...FILE_OPTIONS, name: "own-modules", include: OWN_MODULES_TESTS, exclude } },
  ];
}

const INCLUDE = [
  "app/**/*.test.ts",
  "domain/**/*.test.ts",
  "platform/**/*.test.ts",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  // The fixtures that are big enough to need tests of their own (the big-shoot fixture).
  "fixtures/**/*.test.ts",
];
const EXCLUDE = ["**/node_modules/**", ...POSTGRES_RUN_ONLY_TESTS];

/**
 * The cluster drill starts its own PostgreSQL cluster and instances and mostly waits on them: a
 * group of its own, which `npm test` runs beside the others (`--project cluster-drill`).
 */
export const CLUSTER_DRILL_TEST = "scripts/drills/cluster-drill.test.ts";

export default defineConfig({
  test: {
    projects: [
      ...projectsOf(INCLUDE, [...EXCLUDE, CLUSTER_DRILL_TEST]),
      { test: { ...FILE_OPTIONS, name: "cluster-drill", include: [CLUSTER_DRILL_TEST] } },
    ],
    // One test file at a time: many files start a production server and import the demo studio
    // (sharp on every core), fuzz it or hash passwords with scrypt; on a 2-core machine files run
    // side by side starved each other past their timeouts. Tests inside a file still run in order.
    // (`npm test` runs this suite and its PostgreSQL run beside each other: one file each, two at once.)
    fileParallelism: false,
    globalSetup: ["./tests/helpers/vitest-global-setup.ts"],
  },
});
