// Each group of tables has one owner, and only its owner names those tables in a query (ADR 039).
// A reader elsewhere asks the owner, which applies the audience rule (catalog/audience.server.ts):
// a query written outside it could forget that a client gallery's photos are private. This reads
// the source as text, the way a reviewer would: Kysely's builders (selectFrom, insertInto,
// updateTable, deleteFrom, the joins) and raw SQL (from, join, into, update) naming a table.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DB } from "../platform/db/schema.server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The owner of each table: a folder (ending in /) or one file, from the repository's root; a list
 * names the few others a rule needs (the audience rule reads the tables that decide who sees an image).
 */
const OWNERS: Record<keyof DB, string | string[]> = {
  // The portfolio catalog: what the studio shows, and the images every audience sees.
  studio_settings: "domain/catalog/",
  collections: "domain/catalog/",
  shoots: "domain/catalog/",
  photos: "domain/catalog/",
  banner_slides: "domain/catalog/",
  assets: "domain/catalog/",
  asset_variants: "domain/catalog/",
  // Client galleries: the gallery, its people and their selection lists.
  client_galleries: "domain/galleries/",
  gallery_visitors: "domain/galleries/",
  selection_lists: "domain/galleries/",
  selection_items: "domain/galleries/",
  // Faces (issue 31): biometric data, in one place so that erasing it is one module's job.
  face_scans: "domain/faces/store.server.ts",
  photo_faces: "domain/faces/store.server.ts",
  gallery_guests: "domain/faces/store.server.ts",
  // Album proofing (issue 32): the albums module, and the audience rule, which must know an album
  // spread's asset to keep it off public pages and a draft's from the couple.
  albums: ["domain/albums/", "domain/catalog/audience.server.ts"],
  album_versions: ["domain/albums/", "domain/catalog/audience.server.ts"],
  album_spreads: ["domain/albums/", "domain/catalog/audience.server.ts"],
  album_comments: "domain/albums/",
  album_spread_oks: "domain/albums/",
  album_approvals: "domain/albums/",
  inquiries: "domain/inquiries/store.server.ts",
  mail_outbox: "domain/mail/",
  jobs: "domain/jobs/",
  admin_users: "domain/auth/",
  admin_sessions: "domain/auth/",
  api_tokens: "domain/content-api/tokens.server.ts",
  file_checksums: "domain/media/checksums.server.ts",
  content_version: "platform/db/content-version.server.ts",
  rate_limit_hits: "platform/rate-limit.server.ts",
  app_state: "platform/db/app-state.server.ts",
};

/**
 * Every query site in the product and its tools: not tests and their fixtures (they seed rows and
 * inspect them, as a test must), not migrations (they own the schema's history).
 */
function sourceFiles(): string[] {
  return fs
    .globSync("{app,domain,platform,server,scripts}/**/*.{ts,tsx}", { cwd: ROOT })
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith("platform/db/migrations/"));
}

/** The source without comments, so prose like "read from photos" is not taken for SQL. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const TABLES = Object.keys(OWNERS) as (keyof DB)[];
const NAME = TABLES.join("|");
/** A builder call naming a table first: `selectFrom("photos")`, `innerJoin("shoots as s", ...)`, `selectFrom(["a", "b"])`. */
const BUILDER = new RegExp(
  String.raw`\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|using)\(\s*\[?\s*["'\x60](${NAME})\b`,
  "g",
);
/** Raw SQL naming a table: `from photos`, `join shoots s`, `insert into assets`, `update shoots`. */
const RAW = new RegExp(String.raw`\b(?:from|join|into|update)\s+"?(${NAME})"?(?=[\s),;\x60]|$)`, "gi");

function tablesNamed(source: string): Set<keyof DB> {
  const text = withoutComments(source);
  const found = new Set<keyof DB>();
  for (const pattern of [BUILDER, RAW]) {
    for (const match of text.matchAll(pattern)) found.add(match[1]?.toLowerCase() as keyof DB);
  }
  return found;
}

function owns(owner: string | string[], file: string): boolean {
  if (Array.isArray(owner)) return owner.some((one) => owns(one, file));
  return owner.endsWith("/") ? file.startsWith(owner) : file === owner;
}

describe("table owners", () => {
  it("only a table's owner names it in a query", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    const offenders: string[] = [];
    for (const file of files) {
      for (const table of tablesNamed(fs.readFileSync(path.join(ROOT, file), "utf8"))) {
        if (!owns(OWNERS[table], file)) {
          offenders.push(`${file} names ${table}, which ${OWNERS[table]} owns`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("sees the queries it looks for", () => {
    // The patterns themselves: a check that finds nothing would pass whatever the code did.
    expect([...tablesNamed(`db.selectFrom("photos").innerJoin("shoots as s", "s.id", "photos.shoot_id")`)]).toEqual([
      "photos",
      "shoots",
    ]);
    expect([...tablesNamed("sql`select 1 from assets a join client_galleries g on true`")]).toEqual([
      "assets",
      "client_galleries",
    ]);
    expect([...tablesNamed(`trx.insertInto("selection_items").values(row)`)]).toEqual(["selection_items"]);
    // Prose and lookalike names are not queries.
    expect([...tablesNamed(`// photos from shoots are read from photos here\nconst photos_count = "photos";`)]).toEqual(
      [],
    );
  });
});
