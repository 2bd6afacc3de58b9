// Fixtures for the admin's browser tests: an owner made in the e2e server's database as the CLI
// (`npm run admin -- create-user`) makes one, a signed-in page, and direct access to that
// database for what a browser cannot do (ageing a session).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { upsertUser } from "#domain/auth/users.server.ts";
import { diskMediaStorage, type MediaStorage } from "#domain/media/storage.server.ts";
import { DATABASE_FILE_NAME, type Database, openDatabase } from "#platform/db/db.server.ts";
import { test as base, expect } from "./fixtures.ts";

/** The e2e server's data directory (playwright.config.ts). */
export const E2E_DATA_DIR = path.resolve("tmp/e2e-data");

export interface Owner {
  email: string;
  password: string;
}

/** Creates an owner with the CLI, the password on standard input, as a studio would. */
export function createOwnerWithCli(email: string, password: string, dataDir = E2E_DATA_DIR): string {
  return execFileSync(process.execPath, ["scripts/ops/admin.ts", "create-user", email], {
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}

export async function signIn(page: Page, owner: Owner): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Shoots", level: 1 })).toBeVisible();
}

/** Runs SQL against the e2e server's database (WAL mode allows a second connection). */
export function withDatabase<T>(use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(E2E_DATA_DIR, "studio.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return use(db);
  } finally {
    db.close();
  }
}

export interface Studio {
  db: Database;
  storage: MediaStorage;
}

/**
 * Runs the domain layer against the e2e server's database and media (to set up what a test is not
 * about), or against those of a server a spec started for itself in `dataDir`.
 */
export async function withStudio<T>(use: (studio: Studio) => Promise<T>, dataDir = E2E_DATA_DIR): Promise<T> {
  const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
  try {
    return await use({ db, storage: diskMediaStorage(dataDir) });
  } finally {
    await db.destroy();
  }
}

interface AdminFixtures {
  /** A fresh owner account for this test alone (throttles and sessions are per account). */
  owner: Owner;
  /** A page signed in as `owner`. */
  adminPage: Page;
}

export const test = base.extend<AdminFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  owner: async ({}, use) => {
    const owner = {
      email: `owner-${randomBytes(4).toString("hex")}@example.com`,
      password: `pw-${randomBytes(12).toString("base64url")}`,
    };
    // Through the domain, in this worker: the CLI's own process (a Node start and its imports,
    // about a second of CPU) for each of some eighty tests held up the whole suite. The CLI
    // itself is driven by the access tests (admin-access.spec.ts).
    await withStudio(({ db }) => upsertUser(db, owner.email, owner.password));
    await use(owner);
  },
  adminPage: async ({ page, owner }, use) => {
    await signIn(page, owner);
    await use(page);
  },
});

export { expect };
