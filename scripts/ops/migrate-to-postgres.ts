// `npm run migrate-to-postgres -- postgres://user:password@host:5432/studio`: copies this
// studio's SQLite database (DATA_DIR/studio.db) into an empty PostgreSQL database, every table,
// and checks the counts (platform/db/copy-database.server.ts; ADR 032). Stop the server first:
// what it writes during the copy would not be in the copy. The target may also come from
// DATABASE_URL. Media stay where they are (DATA_DIR, or the bucket of MEDIA_STORE=s3).
import fs from "node:fs";
import path from "node:path";
import { copyDatabase } from "#platform/db/copy-database.server.ts";
import { DATABASE_FILE_NAME, openDatabase } from "#platform/db/db.server.ts";
import { isPostgresTarget } from "#platform/db/postgres-dialect.server.ts";
import { readScriptVariable, startEnv } from "#platform/env.server.ts";
import { SECRET_FILE_NAME } from "#platform/secret.server.ts";

const USAGE = "Usage: npm run migrate-to-postgres -- postgres://user:password@host:5432/database";

const env = startEnv({ dataDir: true });
const [argument, ...rest] = process.argv.slice(2);
const target = argument ?? readScriptVariable("DATABASE_URL");
if (rest.length > 0 || !target || !isPostgresTarget(target)) {
  console.error(USAGE);
  process.exit(2);
}
const source = path.join(env.dataDir, DATABASE_FILE_NAME);
if (!fs.existsSync(source)) {
  console.error(`No SQLite database at ${source} (set DATA_DIR to the studio's data directory).`);
  process.exit(1);
}

const from = openDatabase(source);
const to = openDatabase(target);
try {
  const report = await copyDatabase(from, to, (line) => console.log(`  copied ${line}`));
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Copied ${total} rows in ${report.tables.length} tables; every count matches the source.`);
  const secretFile = path.join(env.dataDir, SECRET_FILE_NAME);
  console.log(
    [
      "Next: start the server with DATABASE_URL set to that address and APP_SECRET set.",
      fs.existsSync(secretFile) && !env.appSecrets
        ? `To keep signed-in sessions and open forms valid, use the key this studio has used so far: APP_SECRET=$(cat ${secretFile})`
        : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
} catch (error) {
  console.error(`The copy failed and the target was left as it was: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await from.destroy();
  await to.destroy();
}
