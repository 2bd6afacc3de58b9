// The token CLI: create prints the token once, list never shows it, revoke takes effect.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_PREFIX, verifyApiToken } from "#domain/content-api/tokens.server.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { runApiTokenCommand } from "./api-token.ts";

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(async () => {
  await store.cleanup();
});

describe("npm run api-token", () => {
  async function run(...args: string[]) {
    const lines: string[] = [];
    const code = await runApiTokenCommand(args, store.db, (line) => lines.push(line));
    return { code, lines };
  }

  it("creates a token, prints it once, lists it without it and revokes it", async () => {
    const created = await run("create", "Script", "runner");
    expect(created.code).toBe(0);
    const token = created.lines.find((l) => l.startsWith(API_TOKEN_PREFIX)) ?? "";
    expect(token).toMatch(/^nst_[\w-]{43}$/);
    const id = Number(created.lines[0]?.match(/token (\d+)/)?.[1]);
    expect(await verifyApiToken(store.db, token)).toMatchObject({ id, name: "Script runner" });

    const listed = await run("list");
    expect(listed.lines.join("\n")).not.toContain(token);
    expect(listed.lines.find((l) => l.startsWith(`${id}\t`))).toMatch(/Script runner\t….{4}\t.*active$/);

    expect(await run("revoke", String(id))).toEqual({ code: 0, lines: [`Revoked token ${id}.`] });
    expect(await verifyApiToken(store.db, token)).toBeNull();
    expect((await run("list")).lines.find((l) => l.startsWith(`${id}\t`))).toMatch(/revoked /);
    expect((await run("revoke", String(id))).code).toBe(1);
  });

  it("prints its usage for anything else", async () => {
    for (const args of [[], ["create"], ["revoke", "one"], ["delete", "1"]]) {
      const { code, lines } = await run(...args);
      expect(code).toBe(2);
      expect(lines[0]).toMatch(/^Usage:/);
    }
  });
});
