// The gallery's private link, and the WhatsApp chat it is shared through, in the client's language
// (the `mail` catalogue's words, as the server gives them).

import { describe, expect, it } from "vitest";
import { mailWordsFor } from "#tests/helpers/mail-writers.ts";
import { galleryLink, galleryReadyMessage, studioCountry, whatsappLink } from "./sending.server.ts";

describe("links", () => {
  it("puts the token on the public origin, and prefills WhatsApp with digits only", () => {
    expect(galleryLink("https://nila.example", "abc")).toBe("https://nila.example/g/abc");
    expect(whatsappLink("+91 98765-43210", "Your photos: https://nila.example/g/abc")).toBe(
      "https://wa.me/919876543210?text=Your%20photos%3A%20https%3A%2F%2Fnila.example%2Fg%2Fabc",
    );
    expect(whatsappLink("", "x")).toBeNull();
  });

  it("reads a client's number without a country code as one of the studio's country", () => {
    // The first of the studio's numbers that has a country code says which.
    const india = studioCountry(["90000 00001", "+91 90000 00002", "+44 20 7946 0958"]);
    expect(india).toBe("IN");
    const number = (phone: string) => whatsappLink(phone, "x", india)?.split("?")[0];
    // Ten digits as a couple in Coimbatore gives them, or with the trunk prefix 0.
    expect(number("98430 55555")).toBe("https://wa.me/919843055555");
    expect(number("098430 55555")).toBe("https://wa.me/919843055555");
    expect(number("+91 98430 55555")).toBe("https://wa.me/919843055555");
    // A number with its own country code keeps it, whatever the studio's country.
    expect(number("+1 415 555 2671")).toBe("https://wa.me/14155552671");
    expect(number("+44 7700 900123")).toBe("https://wa.me/447700900123");
    // Without a country to assume, a local number gives no link rather than someone else's.
    expect(studioCountry(["90000 00001"])).toBeUndefined();
    expect(whatsappLink("98430 55555", "x")).toBeNull();
    // Too short or too long for the country: no link.
    expect(number("98430 555")).toBeUndefined();
    expect(number("9843 0555")).toBeUndefined();
    expect(number("98430 55555 55555")).toBeUndefined();
  });
});

describe("the gallery ready message (WhatsApp's text, the mail's text)", () => {
  const gallery = {
    title: "Priya & Karthik",
    titleTa: "பிரியா & கார்த்திக்",
    clientName: "Priya",
    expiresOn: null,
    hasPin: false,
    language: "en" as const,
  };
  const tamil = { ...gallery, language: "ta" as const };
  const link = "https://nila.example/g/abc";
  const english = mailWordsFor("en");

  it("gives the link, then the link's last day and that it asks for a PIN, when it does", () => {
    expect(galleryReadyMessage(gallery, link, "Nila Studio", english)).toBe(
      "Hello Priya, your photos from Priya & Karthik are ready: https://nila.example/g/abc\n\nNila Studio",
    );
    const closing = { expiresOn: "2026-03-20", hasPin: true };
    expect(galleryReadyMessage({ ...gallery, ...closing }, link, "Nila Studio", english)).toBe(
      [
        "Hello Priya, your photos from Priya & Karthik are ready: https://nila.example/g/abc",
        "",
        "The link works until Friday, 20 March 2026.",
        "Opening it asks for a PIN, which we share with you separately.",
        "",
        "Nila Studio",
      ].join("\n"),
    );
  });

  it("is written in Tamil for a Tamil client: their greeting, the Tamil title, the day in Tamil", () => {
    const message = galleryReadyMessage(
      { ...tamil, expiresOn: "2026-03-20", hasPin: true },
      link,
      "Nila Studio",
      mailWordsFor("ta"),
    );
    expect(message).toBe(
      [
        "வணக்கம் Priya, உங்கள் பிரியா & கார்த்திக் புகைப்படங்கள் தயாராக உள்ளன: https://nila.example/g/abc",
        "",
        "இந்த இணைப்பு வெள்ளி, 20 மார்ச் 2026 வரை திறக்கும்.",
        "திறக்கும்போது PIN கேட்கும்; அதைத் தனியாக உங்களுக்குச் சொல்கிறோம்.",
        "",
        "Nila Studio",
      ].join("\n"),
    );
    // Without a Tamil title, the English one; no English words around it.
    const untitled = galleryReadyMessage({ ...tamil, titleTa: null }, link, "Nila Studio", mailWordsFor("ta"));
    expect(untitled).toContain("உங்கள் Priya & Karthik புகைப்படங்கள்");
    expect(untitled).not.toMatch(/Hello|ready|⟦/);
  });
});
