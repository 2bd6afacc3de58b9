// The ordered lists of migrations, one per engine. Add a file and a line here; never edit a
// shipped migration. Names sort in the order they apply (a four-digit number first), and a
// database must have applied every earlier one before a later one (see db.server.ts and ADR
// 020). SQLite has its history, 0001 to 0018; PostgreSQL starts from the same schema in one
// step (0018-postgres-baseline); every migration after 0018 is in both lists (SHARED), written
// once for both engines (engineOf() where they differ). ADR 032.
import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./0001-initial.server.ts";
import * as m0002 from "./0002-inquiries.server.ts";
import * as m0003 from "./0003-api-tokens.server.ts";
import * as m0004 from "./0004-admin.server.ts";
import * as m0005 from "./0005-inquiry-handled.server.ts";
import * as m0006 from "./0006-settings-media.server.ts";
import * as m0007 from "./0007-stored-time.server.ts";
import * as m0008 from "./0008-photo-job-leases.server.ts";
import * as m0009 from "./0009-studio-time-zone.server.ts";
import * as m0010 from "./0010-inquiry-seen.server.ts";
import * as m0011 from "./0011-capture-time.server.ts";
import * as m0012 from "./0012-gapped-positions.server.ts";
import * as m0013 from "./0013-client-galleries.server.ts";
import * as m0014 from "./0014-gallery-mails.server.ts";
import * as m0015 from "./0015-file-checksums.server.ts";
import * as m0016 from "./0016-gallery-cover.server.ts";
import * as m0017 from "./0017-content-times.server.ts";
import * as m0018 from "./0018-content-version.server.ts";
import * as postgresBaseline from "./0018-postgres-baseline.server.ts";
import * as m0019 from "./0019-photo-job-claims.server.ts";
import * as m0020 from "./0020-rate-limit-hits.server.ts";
import * as m0021 from "./0021-jobs-and-mail-outbox.server.ts";
import * as m0022 from "./0022-photos-asset-index.server.ts";
import * as m0023 from "./0023-selection-reopened.server.ts";
import * as m0024 from "./0024-guest-faces.server.ts";
import * as m0025 from "./0025-albums.server.ts";
import * as m0026 from "./0026-album-mails.server.ts";
import * as m0027 from "./0027-tamil-content.server.ts";
import * as m0028 from "./0028-recipient-language.server.ts";
import * as m0029 from "./0029-album-title-tamil.server.ts";
import * as m0030 from "./0030-spread-plan.server.ts";
import * as m0031 from "./0031-spread-watermark.server.ts";

/** The migrations after 0018, the same on both engines. */
export const SHARED_MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0019-photo-job-claims": m0019,
  "0020-rate-limit-hits": m0020,
  "0021-jobs-and-mail-outbox": m0021,
  "0022-photos-asset-index": m0022,
  "0023-selection-reopened": m0023,
  "0024-guest-faces": m0024,
  "0025-albums": m0025,
  "0026-album-mails": m0026,
  "0027-tamil-content": m0027,
  "0028-recipient-language": m0028,
  "0029-album-title-tamil": m0029,
  "0030-spread-plan": m0030,
  "0031-spread-watermark": m0031,
};

/** SQLite's list. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001-initial": m0001,
  "0002-inquiries": m0002,
  "0003-api-tokens": m0003,
  "0004-admin": m0004,
  "0005-inquiry-handled": m0005,
  "0006-settings-media": m0006,
  "0007-stored-time": m0007,
  "0008-photo-job-leases": m0008,
  "0009-studio-time-zone": m0009,
  "0010-inquiry-seen": m0010,
  "0011-capture-time": m0011,
  "0012-gapped-positions": m0012,
  "0013-client-galleries": m0013,
  "0014-gallery-mails": m0014,
  "0015-file-checksums": m0015,
  "0016-gallery-cover": m0016,
  "0017-content-times": m0017,
  "0018-content-version": m0018,
  ...SHARED_MIGRATIONS,
};

/** PostgreSQL's list. */
export const POSTGRES_MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0018-postgres-baseline": postgresBaseline,
  ...SHARED_MIGRATIONS,
};

export function migrationProviderFor(engine: "sqlite" | "postgres"): MigrationProvider {
  const migrations = engine === "postgres" ? POSTGRES_MIGRATIONS : MIGRATIONS;
  return { getMigrations: async () => ({ ...migrations }) };
}
