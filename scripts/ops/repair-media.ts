// `npm run repair-media`: re-encodes every public variant missing from DATA_DIR/media (a
// watermarked client gallery's viewing JPEGs included) from its original (after a restore
// without `media/`, a lost disk, a folder deleted by hand), and reads the capture time from the
// original of every photo that has none (those uploaded before 0011).

import { getMediaStorage } from "#domain/media/storage.server.ts";
import { fillCaptureTimes, repairMissingVariants } from "#domain/processing/repair.server.ts";
import { databaseTarget, migrate, openDatabase } from "#platform/db/db.server.ts";
import { startEnv } from "#platform/env.server.ts";

const env = startEnv({ dataDir: true });
const { dataDir } = env;
const db = openDatabase(databaseTarget(env));
try {
  await migrate(db);
  const deps = { db, storage: getMediaStorage(dataDir) };
  const report = await repairMissingVariants(deps, (line) => console.log(line));
  console.log(`Checked ${report.assets} photos; rebuilt ${report.rebuilt} variant files.`);
  for (const { fileName, reason } of report.unrecoverable) console.error(`Cannot rebuild ${fileName}: ${reason}`);
  const times = await fillCaptureTimes(deps, (line) => console.log(line));
  console.log(`Read ${times.checked} originals without a capture time; found one in ${times.filled}.`);
  for (const { fileName } of times.missingOriginals)
    console.error(`Cannot read when ${fileName} was taken: no original`);
  if (report.unrecoverable.length > 0 || times.missingOriginals.length > 0) process.exitCode = 1;
} finally {
  await db.destroy();
}
