// Album proofing's mails through the one outbox, against a real SMTP server in this process (and
// a real database: SQLite here, PostgreSQL in its run): each is queued with the move that causes
// it, or not at all, to the couple with their album's link or to the studio with its admin page;
// the couple's only when the gallery has their address; and the reminder after the studio's
// number of quiet days, once, never for an answered version, a closed gallery or a studio that
// chose 0.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seededJpeg } from "#fixtures/gallery-fixture.ts";
import { mailTestBed } from "#fixtures/mail-test-bed.ts";
import { decodedHeader } from "#fixtures/smtp-sink.ts";
import { engineOf } from "#platform/db/db.server.ts";
import { DAY_MS, MINUTE_MS } from "#platform/time.ts";
import { mailWriters } from "#tests/helpers/mail-writers.ts";
import { createGallery, readGallery } from "../galleries/galleries.server.ts";
import { type OutboxOptions, runOutboxRound } from "../mail/sender.server.ts";
import type { MailAddresses } from "../mail/smtp.server.ts";
import { queueDueAlbumReminders } from "./mail.server.ts";
import {
  addComment,
  approveVersion,
  createAlbum,
  markViewed,
  ProofingRefusal,
  sendChanges,
  sendDraft,
} from "./proofing.server.ts";
import { ingestSpread } from "./spreads.server.ts";

const ADDRESSES: MailAddresses = { studio: "studio@nila.example", from: "Nila Studio <hello@nila.example>" };
const ORIGIN = "https://nila.example";
const T0 = new Date("2026-03-01T10:00:00.000Z");
const laterBy = (days: number, minutes = 0) => new Date(T0.getTime() + days * DAY_MS + minutes * MINUTE_MS);

const bed = mailTestBed();

function outbox(now = () => T0): OutboxOptions {
  return {
    db: bed.store.db,
    mailer: bed.mailer(),
    writers: mailWriters(bed.store.storage),
    addresses: async () => ADDRESSES,
    studioName: async () => () => "Nila Studio",
    retryBaseMs: 30_000,
    now,
    origin: () => ORIGIN,
  };
}

/** The studio's settings row, its reminder after `days` (the column's default: 7). */
async function studioReminding(days?: number) {
  await bed.store.db
    .insertInto("studio_settings")
    .values({
      id: 1,
      name: "Nila Studio",
      time_zone: "UTC",
      ...(days === undefined ? {} : { album_reminder_days: days }),
    })
    .execute();
}

/**
 * A gallery with an album (named "Ours", and in Tamil if given) whose first version (one spread)
 * is sent at `sentAt`, and one person of the gallery.
 */
async function sentAlbum({
  clientEmail = "priya@example.com",
  sentAt = T0,
  language = "en" as "en" | "ta",
  albumTitleTa = "",
} = {}) {
  const { db } = bed.store;
  const galleryId = await createGallery(db, {
    title: "Priya & Karthik",
    titleTa: "பிரியா & கார்த்திக்",
    clientName: "Priya",
    clientEmail,
    language,
  });
  const { albumId } = await createAlbum(db, galleryId, { title: "Ours", titleTa: albumTitleTa }, sentAt);
  await ingestSpread(
    bed.store,
    galleryId,
    {
      uploadId: `up-${galleryId}-1`,
      albumId,
      fileName: "spread-01.jpg",
      place: 1,
      source: await seededJpeg(7, 960, 480),
    },
    sentAt,
  );
  const version = await sendDraft(db, galleryId, albumId, sentAt);
  const gallery = await readGallery(db, galleryId);
  if (!gallery) throw new Error("no gallery");
  const { id: visitorId } = await db
    .insertInto("gallery_visitors")
    .values({ gallery_id: galleryId, name: "Priya", name_key: "priya", pin_hash: "x" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    galleryId,
    albumId,
    versionId: version.id,
    token: gallery.token,
    person: { visitorId, name: "Priya" },
    link: `${ORIGIN}/g/${gallery.token}/album/${albumId}`,
    adminLink: `${ORIGIN}/admin/galleries/${galleryId}/albums/${albumId}`,
  };
}

/** The outbox's album rows, in the order they were queued. */
async function albumRows() {
  return bed.store.db
    .selectFrom("mail_outbox")
    .select(["kind", "gallery_id", "album_version_id", "delivered_at"])
    .where("album_version_id", "is not", null)
    .orderBy("id")
    .execute();
}

describe("album mails through the outbox", () => {
  it("mails each move to whom it concerns: a version to the couple, changes and approval to the studio, its copy to the couple", async () => {
    const album = await sentAlbum();
    expect(await albumRows()).toEqual([
      { kind: "album-sent", gallery_id: album.galleryId, album_version_id: album.versionId, delivered_at: null },
    ]);
    expect(await runOutboxRound(outbox())).toEqual({ claimed: 1, delivered: 1, failed: 0, released: 0 });
    const [sent] = await bed.sink.waitForMails(1);
    expect(sent?.envelopeTo).toEqual(["priya@example.com"]);
    expect(sent?.headers).toMatchObject({ to: "priya@example.com", "reply-to": "studio@nila.example" });
    expect(sent?.headers["message-id"]).toMatch(/^<album-sent-\d+@nila\.example>$/);
    expect(decodedHeader(sent?.headers.subject)).toBe('Your album "Ours" is ready to see');
    expect(sent?.text).toBe(
      `Hello Priya, the design of your album "Ours" is ready for you to see: ${album.link}\n\n` +
        "Tap a spot on a spread to tell us what to change, or approve it when you are happy.\n\nNila Studio\n",
    );

    const { db } = bed.store;
    for (const text of ["Swap the left photo", "Brighter"])
      await addComment(db, album.galleryId, album.albumId, album.versionId, album.person, {
        spread: 1,
        x: 0.2,
        y: 0.5,
        text,
        swapPhotoId: null,
      });
    await sendChanges(db, album.galleryId, album.albumId, album.versionId, laterBy(1));
    expect(await runOutboxRound(outbox(() => laterBy(1)))).toMatchObject({ delivered: 1 });
    const [, changes] = await bed.sink.waitForMails(2);
    expect(changes?.envelopeTo).toEqual(["studio@nila.example"]);
    expect(changes?.headers["reply-to"]).toBeUndefined();
    expect(decodedHeader(changes?.headers.subject)).toBe('Changes asked for the album "Ours" (Priya & Karthik)');
    expect(changes?.text).toContain('version 1 of the album "Ours" (Priya & Karthik): 2 comments.');
    expect(changes?.text).toContain(`See them on the spreads: ${album.adminLink}`);

    // Version 2: the couple's mail says it is a new version; then they approve it.
    await ingestSpread(
      bed.store,
      album.galleryId,
      {
        uploadId: "up-v2",
        albumId: album.albumId,
        fileName: "spread-01.jpg",
        place: 1,
        source: await seededJpeg(8, 960, 480),
      },
      laterBy(2),
    );
    const v2 = await sendDraft(db, album.galleryId, album.albumId, laterBy(2));
    await approveVersion(
      db,
      album.galleryId,
      album.albumId,
      v2.id,
      album.person,
      {
        name: "Priya Raman",
        address: "203.0.113.7",
      },
      laterBy(3),
    );
    expect((await albumRows()).map((row) => [row.kind, row.album_version_id])).toEqual([
      ["album-sent", album.versionId],
      ["album-changes", album.versionId],
      ["album-sent", v2.id],
      ["album-approved", v2.id],
      ["album-approved-client", v2.id],
    ]);
    expect(await runOutboxRound(outbox(() => laterBy(3)))).toMatchObject({ claimed: 3, delivered: 3 });
    const [, , second, approved, copy] = await bed.sink.waitForMails(5);
    expect(decodedHeader(second?.headers.subject)).toBe('Version 2 of your album "Ours" is ready');
    expect(second?.text).toContain(
      `version 2 of your album "Ours" is ready, with the changes you asked for: ${album.link}`,
    );

    expect(approved?.envelopeTo).toEqual(["studio@nila.example"]);
    expect(decodedHeader(approved?.headers.subject)).toBe(
      'Version 2 of the album "Ours" (Priya & Karthik) is approved',
    );
    // The time in the studio's zone (India's, with no settings saved), 10:00 UTC.
    expect(approved?.text).toContain(
      'Version 2 of the album "Ours" (Priya & Karthik) was approved by Priya Raman on 4 Mar 2026, 15:30 GMT+5:30.',
    );
    expect(approved?.text).toContain(`The approval: ${album.adminLink}`);

    expect(copy?.envelopeTo).toEqual(["priya@example.com"]);
    expect(copy?.headers["reply-to"]).toBe("studio@nila.example");
    expect(decodedHeader(copy?.headers.subject)).toBe('You approved your album "Ours"');
    expect(copy?.text).toContain("was approved by Priya Raman on");
    expect(copy?.text).toContain(`The approval: ${album.link}`);
    expect(copy?.text).not.toContain("/admin/");
  });

  it("queues the couple's mails only when the gallery has their address; the studio's always", async () => {
    const album = await sentAlbum({ clientEmail: "" });
    await approveVersion(bed.store.db, album.galleryId, album.albumId, album.versionId, album.person, {
      name: "Priya",
      address: "203.0.113.7",
    });
    expect((await albumRows()).map((row) => row.kind)).toEqual(["album-approved"]);
  });

  it("queues nothing when the move fails, and moves nothing when its mail cannot be queued", async () => {
    const { db } = bed.store;
    const album = await sentAlbum();
    await expect(sendDraft(db, album.galleryId, album.albumId)).rejects.toThrow(ProofingRefusal);
    // The outbox refuses every row from now on: the approval goes with its mail.
    if (engineOf(db) === "postgres") {
      await sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'the outbox is refusing'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_mail before insert on mail_outbox begin select raise(abort, 'the outbox is refusing'); end`.execute(
        db,
      );
    }
    await expect(
      approveVersion(db, album.galleryId, album.albumId, album.versionId, album.person, {
        name: "Priya",
        address: "x",
      }),
    ).rejects.toThrow(/the outbox is refusing/);
    const version = await db
      .selectFrom("album_versions")
      .select(["state", "answered_at"])
      .where("id", "=", album.versionId)
      .executeTakeFirstOrThrow();
    expect(version).toEqual({ state: "sent", answered_at: null });
    expect(await db.selectFrom("album_approvals").selectAll().execute()).toEqual([]);
    expect((await albumRows()).map((row) => row.kind)).toEqual(["album-sent"]);
  });
});

describe("a Tamil couple's album mails (issue 33)", () => {
  it("writes the couple's in Tamil, their version and their reminder; the studio's stay English", async () => {
    await studioReminding();
    const album = await sentAlbum({ language: "ta" });
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });
    const [sent] = await bed.sink.waitForMails(1);
    expect(decodedHeader(sent?.headers.subject)).toBe('உங்கள் "Ours" ஆல்பம் பார்க்கத் தயார்');
    expect(sent?.headers["content-language"]).toBe("ta");
    expect(sent?.text).toBe(
      `வணக்கம் Priya, உங்கள் "Ours" ஆல்பத்தின் வடிவமைப்பு நீங்கள் பார்க்கத் தயாராக உள்ளது: ${album.link}\n\n` +
        "மாற்ற வேண்டிய இடத்தில் பக்கத்தைத் தொட்டுச் சொல்லுங்கள்; எல்லாம் பிடித்திருந்தால் ஒப்புதல் தாருங்கள்.\n\nNila Studio\n",
    );

    // A week without an answer: the reminder, in Tamil, its days counted in Tamil's plural.
    expect(await runOutboxRound(outbox(() => laterBy(7, 1)))).toMatchObject({ delivered: 1 });
    const [, reminder] = await bed.sink.waitForMails(2);
    expect(decodedHeader(reminder?.headers.subject)).toBe('உங்கள் "Ours" ஆல்பம் உங்களுக்காகக் காத்திருக்கிறது');
    expect(reminder?.text).toContain(
      `வணக்கம் Priya, உங்கள் "Ours" ஆல்பத்தின் பதிப்பு 1 7 நாட்களாக உங்களுக்காகக் காத்திருக்கிறது: ${album.link}`,
    );
    for (const mail of [sent, reminder]) expect(mail?.text).not.toMatch(/Hello|your album|waiting|⟦/);

    // Their changes reach the studio in English, with the gallery's English title.
    const { db } = bed.store;
    await addComment(db, album.galleryId, album.albumId, album.versionId, album.person, {
      spread: 1,
      x: 0.2,
      y: 0.5,
      text: "இடது படத்தை மாற்றுங்கள்",
      swapPhotoId: null,
    });
    await sendChanges(db, album.galleryId, album.albumId, album.versionId, laterBy(8));
    expect(await runOutboxRound(outbox(() => laterBy(8)))).toMatchObject({ delivered: 1 });
    const [, , changes] = await bed.sink.waitForMails(3);
    expect(changes?.envelopeTo).toEqual(["studio@nila.example"]);
    expect(decodedHeader(changes?.headers.subject)).toBe('Changes asked for the album "Ours" (Priya & Karthik)');
    expect(changes?.text).toContain('version 1 of the album "Ours" (Priya & Karthik): 1 comment.');
    expect(changes?.headers["content-language"]).toBeUndefined();
  });
});

describe("an album's Tamil name in its mails (issue 33)", () => {
  const OURS_TA = "எங்கள் ஆல்பம்";

  it("names the album in Tamil to a Tamil couple; the studio's mails keep its English name", async () => {
    const album = await sentAlbum({ language: "ta", albumTitleTa: OURS_TA });
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });
    const [sent] = await bed.sink.waitForMails(1);
    expect(decodedHeader(sent?.headers.subject)).toBe(`உங்கள் "${OURS_TA}" ஆல்பம் பார்க்கத் தயார்`);
    expect(sent?.text).toContain(`உங்கள் "${OURS_TA}" ஆல்பத்தின் வடிவமைப்பு`);
    expect(sent?.text).not.toContain("Ours");

    await approveVersion(
      bed.store.db,
      album.galleryId,
      album.albumId,
      album.versionId,
      album.person,
      { name: "Priya", address: "203.0.113.7" },
      laterBy(1),
    );
    expect(await runOutboxRound(outbox(() => laterBy(1)))).toMatchObject({ delivered: 2 });
    const mails = await bed.sink.waitForMails(3);
    const toStudio = mails.find((m) => m.envelopeTo.includes("studio@nila.example"));
    const copy = mails.slice(1).find((m) => m.envelopeTo.includes("priya@example.com"));
    // The couple's copy: their album's and their gallery's Tamil names.
    expect(decodedHeader(copy?.headers.subject)).toBe(`உங்கள் "${OURS_TA}" ஆல்பத்துக்கு ஒப்புதல் தந்துவிட்டீர்கள்`);
    expect(copy?.text).toContain(`"${OURS_TA}" ஆல்பத்தின் (பிரியா & கார்த்திக்) பதிப்பு 1-க்கு Priya`);
    // The studio's: English, as its admin.
    expect(decodedHeader(toStudio?.headers.subject)).toBe(
      'Version 1 of the album "Ours" (Priya & Karthik) is approved',
    );
    expect(toStudio?.text).not.toContain(OURS_TA);
  });

  it("keeps the English name for an English couple, whatever Tamil name the album has", async () => {
    await sentAlbum({ language: "en", albumTitleTa: OURS_TA });
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });
    const [sent] = await bed.sink.waitForMails(1);
    expect(decodedHeader(sent?.headers.subject)).toBe('Your album "Ours" is ready to see');
    expect(sent?.text).not.toContain(OURS_TA);
  });
});

describe("the album reminder", () => {
  it("goes to the couple after the studio's days without activity, once, queued by the outbox itself", async () => {
    await studioReminding();
    const album = await sentAlbum();
    expect(await runOutboxRound(outbox())).toMatchObject({ delivered: 1 });

    expect(await queueDueAlbumReminders(bed.store.db, laterBy(7, -1))).toBe(0);
    expect(await runOutboxRound(outbox(() => laterBy(7, 1)))).toMatchObject({ claimed: 1, delivered: 1 });
    const [, reminder] = await bed.sink.waitForMails(2);
    expect(reminder?.envelopeTo).toEqual(["priya@example.com"]);
    expect(reminder?.headers["reply-to"]).toBe("studio@nila.example");
    expect(decodedHeader(reminder?.headers.subject)).toBe('Your album "Ours" is waiting for you');
    expect(reminder?.text).toContain(
      `Hello Priya, version 1 of your album "Ours" has been waiting for you for 7 days: ${album.link}`,
    );
    // Once: not again in a later round, nor a week later.
    expect(await queueDueAlbumReminders(bed.store.db, laterBy(7, 2))).toBe(0);
    expect(await queueDueAlbumReminders(bed.store.db, laterBy(30))).toBe(0);
    expect((await albumRows()).map((row) => row.kind)).toEqual(["album-sent", "album-reminder"]);
    // The reminder is not the couple's activity: the studio still sees when they last did something.
    const version = await bed.store.db
      .selectFrom("album_versions")
      .select(["last_activity_at", "reminded_at"])
      .where("id", "=", album.versionId)
      .executeTakeFirstOrThrow();
    expect(version).toEqual({ last_activity_at: T0.toISOString(), reminded_at: laterBy(7, 1).toISOString() });
  });

  it("counts its days from the couple's last activity, and follows the studio's setting", async () => {
    await studioReminding(3);
    const album = await sentAlbum();
    await markViewed(bed.store.db, album.galleryId, album.albumId, laterBy(2));
    expect(await queueDueAlbumReminders(bed.store.db, laterBy(3, 1))).toBe(0);
    expect(await queueDueAlbumReminders(bed.store.db, laterBy(5, -1))).toBe(0);
    expect(await queueDueAlbumReminders(bed.store.db, laterBy(5, 1))).toBe(1);
  });

  it("never goes for an answered version, a gallery closed or without the couple's address, or when the studio chose 0", async () => {
    const { db } = bed.store;
    await studioReminding();
    const answered = await sentAlbum();
    await addComment(
      db,
      answered.galleryId,
      answered.albumId,
      answered.versionId,
      answered.person,
      {
        spread: 1,
        x: null,
        y: null,
        text: "Swap it",
        swapPhotoId: null,
      },
      T0,
    );
    await sendChanges(db, answered.galleryId, answered.albumId, answered.versionId, T0);
    const approved = await sentAlbum();
    await approveVersion(
      db,
      approved.galleryId,
      approved.albumId,
      approved.versionId,
      approved.person,
      {
        name: "Priya",
        address: "x",
      },
      T0,
    );
    await sentAlbum({ clientEmail: "" });
    const revoked = await sentAlbum();
    await db
      .updateTable("client_galleries")
      .set({ revoked_at: T0.toISOString() })
      .where("id", "=", revoked.galleryId)
      .execute();
    const deleted = await sentAlbum();
    await db
      .updateTable("client_galleries")
      .set({ deleted_at: T0.toISOString() })
      .where("id", "=", deleted.galleryId)
      .execute();
    const expired = await sentAlbum();
    await db
      .updateTable("client_galleries")
      .set({ expires_on: "2026-03-05" })
      .where("id", "=", expired.galleryId)
      .execute();
    const waiting = await sentAlbum();

    await db.updateTable("studio_settings").set({ album_reminder_days: 0 }).execute();
    expect(await queueDueAlbumReminders(db, laterBy(60))).toBe(0);
    await db.updateTable("studio_settings").set({ album_reminder_days: 7 }).execute();
    expect(await queueDueAlbumReminders(db, laterBy(8))).toBe(1);
    const reminded = await db
      .selectFrom("mail_outbox")
      .select("album_version_id")
      .where("kind", "=", "album-reminder")
      .execute();
    expect(reminded).toEqual([{ album_version_id: waiting.versionId }]);
  });
});
