// Which cap applies where, and how long a body may take: the table server/limits.ts applies
// before any route reads a body (the production server is tested in hostile-input.test.ts).
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "#domain/auth/admin-form.server.ts";
import { MAX_SOURCE_BYTES } from "#domain/media/constants.ts";
import { FORM_BODY_BYTES } from "#platform/form-body.server.ts";
import { BODY_MIN_BYTES_PER_S, BODY_TIME_BASE_MS, bodyLimitFor, bodyTimeMs } from "./limits.ts";

describe("bodyLimitFor", () => {
  it("gives plain forms, sign-in, the API and any other path the form cap", () => {
    for (const path of [
      "/contactUs",
      "/admin/login",
      "/admin/login.data",
      "/ADMIN/LOGIN",
      "/api/galleries",
      "/",
      "/x",
    ]) {
      expect(bodyLimitFor(path).maxBytes, path).toBe(FORM_BODY_BYTES);
    }
  });

  it("gives the signed-in admin's forms the multipart reader's cap, and tus a photo's", () => {
    for (const path of ["/admin/settings", "/admin/shoots/1", "/admin/banners.data", "/Admin/Settings"]) {
      expect(bodyLimitFor(path).maxBytes, path).toBe(MAX_BODY_BYTES);
    }
    for (const path of ["/admin/uploads", "/admin/uploads/abc", "/ADMIN/UPLOADS/abc"]) {
      expect(bodyLimitFor(path).maxBytes, path).toBe(MAX_SOURCE_BYTES);
    }
  });
});

describe("bodyTimeMs", () => {
  it("allows the base time, then the minimum pace", () => {
    expect(bodyTimeMs(0)).toBe(BODY_TIME_BASE_MS);
    expect(bodyTimeMs(BODY_MIN_BYTES_PER_S * 60)).toBe(BODY_TIME_BASE_MS + 60_000);
  });
});
