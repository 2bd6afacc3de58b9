// `npm run admin -- create-user <email> [--generate]`: makes the studio's owner account (or
// gives an existing one a new password and ends its sessions). The password comes from
// standard input; with --generate, or when nothing is piped in, one is generated and shown
// once. There is no default password and no sign-up page.
import { text } from "node:stream/consumers";
import { generatePassword } from "#domain/auth/password.server.ts";
import { UserInputError, upsertUser } from "#domain/auth/users.server.ts";
import { databaseTarget, migrate, openDatabase } from "#platform/db/db.server.ts";
import { startEnv } from "#platform/env.server.ts";

const USAGE = `Usage:
  npm run admin -- create-user <email>              password read from standard input
  npm run admin -- create-user <email> --generate   a password is generated and shown once`;

async function readPassword(generate: boolean): Promise<{ password: string; generated: boolean }> {
  if (generate || process.stdin.isTTY) return { password: generatePassword(), generated: true };
  // Only the line break a shell or `echo` adds is dropped; other spaces belong to the password.
  const piped = (await text(process.stdin)).replace(/\r?\n$/, "");
  if (piped === "") return { password: generatePassword(), generated: true };
  return { password: piped, generated: false };
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== "create-user" || !email || rest.some((a) => a !== "--generate")) {
    console.error(USAGE);
    return 2;
  }
  const env = startEnv({ dataDir: true });
  const { password, generated } = await readPassword(rest.includes("--generate"));
  const db = openDatabase(databaseTarget(env));
  try {
    await migrate(db);
    const { created } = await upsertUser(db, email, password);
    console.log(
      created ? `Created the owner account ${email}.` : `Set a new password for ${email}; its sessions have ended.`,
    );
    if (generated) console.log(`Password (shown once, keep it safe): ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof UserInputError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
