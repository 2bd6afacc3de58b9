// Before the run: the server tests start the production build, so make sure it is current. On a
// run on PostgreSQL (TEST_DATABASE=postgres, `npm run test:postgres`), a throwaway cluster and a
// migrated template database that every test database is copied from; both go at the end.
import { execFileSync } from "node:child_process";
import { onCluster, startPostgresCluster, TEMPLATE_DATABASE, TEST_POSTGRES_ENV } from "#fixtures/postgres.ts";
import { migrate, openDatabase } from "../../platform/db/db.server.ts";

export const TEST_DATABASE_ENV = "TEST_DATABASE";

export default async function setup(): Promise<(() => void) | undefined> {
  execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });
  if (process.env[TEST_DATABASE_ENV] !== "postgres") return undefined;
  const cluster = await startPostgresCluster();
  try {
    await onCluster(cluster.url, `create database "${TEMPLATE_DATABASE}"`);
    const template = openDatabase(`${cluster.url}/${TEMPLATE_DATABASE}`);
    await migrate(template);
    await template.destroy();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  // Inherited by the test workers and by the servers the tests start.
  process.env[TEST_POSTGRES_ENV] = cluster.url;
  console.log(`PostgreSQL test cluster at ${cluster.url} (${cluster.directory})`);
  return () => cluster.stop();
}
