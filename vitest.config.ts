import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.ts",
      "domain/**/*.test.ts",
      "platform/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["./tests/helpers/vitest-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
