// A client gallery's mails through the one outbox, against a real SMTP server in this process:
// "gallery ready" to the client with the link, "selection submitted" to the studio, and the
// reminder before the link expires, queued once per expiry day; inquiries' mails unchanged.
import { describe, expect, it } from "vitest";
import { mailTestBed } from "#fixtures/mail-test-bed.ts";
import { insertAssets } from "#fixtures/test-store.ts";
import { MAIL_WRITERS } from "#tests/helpers/mail-writers.ts";
import { storeInquiry } from "../inquiries/store.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import { type OutboxOptions, runOutboxRound } from "../mail/sender.server.ts";
import type { MailAddresses } from "../mail/smtp.server.ts";
import { updateGalleryAccess } from "./access-settings.server.ts";
import { addGallerySet, createGallery, readGallery } from "./galleries.server.ts";
import { addDays, EXPIRY_REMINDER_DAYS_BEFORE, queueDueExpiryReminders } from "./mail.server.ts";
import { markGallerySent } from "./sending.server.ts";

const ADDRESSES: MailAddresses = { studio: "studio@nila.example", from: "Nila Studio <hello@nila.example>" };
const ORIGIN = "https://nila.example";
const T0 = new Date("2026-03-01T10:00:00.000Z");

const bed = mailTestBed();

/** A header as written, decoding RFC 2047 Q-encoded words (nodemailer uses them for "&" and quotes). */
function decoded(header: string | undefined): string {
  return (header ?? "").replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
    Buffer.from(
      text
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );
}

function outbox(now = () => T0): OutboxOptions {
  return {
    db: bed.store.db,
    mailer: bed.mailer(),
    writers: MAIL_WRITERS,
    addresses: async () => ADDRESSES,
    studioName: async () => "Nila Studio",
    retryBaseMs: 30_000,
    now,
    origin: () => ORIGIN,
  };
}

async function newGallery(expiresOn: string | null = null) {
  const id = await createGallery(bed.store.db, {
    title: "Priya & Karthik",
    clientName: "Priya",
    clientEmail: "priya@example.com",
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
    const rows = await bed.store.db.selectFrom("mail_outbox").selectAll().execute();
    expect(rows).toMatchObject([{ gallery_id: gallery.id, inquiry_id: null, delivered_at: T0.toISOString() }]);
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
    expect(mails.map((m) => decoded(m.headers.subject)).sort()).toEqual([
      `Your gallery Priya & Karthik closes on ${addDays(today, EXPIRY_REMINDER_DAYS_BEFORE)}`,
      `Your gallery Priya & Karthik closes on ${addDays(today, EXPIRY_REMINDER_DAYS_BEFORE + 1)}`,
    ]);
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
