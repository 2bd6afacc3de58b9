// A client gallery's mails through the one outbox, against a real SMTP server in this process:
// "gallery ready" to the client with the link, as text and as HTML in the studio's look with its
// cover and logo attached (clean JPEG and PNG files, every typed text escaped, never the PIN),
// "selection submitted" to the studio, and the reminder before the link expires, queued once per
// expiry day; inquiries' mails unchanged.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addPhotoToSet } from "#fixtures/gallery-fixture.ts";
import { mailTestBed } from "#fixtures/mail-test-bed.ts";
import { decodedHeader as decoded, type MimePart, type ReceivedMail } from "#fixtures/smtp-sink.ts";
import { FIXTURES_DIR, insertAssets } from "#fixtures/test-store.ts";
import { mailWriters } from "#tests/helpers/mail-writers.ts";
import { ingestImage } from "../catalog/ingest.server.ts";
import { formatDay } from "../catalog/studio-time.ts";
import { storeInquiry } from "../inquiries/store.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import { type OutboxOptions, runOutboxRound } from "../mail/sender.server.ts";
import type { MailAddresses } from "../mail/smtp.server.ts";
import { updateGalleryAccess } from "./access-settings.server.ts";
import { setGalleryCover } from "./cover.server.ts";
import { addGallerySet, createGallery, readGallery, setGalleryPin } from "./galleries.server.ts";
import { addDays, EXPIRY_REMINDER_DAYS_BEFORE, MAIL_COVER_WIDTH_PX, queueDueExpiryReminders } from "./mail.server.ts";
import { MAIL_LOGO_HEIGHT_PX } from "./ready-mail.ts";
import { markGallerySent } from "./sending.server.ts";

/** A photo whose own bytes carry EXIF with GPS (and an orientation): the mail's copy must carry neither. */
const GPS_PHOTO = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
/** Base64 never holds "-": found anywhere in the raw message, it would be in the text. */
const PIN = "kolam-7291";

const ADDRESSES: MailAddresses = { studio: "studio@nila.example", from: "Nila Studio <hello@nila.example>" };
const ORIGIN = "https://nila.example";
const T0 = new Date("2026-03-01T10:00:00.000Z");

const bed = mailTestBed();

function outbox(now = () => T0): OutboxOptions {
  return {
    db: bed.store.db,
    mailer: bed.mailer(),
    writers: mailWriters(bed.store.storage),
    addresses: async () => ADDRESSES,
    // The studio's name in each mail's language, as studioNames reads it (migration 0027).
    studioName: async () => (language: "en" | "ta") => (language === "ta" ? "நிலா ஸ்டுடியோ" : "Nila Studio"),
    retryBaseMs: 30_000,
    now,
    origin: () => ORIGIN,
  };
}

/** A gallery for Priya, English unless said (the studio chooses the client's language, issue 33). */
async function newGallery(expiresOn: string | null = null, language: "en" | "ta" = "en") {
  const id = await createGallery(bed.store.db, {
    title: "Priya & Karthik",
    titleTa: "பிரியா & கார்த்திக்",
    clientName: "Priya",
    clientEmail: "priya@example.com",
    language,
  });
  if (expiresOn)
    await updateGalleryAccess(bed.store.db, id, {
      expiresOn,
      downloads: "off",
      watermarkText: "",
      watermarkPosition: "bottom-right",
      watermarkOpacity: 40,
    });
  const gallery = await readGallery(bed.store.db, id);
  if (!gallery) throw new Error("no gallery");
  return gallery;
}

/** The mail's one part of this media type. */
function partOf(mail: ReceivedMail | undefined, type: string): MimePart {
  const parts = mail?.parts.filter((part) => part.type === type) ?? [];
  expect(parts).toHaveLength(1);
  return parts[0] as MimePart;
}

/** The Content-ID an image part is attached under, without its angle brackets. */
function contentId(part: MimePart): string {
  return (part.headers["content-id"] ?? "").replace(/^<|>$/g, "");
}

/** Uploads `data` into the set through the pipeline with the set's plan; returns the photo's id. */
function uploadPhoto(setId: number, data: Uint8Array, fileName: string): Promise<number> {
  return addPhotoToSet(bed.store, setId, data, fileName);
}

/** A wide logo on a transparent ground, made the studio's through the public pipeline. */
async function setStudioLogo(): Promise<void> {
  const logo = await sharp({ create: { width: 1082, height: 240, channels: 4, background: "#00000000" } })
    .composite([
      {
        input: await sharp({ create: { width: 900, height: 160, channels: 4, background: "#8a5a2bff" } })
          .png()
          .toBuffer(),
        top: 40,
        left: 91,
      },
    ])
    .png()
    .toBuffer();
  const { assetId } = await ingestImage(bed.store, logo, "logo.png");
  await bed.store.db
    .insertInto("studio_settings")
    .values({ id: 1, name: "Nila Studio", logo_asset_id: assetId })
    .onConflict((oc) => oc.column("id").doUpdateSet({ logo_asset_id: assetId }))
    .execute();
}

describe("gallery mails through the outbox", () => {
  it("mails the client that the gallery is ready, with its private link, replies going to the studio", async () => {
    const gallery = await newGallery();
    await enqueueMail(bed.store.db, { kind: "gallery-ready", galleryId: gallery.id }, T0);
    expect(await runOutboxRound(outbox())).toEqual({ claimed: 1, delivered: 1, failed: 0, released: 0 });
    const [mail] = await bed.sink.waitForMails(1);
    expect(mail?.envelopeTo).toEqual(["priya@example.com"]);
    expect(mail?.headers).toMatchObject({
      to: "priya@example.com",
      "reply-to": "studio@nila.example",
      subject: "Your photos from Priya & Karthik are ready",
    });
    expect(mail?.headers["message-id"]).toMatch(/^<gallery-gallery-ready-\d+@nila\.example>$/);
    expect(mail?.text).toContain(
      `Hello Priya, your photos from Priya & Karthik are ready: ${ORIGIN}/g/${gallery.token}`,
    );
    // Text and HTML, nothing attached: no cover, no logo (the name is the wordmark), no PIN, no last day.
    expect(mail?.parts.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
    const html = partOf(mail, "text/html").content.toString("utf8");
    expect(html).toContain(`<a href="${ORIGIN}/g/${gallery.token}"`);
    expect(html).toContain(">Nila Studio</span>");
    expect(html).not.toContain("<img");
    for (const body of [mail?.text, html]) {
      expect(body).not.toContain("PIN");
      expect(body).not.toContain("works until");
    }
    const rows = await bed.store.db.selectFrom("mail_outbox").selectAll().execute();
    expect(rows).toMatchObject([{ gallery_id: gallery.id, inquiry_id: null, delivered_at: T0.toISOString() }]);
  });

  it("mails it as HTML in the studio's look beside the text: cover and logo attached clean, its last day, a PIN asked but never given", async () => {
    const { db } = bed.store;
    const title = `<script>alert("x")</script> Priya & Karthik`;
    const id = await createGallery(db, { title, clientName: "Priya <Amma>", clientEmail: "priya@example.com" });
    const lastDay = "2026-03-20";
    await updateGalleryAccess(db, id, {
      expiresOn: lastDay,
      downloads: "off",
      watermarkText: "",
      watermarkPosition: "bottom-right",
      watermarkOpacity: 40,
    });
    await setGalleryPin(db, id, PIN);
    const set = await addGallerySet(db, id, "Muhurtham");
    expect(await setGalleryCover(db, id, await uploadPhoto(set, GPS_PHOTO, "DSC_0001.jpg"))).toEqual({ ok: true });
    await setStudioLogo();
    const gallery = await readGallery(db, id);
    if (!gallery) throw new Error("no gallery");

    await enqueueMail(db, { kind: "gallery-ready", galleryId: id }, T0);
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });
    const [mail] = await bed.sink.waitForMails(1);
    const link = `${ORIGIN}/g/${gallery.token}`;

    // The text for clients that show no HTML: the link, its last day, that it asks for a PIN.
    const text = partOf(mail, "text/plain");
    expect(text.within).toEqual(["multipart/alternative"]);
    expect(mail?.text).toContain(`your photos from ${title} are ready: ${link}`);
    expect(mail?.text).toContain(`The link works until ${formatDay(lastDay)}.`);
    expect(mail?.text).toContain("PIN");

    // The HTML beside it, with its images in a multipart/related: every typed text escaped.
    const htmlPart = partOf(mail, "text/html");
    expect(htmlPart.within).toEqual(["multipart/alternative", "multipart/related"]);
    const html = htmlPart.content.toString("utf8");
    const escapedTitle = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Priya &amp; Karthik";
    expect(html).toContain(`Your photos from ${escapedTitle} are ready</h1>`);
    expect(html).toContain("Hello Priya &lt;Amma&gt;,");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("Priya <Amma>");
    expect(html).toMatch(
      new RegExp(`<a href="${link}" style="[^"]*background-color:#8a5a2b[^"]*">Open your gallery</a>`),
    );
    expect(html).toContain(formatDay(lastDay));
    expect(html).toContain("PIN");
    // No remote image: each one the HTML shows is attached.
    expect(html).not.toMatch(/<img[^>]+src="(?!cid:)/);

    const cover = partOf(mail, "image/jpeg");
    expect(cover.within).toEqual(["multipart/alternative", "multipart/related"]);
    expect(cover.headers["content-disposition"]).toMatch(/^inline/);
    expect(html).toContain(`<img src="cid:${contentId(cover)}" alt="Cover photo of ${escapedTitle}"`);
    const coverMeta = await sharp(cover.content).metadata();
    expect(coverMeta.format).toBe("jpeg");
    expect([coverMeta.exif, coverMeta.xmp, coverMeta.iptc]).toEqual([undefined, undefined, undefined]);
    // Upright (the source's orientation applied), and no wider than the mail's cover.
    expect(coverMeta.height).toBeGreaterThan(coverMeta.width);
    expect(coverMeta.width).toBeLessThanOrEqual(MAIL_COVER_WIDTH_PX);

    const logo = partOf(mail, "image/png");
    expect(html).toContain(`<img src="cid:${contentId(logo)}" alt="Nila Studio"`);
    const logoMeta = await sharp(logo.content).metadata();
    expect(logoMeta).toMatchObject({ format: "png", hasAlpha: true, height: 2 * MAIL_LOGO_HEIGHT_PX });
    expect(logoMeta.exif).toBeUndefined();

    // The PIN is nowhere: not in the text, the HTML, a header or an attachment's name.
    expect(mail?.raw).not.toContain(PIN);
    for (const part of mail?.parts ?? []) expect(part.content.includes(PIN)).toBe(false);
  });

  it("goes without its cover when the cover's file cannot be read, rather than waiting for it", async () => {
    const { db, storage } = bed.store;
    const gallery = await newGallery();
    const set = await addGallerySet(db, gallery.id, "Muhurtham");
    expect(await setGalleryCover(db, gallery.id, await uploadPhoto(set, GPS_PHOTO, "DSC_0001.jpg"))).toEqual({
      ok: true,
    });
    for (const { key } of await db.selectFrom("asset_variants").select("key").execute())
      await storage.public.delete(key);

    await enqueueMail(db, { kind: "gallery-ready", galleryId: gallery.id }, T0);
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1, failed: 0 });
    const [mail] = await bed.sink.waitForMails(1);
    expect(mail?.parts.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
    expect(mail?.text).toContain(`${ORIGIN}/g/${gallery.token}`);
  });

  it("tells the studio a list was submitted: who, which list, how many photos", async () => {
    const gallery = await newGallery();
    const set = await addGallerySet(bed.store.db, gallery.id, "Muhurtham");
    const assets = await insertAssets(bed.store.db, 2);
    const photos = await bed.store.db
      .insertInto("photos")
      .values(assets.map((asset_id, i) => ({ shoot_id: set, asset_id, position: i })))
      .returning("id")
      .execute();
    const { id: visitor } = await bed.store.db
      .insertInto("gallery_visitors")
      .values({ gallery_id: gallery.id, name: "Amma", name_key: "amma", pin_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: listId } = await bed.store.db
      .insertInto("selection_lists")
      .values({ gallery_id: gallery.id, visitor_id: visitor, name: "Album", submitted_at: T0.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await bed.store.db
      .insertInto("selection_items")
      .values(photos.map((p) => ({ list_id: listId, photo_id: p.id })))
      .execute();
    // @ts-expect-error a selection-submitted mail names its list: the type says so, and so does enqueueMail.
    await expect(enqueueMail(bed.store.db, { kind: "selection-submitted", galleryId: gallery.id })).rejects.toThrow();

    await enqueueMail(bed.store.db, { kind: "selection-submitted", galleryId: gallery.id, listId }, T0);
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });
    const [mail] = await bed.sink.waitForMails(1);
    expect(mail?.envelopeTo).toEqual(["studio@nila.example"]);
    expect(decoded(mail?.headers.subject)).toBe('Amma submitted the list "Album" in Priya & Karthik');
    expect(mail?.text).toContain("(2 photos)");
    expect(mail?.text).toContain(`${ORIGIN}/admin/galleries/${gallery.id}#selections`);
  });

  it("reminds a sent gallery's client before the link's last day, once; a new expiry day reminds again", async () => {
    const today = "2026-03-01";
    const soon = await newGallery(addDays(today, EXPIRY_REMINDER_DAYS_BEFORE));
    const later = await newGallery(addDays(today, EXPIRY_REMINDER_DAYS_BEFORE + 1));
    const notSent = await newGallery(addDays(today, 1));
    await markGallerySent(bed.store.db, soon.id);
    await markGallerySent(bed.store.db, later.id);
    expect(notSent.sentAt).toBeNull();

    expect(await queueDueExpiryReminders(bed.store.db, today, T0)).toBe(1);
    expect(await queueDueExpiryReminders(bed.store.db, today, T0)).toBe(0);
    // The outbox queues them itself before each claim (the studio's day, here UTC).
    expect(await runOutboxRound(outbox(() => new Date(`${addDays(today, 1)}T09:00:00.000Z`)))).toMatchObject({
      claimed: 2,
      delivered: 2,
    });
    const mails = await bed.sink.waitForMails(2);
    // The last day as people read it (issue 33: dates through Intl), not as it is stored.
    expect(mails.map((m) => decoded(m.headers.subject)).sort()).toEqual(
      [
        `Your gallery Priya & Karthik closes on ${formatDay(addDays(today, EXPIRY_REMINDER_DAYS_BEFORE))}`,
        `Your gallery Priya & Karthik closes on ${formatDay(addDays(today, EXPIRY_REMINDER_DAYS_BEFORE + 1))}`,
      ].sort(),
    );
    expect(mails[0]?.text).toContain(`${ORIGIN}/g/`);

    await updateGalleryAccess(bed.store.db, soon.id, {
      expiresOn: addDays(today, 2),
      downloads: "off",
      watermarkText: "",
      watermarkPosition: "bottom-right",
      watermarkOpacity: 40,
    });
    expect(await queueDueExpiryReminders(bed.store.db, today)).toBe(1);
  });

  it("writes a Tamil client's mails in Tamil: the ready mail's subject, text and HTML, and the reminder (issue 33)", async () => {
    const today = "2026-01-20";
    const lastDay = addDays(today, EXPIRY_REMINDER_DAYS_BEFORE);
    const gallery = await newGallery(lastDay, "ta");
    const set = await addGallerySet(bed.store.db, gallery.id, "Muhurtham");
    await setGalleryCover(bed.store.db, gallery.id, await uploadPhoto(set, GPS_PHOTO, "DSC_0001.jpg"));
    await enqueueMail(bed.store.db, { kind: "gallery-ready", galleryId: gallery.id }, T0);
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });
    const [ready] = await bed.sink.waitForMails(1);
    const link = `${ORIGIN}/g/${gallery.token}`;
    expect(decoded(ready?.headers.subject)).toBe("உங்கள் பிரியா & கார்த்திக் புகைப்படங்கள் தயார்");
    expect(ready?.headers["content-language"]).toBe("ta");
    expect(ready?.text).toBe(
      [
        `வணக்கம் Priya, உங்கள் பிரியா & கார்த்திக் புகைப்படங்கள் தயாராக உள்ளன: ${link}`,
        "",
        // 23 January 2026 was a Friday: the day through Intl's Tamil, without its comma before the year.
        "இந்த இணைப்பு வெள்ளி, 23 ஜனவரி 2026 வரை திறக்கும்.",
        "",
        "நிலா ஸ்டுடியோ",
        "",
      ].join("\n"),
    );
    const html = partOf(ready, "text/html").content.toString("utf8");
    expect(html).toContain('<html lang="ta">');
    expect(html).toContain(`<a href="${link}" style=`);
    expect(html).toContain(">கேலரியைத் திற</a>");
    expect(html).toContain("இந்த இணைப்பு வெள்ளி, 23 ஜனவரி 2026 வரை திறக்கும்.");
    // The cover, whose photo has no alt text of the studio's, described in Tamil; signed with the Tamil name.
    const cover = partOf(ready, "image/jpeg");
    expect(html).toContain(`<img src="cid:${contentId(cover)}" alt="பிரியா &amp; கார்த்திக் கேலரியின் முகப்புப் படம்"`);
    expect(html).toContain("நிலா ஸ்டுடியோ<br>");
    for (const body of [ready?.text, html])
      expect(body).not.toMatch(/Hello|ready|works until|Cover photo|Nila Studio|⟦/);

    await markGallerySent(bed.store.db, gallery.id);
    expect(await runOutboxRound(outbox(() => new Date(`${today}T09:00:00.000Z`)))).toMatchObject({ delivered: 1 });
    const [, reminder] = await bed.sink.waitForMails(2);
    expect(decoded(reminder?.headers.subject)).toBe("உங்கள் பிரியா & கார்த்திக் கேலரி வெள்ளி, 23 ஜனவரி 2026 அன்று மூடப்படும்");
    expect(reminder?.headers["content-language"]).toBe("ta");
    expect(reminder?.text).toContain(
      `வணக்கம் Priya, உங்கள் பிரியா & கார்த்திக் கேலரி வெள்ளி, 23 ஜனவரி 2026 வரை மட்டுமே திறந்திருக்கும்: ${link}`,
    );
    expect(reminder?.text).toMatch(/\n\nநிலா ஸ்டுடியோ\n$/);
    expect(reminder?.text).not.toMatch(/Hello|Download|Nila Studio|⟦/);
  });

  it("still carries inquiries' mails beside gallery mails", async () => {
    const gallery = await newGallery();
    await storeInquiry(
      bed.store.db,
      { name: "Ravi", phoneNumber: "", email: "", message: "A quote, please." },
      { page: "/contactUs", ack: false, now: T0 },
    );
    await enqueueMail(bed.store.db, { kind: "gallery-ready", galleryId: gallery.id }, T0);
    expect(await runOutboxRound(outbox())).toMatchObject({ claimed: 2, delivered: 2 });
    const mails = await bed.sink.waitForMails(2);
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(["priya@example.com", "studio@nila.example"]);
    // The schema refuses a row that names neither or both, or a kind that does not fit.
    await expect(
      bed.store.db
        .insertInto("mail_outbox")
        .values({ kind: "gallery-ready", next_attempt_at: T0.toISOString() })
        .execute(),
    ).rejects.toThrow(/CHECK constraint failed|violates check constraint/);
    await expect(
      bed.store.db
        .insertInto("mail_outbox")
        .values({ gallery_id: gallery.id, kind: "ack", next_attempt_at: T0.toISOString() })
        .execute(),
    ).rejects.toThrow(/CHECK constraint failed|violates check constraint/);
  });
});
