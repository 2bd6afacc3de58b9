// Manages content API tokens from the command line (the admin will offer the same later):
//   npm run api-token -- create NAME   prints a new token, once
//   npm run api-token -- list          names, hints, last use, revocation
//   npm run api-token -- revoke ID     takes effect at the next request
import { createApiToken, listApiTokens, revokeApiToken } from "#domain/content-api/tokens.server.ts";
import { type Database, databaseTarget, migrate, openDatabase } from "#platform/db/db.server.ts";
import { startEnv } from "#platform/env.server.ts";

const USAGE = "Usage: npm run api-token -- create NAME | list | revoke ID";

/** Runs one command; returns the exit code. Output goes through `print` (tests capture it). */
export async function runApiTokenCommand(args: string[], db: Database, print: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (command === "create" && rest.length > 0) {
    const { id, name, token } = await createApiToken(db, rest.join(" "));
    print(`Created token ${id} "${name}". Copy it now: it is not stored and cannot be shown again.`);
    print(token);
    return 0;
  }
  if (command === "list" && rest.length === 0) {
    const tokens = await listApiTokens(db);
    if (tokens.length === 0) print("No API tokens yet.");
    for (const t of tokens) {
      const state = t.revokedAt ? `revoked ${t.revokedAt}` : "active";
      print(`${t.id}\t${t.name}\t…${t.hint}\tcreated ${t.createdAt}\tlast used ${t.lastUsedAt ?? "never"}\t${state}`);
    }
    return 0;
  }
  if (command === "revoke" && rest.length === 1 && /^\d+$/.test(rest[0] ?? "")) {
    const id = Number(rest[0]);
    if (await revokeApiToken(db, id)) {
      print(`Revoked token ${id}.`);
      return 0;
    }
    print(`No active token with id ${id}.`);
    return 1;
  }
  print(USAGE);
  return 2;
}

if (import.meta.main) {
  const db = openDatabase(databaseTarget(startEnv({ dataDir: true })));
  try {
    await migrate(db);
    process.exitCode = await runApiTokenCommand(process.argv.slice(2), db, (line) => console.log(line));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
