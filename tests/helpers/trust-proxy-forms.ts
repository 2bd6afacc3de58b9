// Every form of TRUST_PROXY that Express accepts, with the value the environment module gives it:
// the environment's parser and Express's reading of it are tested over the same list.
import type { TrustProxy } from "#platform/env.server.ts";

export const TRUST_PROXY_FORMS: [raw: string, value: TrustProxy][] = [
  ["true", true],
  ["false", false],
  ["0", 0],
  ["1", 1],
  ["2", 2],
  ["loopback", ["loopback"]],
  ["linklocal", ["linklocal"]],
  ["uniquelocal", ["uniquelocal"]],
  ["10.0.0.7", ["10.0.0.7"]],
  ["10.0.0.0/8", ["10.0.0.0/8"]],
  ["10.0.0.0/255.0.0.0", ["10.0.0.0/255.0.0.0"]],
  ["::1", ["::1"]],
  ["fd00::/8", ["fd00::/8"]],
  ["loopback, 10.0.0.0/8,192.168.1.1", ["loopback", "10.0.0.0/8", "192.168.1.1"]],
];
