// A client gallery's mails, sent through the one outbox (domain/mail): "your gallery is ready" to
// the client, "a selection was submitted" to the studio, and a reminder to the client a few days
// before the link expires (once per expiry day). Queuing is the outbox's (enqueueMail, which
// wakes its sender); this module writes them: the writer of the gallery kinds that the sender is
// given at start, which also queues the reminders that fall due.
import type { Database } from "../../platform/db/db.server.ts";
import type { Day, GalleryMailKind } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { readStudioRow } from "../catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE, studioDay } from "../catalog/studio-time.ts";
import { enqueueMail, type GalleryMail, lastMailOfGallery } from "../mail/outbox.server.ts";
import type { Letter, MailWriter, MailWriters } from "../mail/sender.server.ts";
import { domainOf, type MailAddresses, type OutgoingMail } from "../mail/smtp.server.ts";
import { galleryLink, galleryReadyMessage } from "./sending.server.ts";

/** The reminder goes this many days before the link's last day. */
export const EXPIRY_REMINDER_DAYS_BEFORE = 3;

/** The gallery's latest "gallery ready" mail, for the admin to show whether it went. */
export function lastGalleryReadyMail(db: Database, galleryId: number) {
  return lastMailOfGallery(db, galleryId, "gallery-ready");
}

/** The day `days` after `day` ("2026-02-14" + 3 = "2026-02-17"). */
export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Galleries whose reminder is due today and not yet queued. */
function dueForReminder(db: Database, today: Day) {
  return db
    .selectFrom("client_galleries")
    .select("id")
    .where("deleted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("sent_at", "is not", null)
    .where("expiry_reminded_at", "is", null)
    .where("client_email", "!=", "")
    .where("expires_on", ">=", today)
    .where("expires_on", "<=", addDays(today, EXPIRY_REMINDER_DAYS_BEFORE))
    .execute();
}

/**
 * Queues the expiry reminder of every gallery whose link ends within EXPIRY_REMINDER_DAYS_BEFORE
 * days of `today` (the studio's day) and that was sent to a client with an e-mail address, once:
 * expiry_reminded_at is set in the same transaction (a new expiry day clears it). The sender
 * calls this before each claim (the gallery kinds' writer). Returns how many were queued.
 */
export async function queueDueExpiryReminders(db: Database, today: Day, now = new Date()): Promise<number> {
  // Every outbox round asks; nearly always nothing is due. Asked first outside a transaction, since
  // a transaction takes the write lock (platform/db/sqlite-dialect.server.ts) from its start.
  if ((await dueForReminder(db, today)).length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    // Again inside, so two workers never queue the same reminder twice.
    const due = await dueForReminder(trx, today);
    for (const { id } of due) {
      await enqueueMail(trx, { kind: "expiry-reminder", galleryId: id }, now);
      await trx
        .updateTable("client_galleries")
        .set({ expiry_reminded_at: toStoredTime(now) })
        .where("id", "=", id)
        .execute();
    }
    return due.length;
  });
}

/** What the outbox reads about a gallery to write its mail. */
export interface GalleryForMail {
  id: number;
  title: string;
  clientName: string;
  clientEmail: string;
  token: string;
  expiresOn: Day | null;
  /** For "selection-submitted": the list, who made it, and how many photos it holds. */
  list: { id: number; name: string; visitorName: string; count: number } | null;
}

/** The galleries (and lists) the claimed mails name, by id. */
async function galleriesForMail(
  db: Database,
  mails: readonly GalleryMail[],
): Promise<{ galleries: Map<number, GalleryForMail>; lists: Map<number, NonNullable<GalleryForMail["list"]>> }> {
  const galleryIds = [...new Set(mails.map((mail) => mail.galleryId))];
  const listIds = [...new Set(mails.flatMap((mail) => ("listId" in mail ? [mail.listId] : [])))];
  const galleryRows = galleryIds.length
    ? await db
        .selectFrom("client_galleries")
        .select(["id", "title", "client_name", "client_email", "token", "expires_on"])
        .where("id", "in", galleryIds)
        .execute()
    : [];
  const listRows = listIds.length
    ? await db
        .selectFrom("selection_lists")
        .innerJoin("gallery_visitors", "gallery_visitors.id", "selection_lists.visitor_id")
        .leftJoin("selection_items", "selection_items.list_id", "selection_lists.id")
        .select([
          "selection_lists.id",
          "selection_lists.name",
          "gallery_visitors.name as visitor_name",
          (eb) => eb.fn.count<number>("selection_items.photo_id").as("count"),
        ])
        .where("selection_lists.id", "in", listIds)
        // Both keys: PostgreSQL lets a query select only what its groups determine.
        .groupBy(["selection_lists.id", "gallery_visitors.id"])
        .execute()
    : [];
  return {
    galleries: new Map(
      galleryRows.map((g) => [
        g.id,
        {
          id: g.id,
          title: g.title,
          clientName: g.client_name,
          clientEmail: g.client_email,
          token: g.token,
          expiresOn: g.expires_on,
          list: null,
        },
      ]),
    ),
    lists: new Map(
      listRows.map((l) => [l.id, { id: l.id, name: l.name, visitorName: l.visitor_name, count: Number(l.count) }]),
    ),
  };
}

export function galleryMessageId(mailId: number, kind: GalleryMailKind, from: string): string {
  return `<gallery-${kind}-${mailId}@${domainOf(from)}>`;
}

/**
 * The mail for one gallery row. The client's mails carry the link and come from the studio (replies
 * reach it); the studio's says which list was submitted and links to the gallery's admin page.
 */
export function composeGalleryMail(
  mail: { id: number; kind: GalleryMailKind; gallery: GalleryForMail },
  addresses: MailAddresses,
  studioName: string,
  origin: string,
): OutgoingMail {
  const { gallery } = mail;
  const messageId = galleryMessageId(mail.id, mail.kind, addresses.from);
  const link = galleryLink(origin, gallery.token);
  if (mail.kind === "selection-submitted") {
    const list = gallery.list;
    const who = list?.visitorName || "A client";
    return {
      messageId,
      from: addresses.from,
      to: addresses.studio,
      subject: `${who} submitted the list "${list?.name ?? ""}" in ${gallery.title}`,
      text: [
        `${who} submitted the selection list "${list?.name ?? ""}" (${list?.count ?? 0} photos) in ${gallery.title}.`,
        "",
        `See it and export it: ${origin}/admin/galleries/${gallery.id}#selections`,
        "",
      ].join("\n"),
    };
  }
  if (!gallery.clientEmail) throw new Error(`gallery ${gallery.id} has no client e-mail address`);
  if (mail.kind === "expiry-reminder") {
    const hello = gallery.clientName ? `Hello ${gallery.clientName},` : "Hello,";
    return {
      messageId,
      from: addresses.from,
      to: gallery.clientEmail,
      replyTo: addresses.studio,
      subject: `Your gallery ${gallery.title} closes on ${gallery.expiresOn ?? "soon"}`,
      text: `${hello} your gallery ${gallery.title} stays open until ${gallery.expiresOn ?? "soon"}: ${link}\n\nDownload or choose your photos before then.\n\n${studioName}\n`,
    };
  }
  return {
    messageId,
    from: addresses.from,
    to: gallery.clientEmail,
    replyTo: addresses.studio,
    subject: `Your photos from ${gallery.title} are ready`,
    text: `${galleryReadyMessage(gallery, link, studioName)}\n`,
  };
}

/** Writes a gallery's mails (its row and a submitted list read once for a round), and queues the reminders due. */
const galleryMailWriter: MailWriter<GalleryMail> = {
  async letters(db, mails) {
    const { galleries, lists } = await galleriesForMail(db, mails);
    return new Map(
      mails.flatMap((mail): [number, Letter][] => {
        const found = galleries.get(mail.galleryId);
        if (!found) return [];
        const gallery = { ...found, list: ("listId" in mail && lists.get(mail.listId)) || null };
        return [
          [
            mail.id,
            ({ addresses, studioName, origin }) =>
              composeGalleryMail({ id: mail.id, kind: mail.kind, gallery }, addresses, studioName, origin),
          ],
        ];
      }),
    );
  },
  // Reminders before a gallery's link expires become rows before each claim, so they are sent like the rest.
  async queueDue(db, now) {
    const studio = await readStudioRow(db);
    await queueDueExpiryReminders(db, studioDay(studio?.time_zone ?? DEFAULT_TIME_ZONE, now), now);
  },
};

/** The gallery kinds' writer, for the outbox's sender. */
export const GALLERY_MAIL_WRITERS: MailWriters = {
  "gallery-ready": galleryMailWriter,
  "selection-submitted": galleryMailWriter,
  "expiry-reminder": galleryMailWriter,
};
