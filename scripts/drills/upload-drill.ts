// The upload drill, by hand, against a running server (`npm start`): signs in as an
// owner, uploads N distinct generated photos to a shoot with the admin's own upload client
// through a local proxy that cuts every open connection K times along the way, waits for the
// background processing, then prints what arrived: how many, whether each exactly once, and
// whether in the order sent.
//
//   ADMIN_EMAIL=owner@example.com npm run upload-drill -- --shoot 12 --count 300 --cuts 2
//
// The password comes from ADMIN_PASSWORD, or is asked for. Options: --url (the server's own
// http:// address, default http://127.0.0.1:$PORT), --edge (the photos' size in pixels, 256).
import readline from "node:readline/promises";
import { parseArgs } from "node:util";
import { noisePng } from "#fixtures/test-store.ts";
import { readScriptVariable, startEnv } from "#platform/env.server.ts";
import { pageCsrf, signIn as signInAsAdmin } from "./admin-http.ts";
import { startCuttingProxy } from "./cutting-proxy.ts";
import { type BatchFile, uploadBatch } from "./tus-batch.ts";

const DEFAULT_EDGE_PX = 256;
const POLL_MS = 1_000;
/** Processing gives up being watched after this long without any progress. */
const STALL_LIMIT_MS = 5 * 60 * 1000;

const env = startEnv();
const { values } = parseArgs({
  options: {
    url: { type: "string", default: `http://127.0.0.1:${env.port}` },
    shoot: { type: "string" },
    count: { type: "string", default: "300" },
    cuts: { type: "string", default: "2" },
    edge: { type: "string", default: String(DEFAULT_EDGE_PX) },
    email: { type: "string", default: readScriptVariable("ADMIN_EMAIL") },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const shootId = Number(values.shoot);
const count = Number(values.count);
const cutCount = Number(values.cuts);
const edge = Number(values.edge);
if (!Number.isSafeInteger(shootId) || shootId <= 0)
  fail("Say which shoot: --shoot ID (the number in /admin/shoots/ID).");
if (!Number.isSafeInteger(count) || count <= 0) fail("--count must be a positive whole number.");
if (!Number.isSafeInteger(cutCount) || cutCount < 0) fail("--cuts must be a whole number.");
if (!Number.isSafeInteger(edge) || edge < 16) fail("--edge must be at least 16 (pixels).");
const target = new URL(values.url);
// The cutting proxy passes bytes through as they are: it speaks to the server itself, not to
// a TLS front. Run the drill on the server's machine, against its own port.
if (target.protocol !== "http:") fail("--url must be the server's own http:// address (e.g. http://127.0.0.1:3000).");

async function askPassword(): Promise<string> {
  const fromEnv = readScriptVariable("ADMIN_PASSWORD");
  if (fromEnv) return fromEnv;
  const terminal = Boolean(process.stdin.isTTY);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal });
  if (terminal) {
    // The typed password is not echoed.
    const muted = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = muted._writeToOutput;
    muted._writeToOutput = (s) => {
      if (s.startsWith("Password")) write.call(rl, s);
    };
  }
  const answer = await rl.question("Password: ");
  rl.close();
  process.stdout.write("\n");
  return answer;
}

async function signIn(origin: string, email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  try {
    const cookie = await signInAsAdmin(origin, email, password);
    return { cookie, csrf: await pageCsrf(origin, cookie, `/admin/shoots/${shootId}`) };
  } catch (error) {
    fail(error instanceof TypeError ? `No server at ${origin}.` : String((error as Error).message));
  }
}

interface Progress {
  queued: number;
  running: number;
  done: number;
  failed: { fileName: string; reason: string }[];
}

async function main() {
  const email = values.email ?? fail("Say who signs in: ADMIN_EMAIL=... or --email.");
  const { cookie, csrf } = await signIn(target.origin, email, await askPassword());
  const before = Date.now();

  const stamp = Date.now().toString(36);
  const files: BatchFile[] = Array.from({ length: count }, (_, i) => ({
    name: `drill-${stamp}-${String(i + 1).padStart(String(count).length, "0")}.png`,
    type: "image/png",
    // The time in the seed makes every run's photos new bytes (no duplicates of the last run).
    data: noisePng(edge, edge, Date.now() + i),
  }));
  const totalBytes = files.reduce((sum, f) => sum + f.data.byteLength, 0);
  const proxy = await startCuttingProxy({
    target: { host: target.hostname, port: Number(target.port || 80) },
    cutAtBytes: Array.from({ length: cutCount }, (_, k) => Math.round((totalBytes * (k + 1)) / (cutCount + 1))),
  });
  console.log(
    `Uploading ${count} photos (${(totalBytes / 1e6).toFixed(1)} MB) to shoot ${shootId}, cutting the connection ${cutCount} times…`,
  );
  let uploaded = 0;
  const results = await uploadBatch(files, {
    origin: `http://127.0.0.1:${proxy.port}`,
    shootId,
    sessionCookie: cookie,
    csrf,
    onFileDone: () => {
      uploaded++;
      if (uploaded % 25 === 0 || uploaded === count) process.stdout.write(`  ${uploaded}/${count} uploaded\n`);
    },
  });
  await proxy.close();
  for (const cut of proxy.cuts()) {
    console.log(`  cut at ${(cut.atBytes / 1e6).toFixed(1)} MB sent: ${cut.connections} connection(s) dropped`);
  }
  const retries = results.reduce((sum, r) => sum + r.retries, 0);
  console.log(`  ${retries} request(s) retried after the cuts`);
  for (const r of results.filter((r) => r.state === "refused")) console.log(`  refused: ${r.name}: ${r.reason}`);

  console.log("Waiting for the background processing…");
  let progress: Progress | undefined;
  let lastChange = Date.now();
  let lastDone = -1;
  while (Date.now() - lastChange < STALL_LIMIT_MS) {
    const response = await fetch(`${target.origin}/admin/shoots/${shootId}/jobs?since=${before}`, {
      headers: { Cookie: cookie },
    });
    progress = (await response.json()) as Progress;
    if (progress.done !== lastDone) {
      lastDone = progress.done;
      lastChange = Date.now();
    }
    if (progress.queued + progress.running === 0) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }

  // What arrived: the shoot's photos, in the admin's order, by file name.
  const page = await (await fetch(`${target.origin}/admin/shoots/${shootId}`, { headers: { Cookie: cookie } })).text();
  const names = [...page.matchAll(/class="admin-sub admin-photo-file"[^>]*>([^<]*)</g)].map((m) => m[1] ?? "");
  const arrived = names.filter((n) => n.startsWith(`drill-${stamp}-`));
  const sent = files.map((f) => f.name);
  const missing = sent.filter((n) => !arrived.includes(n));
  const twice = arrived.filter((n, i) => arrived.indexOf(n) !== i);
  const inOrder = missing.length === 0 && twice.length === 0 && arrived.every((n, i) => n === sent[i]);
  console.log(`Processed: ${progress?.done ?? 0} done, ${progress?.failed.length ?? 0} failed`);
  for (const f of progress?.failed ?? []) console.log(`  failed: ${f.fileName}: ${f.reason}`);
  console.log(`Arrived in the shoot: ${arrived.length} of ${count}`);
  console.log(`  missing: ${missing.length ? missing.join(", ") : "none"}`);
  console.log(`  more than once: ${twice.length ? [...new Set(twice)].join(", ") : "none"}`);
  console.log(`  in the order sent: ${inOrder ? "yes" : "no"}`);
  const ok = arrived.length === count && inOrder && (progress?.failed.length ?? 0) === 0;
  console.log(ok ? "Every photo arrived exactly once, in order." : "The drill found a problem (above).");
  process.exit(ok ? 0 : 1);
}

await main();
