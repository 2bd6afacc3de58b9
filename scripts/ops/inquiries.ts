// `npm run inquiries`: the stored contact inquiries, newest first, with the delivery state of
// each mail, as the admin's inbox (/admin/inquiries) does. `-- --limit 100` shows more; `-- --json` for scripts.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { listInquiries, type StoredInquiry } from "#domain/inquiries/store.server.ts";
import { databaseTarget, migrate, openDatabase } from "#platform/db/db.server.ts";
import { isPostgresTarget } from "#platform/db/postgres-dialect.server.ts";
import { startEnv } from "#platform/env.server.ts";

const DEFAULT_LIMIT = 20;
const PREVIEW_CHARS = 160;

function when(iso: string): string {
  return `${iso.slice(0, 19).replace("T", " ")} UTC`;
}

function mailState(mail: StoredInquiry["mails"][number]): string {
  const label = mail.kind === "studio" ? "to the studio" : "acknowledgement";
  const tries = `${mail.attempts} attempt${mail.attempts === 1 ? "" : "s"}`;
  if (mail.deliveredAt) return `${label}: delivered ${when(mail.deliveredAt)} (${tries})`;
  const error = mail.lastError ? `; last error: ${mail.lastError}` : "";
  return `${label}: pending, ${tries}, next try ${when(mail.nextAttemptAt)}${error}`;
}

export function formatInquiries(inquiries: StoredInquiry[]): string {
  if (inquiries.length === 0) return "No inquiries yet.";
  return inquiries
    .map((i) => {
      const who = [i.name || "(no name)", i.email && `<${i.email}>`, i.phone].filter(Boolean).join("  ");
      const text = i.message.replace(/\s+/g, " ");
      const preview = text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
      return [
        `#${i.id}  ${when(i.createdAt)}  ${who}  (from ${i.page})`,
        ...i.mails.map((m) => `    ${mailState(m)}`),
        `    ${preview}`,
      ].join("\n");
    })
    .join("\n\n");
}

async function main() {
  const { values } = parseArgs({
    options: { limit: { type: "string", default: String(DEFAULT_LIMIT) }, json: { type: "boolean", default: false } },
  });
  const target = databaseTarget(startEnv());
  if (!isPostgresTarget(target) && !fs.existsSync(target)) {
    console.log(`No database at ${target} yet (set DATA_DIR, or start the server once).`);
    return;
  }
  const db = openDatabase(target);
  try {
    await migrate(db);
    const inquiries = await listInquiries(db, { limit: Number(values.limit) || DEFAULT_LIMIT });
    console.log(values.json ? JSON.stringify(inquiries, null, 2) : formatInquiries(inquiries));
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) await main();
