import { describe, expect, it } from "vitest";
import { publicOrigin, publicOriginWarning } from "./public-origin.server.ts";

const listening = (host: string, port = 3000) => ({ publicUrl: undefined, host, port });

describe("publicOrigin", () => {
  it("is PUBLIC_URL's origin when set", () => {
    expect(publicOrigin({ publicUrl: "https://studio.example.com", host: "127.0.0.1", port: 3000 })).toBe(
      "https://studio.example.com",
    );
    expect(publicOrigin({ publicUrl: "https://Studio.Example.com:443/", host: "0.0.0.0", port: 8080 })).toBe(
      "https://studio.example.com",
    );
  });

  it("is the listening address without it: what `npm start` serves", () => {
    expect(publicOrigin(listening("127.0.0.1"))).toBe("http://127.0.0.1:3000");
    expect(publicOrigin(listening("localhost", 8080))).toBe("http://localhost:8080");
    expect(publicOrigin(listening("::1"))).toBe("http://[::1]:3000");
    expect(publicOrigin(listening("192.168.1.20"))).toBe("http://192.168.1.20:3000");
    // Every interface names no address; this machine's loopback is one of them.
    expect(publicOrigin(listening("0.0.0.0"))).toBe("http://127.0.0.1:3000");
    expect(publicOrigin(listening("::"))).toBe("http://127.0.0.1:3000");
  });

  it("warns at start only when PUBLIC_URL is unset and visitors may come from elsewhere", () => {
    expect(publicOriginWarning(listening("127.0.0.1"))).toBeUndefined();
    expect(publicOriginWarning(listening("localhost"))).toBeUndefined();
    expect(
      publicOriginWarning({ publicUrl: "https://studio.example.com", host: "0.0.0.0", port: 3000 }),
    ).toBeUndefined();
    expect(publicOriginWarning(listening("0.0.0.0"))).toMatch(
      /^PUBLIC_URL is not set: .* name http:\/\/127\.0\.0\.1:3000; set PUBLIC_URL/,
    );
  });
});
