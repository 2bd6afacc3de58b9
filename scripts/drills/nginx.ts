// nginx from Debian's package (nginx-light; `.ci/run` installs it) as a child process for the
// bench and the cluster drill: a configuration in a temporary directory around the caller's
// `http` block, in the foreground (daemon off) so that it is a child of ours, one worker, and
// every path nginx writes (pid, error log, temporary files) inside that directory. Stopped, or
// told to stop when this process exits however it ends, its directory removed.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const NGINX = "/usr/sbin/nginx";
/** How long nginx may take to listen. */
const START_TIMEOUT_MS = 10_000;
const START_POLL_MS = 50;

/**
 * nginx processes started here and not yet exited: stopped when this process exits. TERM, not
 * KILL: the master then takes its worker down with it, where a killed master would leave the
 * worker serving the port.
 */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

export interface Nginx {
  /** The configuration file nginx runs (the caller's http block inside it). */
  configFile: string;
  /** What nginx wrote to its error log so far (warnings and errors). */
  errorLog(): string;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts nginx with `http` as its http block (server blocks, upstreams, settings) and resolves
 * once `port` accepts connections.
 */
export async function startNginx(http: string, port: number): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-nginx-"));
  // As root, nginx's worker runs as another user (nobody): it must reach the directory where
  // the master makes its temporary folders (a request body, a large answer kept while sent).
  fs.chmodSync(dir, 0o755);
  const configFile = path.join(dir, "nginx.conf");
  const errorLogFile = path.join(dir, "error.log");
  fs.writeFileSync(
    configFile,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${errorLogFile} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  let output = "";
  const child = spawn(NGINX, ["-c", configFile, "-p", dir], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const exited = once(child, "exit");
  void exited.then(() => running.delete(child));
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const errorLog = () => (fs.existsSync(errorLogFile) ? fs.readFileSync(errorLogFile, "utf8") : "");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // TERM is nginx's fast shutdown: open connections are closed, nothing waits for them.
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not start on port ${port}:\n${output}${log}`);
    }
    await sleep(START_POLL_MS);
  }
  return { configFile, errorLog, stop };
}
