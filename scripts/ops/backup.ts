// `npm run backup -- <folder>`: a consistent copy of DATA_DIR, safe while the site runs.
// The folder becomes a DATA_DIR of its own: restore by starting the server on it
// (`DATA_DIR=<folder> npm start`) or by copying it back while the server is stopped.
// Run it again into the same folder and only new photos are copied. With MEDIA_STORE=s3 the
// photos are copied from the bucket into the folder's media/ and originals/. With DATABASE_URL
// the database is a snapshot of the PostgreSQL server, written as the folder's SQLite file
// (serve it as it is, or put it back with `npm run migrate-to-postgres`).
import { backupDataDir } from "#domain/processing/backup.server.ts";
import { startEnv } from "#platform/env.server.ts";

const [target, ...rest] = process.argv.slice(2);
if (!target || rest.length > 0) {
  console.error("Usage: npm run backup -- <folder>");
  process.exit(2);
}
const report = await backupDataDir(startEnv().dataDir, target, (line) => console.log(line));
if (report.missing.length > 0) {
  console.error(`${report.missing.length} files the database refers to are missing from the media store:`);
  for (const key of report.missing) console.error(`  ${key}`);
  console.error("Run `npm run repair-media` to rebuild lost variants from their originals.");
  process.exitCode = 1;
} else {
  console.log(`Backup complete in ${target}`);
}
