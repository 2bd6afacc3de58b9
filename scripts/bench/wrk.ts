// wrk (Debian's package; `.ci/run` installs it) as the bench's load: one run against one URL and
// what it printed, read into numbers. One thread: the machine has two cores, and the rest is
// the server's (or the servers' and their balancer's).
import { execFileSync } from "node:child_process";
import { NGINX } from "../drills/nginx.ts";

export interface WrkOptions {
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
}

export interface WrkResult {
  requestsPerS: number;
  timeouts: number;
  errors: number;
  p99Ms: number;
  /** What a response weighed on the wire: the check that both sides sent the same (compressed) page. */
  kbPerResponse: number;
}

/** A request still unanswered after this long counts as a timeout. */
const WRK_TIMEOUT = "2s";

export function wrk(url: string, { connections, durationS, headers = {} }: WrkOptions): WrkResult {
  const args = ["-t1", `-c${connections}`, `-d${durationS}s`, "--latency", "--timeout", WRK_TIMEOUT];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const out = execFileSync("wrk", [...args, url], { encoding: "utf8" });
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = { us: 0.001, ms: 1, s: 1000 }[(p99?.[2] ?? "ms") as "us" | "ms" | "s"];
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(out);
  const transferMb =
    Number(transfer?.[1] ?? 0) * { B: 1 / 1048576, KB: 1 / 1024, MB: 1, GB: 1024 }[(transfer?.[2] ?? "MB") as "B"];
  return {
    requestsPerS: number(/Requests\/sec:\s+([\d.]+)/),
    timeouts: Number(socket?.[4] ?? 0),
    errors:
      Number(socket?.[1] ?? 0) +
      Number(socket?.[2] ?? 0) +
      Number(socket?.[3] ?? 0) +
      number(/Non-2xx or 3xx responses: (\d+)/),
    p99Ms: Number(p99?.[1] ?? 0) * unit,
    kbPerResponse: (transferMb * 1024) / Math.max(number(/Requests\/sec:\s+([\d.]+)/), 1),
  };
}

/**
 * The first of nginx and wrk that is not installed, or undefined when both are: a bench that
 * needs them says so and skips its figures.
 */
export function missingLoadTool(): string | undefined {
  for (const tool of [NGINX, "wrk"]) {
    try {
      execFileSync(tool, ["-v"], { stdio: "ignore" });
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return tool;
    }
  }
  return undefined;
}
