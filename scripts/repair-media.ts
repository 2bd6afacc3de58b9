// `npm run repair-media`: re-encodes every public variant missing from DATA_DIR/media from its
// original (after a restore without `media/`, a lost disk, a folder deleted by hand).
import path from "node:path";
import { repairMissingVariants } from "../domain/media/repair.server.ts";
import { getMediaStorage } from "../domain/media/storage.server.ts";
import { DATABASE_FILE_NAME, migrate, openDatabase } from "../platform/db/db.server.ts";
import { startEnv } from "../platform/env.server.ts";

const { dataDir } = startEnv({ dataDir: true });
const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
try {
  await migrate(db);
  const report = await repairMissingVariants({ db, storage: getMediaStorage(dataDir) }, (line) => console.log(line));
  console.log(`Checked ${report.assets} photos; rebuilt ${report.rebuilt} variant files.`);
  for (const { fileName, reason } of report.unrecoverable) console.error(`Cannot rebuild ${fileName}: ${reason}`);
  if (report.unrecoverable.length > 0) process.exitCode = 1;
} finally {
  await db.destroy();
}
