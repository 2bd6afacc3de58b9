// A TCP proxy that plays a bad hotel connection for the upload drill and its test: it passes
// bytes through to the server and, when the bytes sent upstream reach each cut point, drops
// every connection open at that moment (both sides, mid-request), as a lost Wi-Fi would.
import net from "node:net";

export interface Cut {
  /** Bytes sent upstream when the cut happened. */
  atBytes: number;
  /** Connections open (and dropped) at that moment. */
  connections: number;
}

export interface CuttingProxy {
  port: number;
  /** Bytes the clients have sent upstream so far. */
  bytesUp(): number;
  /** The cuts made so far, in order. */
  cuts(): readonly Cut[];
  close(): Promise<void>;
}

export interface CuttingProxyOptions {
  target: { host: string; port: number };
  /** Upstream byte counts at which every open connection is dropped, ascending. */
  cutAtBytes: readonly number[];
  host?: string;
}

export function startCuttingProxy(options: CuttingProxyOptions): Promise<CuttingProxy> {
  const pending = [...options.cutAtBytes].sort((a, b) => a - b);
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const cuts: Cut[] = [];
  let bytesUp = 0;

  const cutAll = () => {
    cuts.push({ atBytes: bytesUp, connections: open.size });
    for (const pair of open) {
      // resetAndDestroy sends an RST where it can, like a connection that is really gone.
      pair.client.resetAndDestroy();
      pair.upstream.resetAndDestroy();
    }
    open.clear();
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(options.target.port, options.target.host);
    const pair = { client, upstream };
    open.add(pair);
    const forget = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      const next = pending[0];
      if (next !== undefined && bytesUp + chunk.length >= next) {
        // Only part of this chunk gets through: the cut lands inside a request.
        const through = Math.max(0, next - bytesUp);
        if (through > 0) upstream.write(chunk.subarray(0, through));
        bytesUp += through;
        pending.shift();
        cutAll();
        return;
      }
      bytesUp += chunk.length;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
    client.on("close", forget);
    upstream.on("close", forget);
    client.on("error", forget);
    upstream.on("error", forget);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, options.host ?? "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        bytesUp: () => bytesUp,
        cuts: () => cuts,
        close: () =>
          new Promise<void>((done) => {
            for (const pair of open) {
              pair.client.destroy();
              pair.upstream.destroy();
            }
            server.close(() => done());
          }),
      });
    });
  });
}
