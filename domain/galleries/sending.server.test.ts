// The gallery's private link, and the WhatsApp chat it is shared through.

import { describe, expect, it } from "vitest";
import { galleryLink, whatsappLink } from "./sending.server.ts";

describe("links", () => {
  it("puts the token on the public origin, and prefills WhatsApp with digits only", () => {
    expect(galleryLink("https://nila.example", "abc")).toBe("https://nila.example/g/abc");
    expect(whatsappLink("+91 98765-43210", "Your photos: https://nila.example/g/abc")).toBe(
      "https://wa.me/919876543210?text=Your%20photos%3A%20https%3A%2F%2Fnila.example%2Fg%2Fabc",
    );
    expect(whatsappLink("", "x")).toBeNull();
  });
});
