import base from "./playwright.config.ts";
export default {
  ...base,
  timeout: 240_000,
  expect: { timeout: 30_000 },
  workers: 1,
  webServer: { ...base.webServer, timeout: 1_200_000 },
};
