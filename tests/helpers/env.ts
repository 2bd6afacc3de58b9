// For tests that change the environment: readEnv() parses once and keeps the result, so these
// set (or, with undefined, unset) variables and make the next readEnv() parse them again.
import { vi } from "vitest";
import { resetEnv } from "#platform/env.server.ts";

export function setEnv(variables: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  resetEnv();
}

/** Puts back every variable setEnv changed. */
export function restoreEnv(): void {
  vi.unstubAllEnvs();
  resetEnv();
}
