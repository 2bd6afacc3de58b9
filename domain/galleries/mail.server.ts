// A client gallery's mails, sent through the one outbox (domain/mail): "your gallery is ready" to
// the client, "a selection was submitted" to the studio, and a reminder to the client a few days
// before the link expires (once per expiry day). Queuing is the outbox's (enqueueMail, which
// wakes its sender); this module writes them: the writer of the gallery kinds that the sender is
// given at start, which also queues the reminders that fall due. The "gallery ready" mail is text
// and HTML in the studio's look, its cover and the studio's logo attached (ready-mail.ts).
import type { Database } from "../../platform/db/db.server.ts";
import type { Day, GalleryMailKind, RecipientLanguage } from "../../platform/db/schema.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { PUBLIC } from "../catalog/audience.server.ts";
import { loadStoredImages } from "../catalog/images.server.ts";
import { dayIn } from "../catalog/language-dates.ts";
import { readStudioRow } from "../catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE, studioDay } from "../catalog/studio-time.ts";
import { mailSourceVariant, type RenderedImage, renderInlineImage } from "../mail/inline-images.server.ts";
import { enqueueMail, type GalleryMail, lastMailOfGallery } from "../mail/outbox.server.ts";
import type { Letter, MailWriter, MailWriters } from "../mail/sender.server.ts";
import { domainOf, type InlineImage, type MailAddresses, type OutgoingMail } from "../mail/smtp.server.ts";
import { greeting, STUDIO_LANGUAGE, type StudioNameIn, type WordsFor } from "../mail/words.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import { GRID_MAX_VARIANT_WIDTH_PX } from "./compact-image.ts";
import { type CoverAlt, coverAltIn, storedCovers } from "./cover.server.ts";
import { MAIL_LOGO_HEIGHT_PX, type MailPicture, readyMailHtml } from "./ready-mail.ts";
import { galleryLink, galleryReadyMessage, titleForClient } from "./sending.server.ts";

/** The reminder goes this many days before the link's last day. */
export const EXPIRY_REMINDER_DAYS_BEFORE = 3;
/**
 * The cover's width in the "gallery ready" mail, in pixels: drawn at up to 600 CSS px, made from a
 * variant no wider than the gallery's grid offers (GRID_MAX_VARIANT_WIDTH_PX: a watermarked
 * gallery offers nothing unmarked beyond it), about 60-120 KB as JPEG.
 */
export const MAIL_COVER_WIDTH_PX = 800;
/** The logo's height in the mail's file, in pixels: twice its drawn height, for dense screens. */
const MAIL_LOGO_FILE_HEIGHT_PX = 2 * MAIL_LOGO_HEIGHT_PX;

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
  /** The title in Tamil (migration 0027): a Tamil client's mails use it when the studio wrote one. */
  titleTa: string | null;
  /** The client's language (migration 0028): their mails are written in it; the studio's in English. */
  language: RecipientLanguage;
  clientName: string;
  clientEmail: string;
  token: string;
  expiresOn: Day | null;
  /** Whether the link asks for a PIN (the PIN itself is only a hash here, and never in a mail). */
  hasPin: boolean;
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
        .select([
          "id",
          "title",
          "title_ta",
          "language",
          "client_name",
          "client_email",
          "token",
          "expires_on",
          "pin_hash",
        ])
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
          titleTa: g.title_ta,
          language: g.language,
          clientName: g.client_name,
          clientEmail: g.client_email,
          token: g.token,
          expiresOn: g.expires_on,
          hasPin: g.pin_hash !== null,
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

/** An image made for a mail, with what its HTML says of it. */
export interface MailImage extends RenderedImage {
  alt: string;
}

/** The images of a "gallery ready" mail: the gallery's cover and the studio's logo, when they have them. */
export interface ReadyMailImages {
  cover: MailImage | null;
  logo: MailImage | null;
}

const NO_IMAGES: ReadyMailImages = { cover: null, logo: null };

/** The image attached under `cid`, and what the HTML draws of it. */
function attached(image: MailImage | null, cid: string): { inline: InlineImage; picture: MailPicture } | null {
  if (!image) return null;
  const { width, height, alt, ...file } = image;
  return { inline: { ...file, cid }, picture: { cid, width, height, alt } };
}

/**
 * The mail for one gallery row. The client's mails carry the link and come from the studio (replies
 * reach it), written in the gallery's language (its client's, `wordsFor` gives its words); the
 * studio's says which list was submitted and links to the gallery's admin page, in English.
 */
export function composeGalleryMail(
  mail: { id: number; kind: GalleryMailKind; gallery: GalleryForMail },
  addresses: MailAddresses,
  studioNameIn: StudioNameIn,
  origin: string,
  wordsFor: WordsFor,
  images: ReadyMailImages = NO_IMAGES,
): OutgoingMail {
  const { gallery } = mail;
  const messageId = galleryMessageId(mail.id, mail.kind, addresses.from);
  const link = galleryLink(origin, gallery.token);
  if (mail.kind === "selection-submitted") {
    const words = wordsFor(STUDIO_LANGUAGE);
    const list = gallery.list;
    const facts = {
      who: list?.visitorName || words("mail.selectionSubmitted.someone"),
      list: list?.name ?? "",
      count: list?.count ?? 0,
      title: gallery.title,
    };
    return {
      messageId,
      from: addresses.from,
      to: addresses.studio,
      subject: words("mail.selectionSubmitted.subject", facts),
      text: [
        words("mail.selectionSubmitted.text", facts),
        "",
        words("mail.selectionSubmitted.see", { link: `${origin}/admin/galleries/${gallery.id}#selections` }),
        "",
      ].join("\n"),
    };
  }
  if (!gallery.clientEmail) throw new Error(`gallery ${gallery.id} has no client e-mail address`);
  const words = wordsFor(gallery.language);
  const studioName = studioNameIn(gallery.language);
  const toClient = { from: addresses.from, to: gallery.clientEmail, replyTo: addresses.studio };
  // Tells mail clients (and their read-aloud and translate offers) which language the mail is in.
  const headers = { "Content-Language": gallery.language };
  const title = titleForClient(gallery);
  if (mail.kind === "expiry-reminder") {
    const hello = greeting(words, gallery.clientName);
    const day = gallery.expiresOn && dayIn(gallery.language, gallery.expiresOn);
    return {
      messageId,
      ...toClient,
      subject: day
        ? words("mail.expiryReminder.subject", { title, day })
        : words("mail.expiryReminder.subjectSoon", { title }),
      text: [
        day
          ? words("mail.expiryReminder.text", { hello, title, day, link })
          : words("mail.expiryReminder.textSoon", { hello, title, link }),
        words("mail.expiryReminder.act"),
        `${studioName}\n`,
      ].join("\n\n"),
      headers,
    };
  }
  const subject = words("mail.galleryReady.subject", { title });
  // Content-IDs in the Message-ID's form: unique to this mail, on the studio's domain.
  const cover = attached(images.cover, `cover-${mail.id}@${domainOf(addresses.from)}`);
  const logo = attached(images.logo, `logo-${mail.id}@${domainOf(addresses.from)}`);
  return {
    messageId,
    ...toClient,
    subject,
    text: `${galleryReadyMessage(gallery, link, studioName, words)}\n`,
    html: readyMailHtml({
      gallery,
      link,
      studioName,
      subject,
      cover: cover?.picture ?? null,
      logo: logo?.picture ?? null,
      words,
    }),
    inlineImages: [logo?.inline, cover?.inline].filter((image) => image !== undefined),
    headers,
  };
}

/**
 * Makes an image for a mail, or none when its file cannot be read or decoded: the mail goes
 * without it (its text says everything) rather than waiting for a file that may never come back.
 */
async function imageOrNone<T>(what: string, make: () => Promise<T | null>): Promise<T | null> {
  try {
    return await make();
  } catch (error) {
    logger.warn({ err: error }, `the "gallery ready" mail goes without its ${what}: its file could not be read`);
    return null;
  }
}

/** The studio's logo for its mails, from its public variants (a PNG, its transparency kept). */
async function studioLogoImage(db: Database, storage: MediaStorage): Promise<RenderedImage | null> {
  const logoId = (await readStudioRow(db))?.logo_asset_id;
  if (logoId == null) return null;
  const stored = (await loadStoredImages(db, PUBLIC, [logoId])).get(logoId);
  const variant = stored && mailSourceVariant(stored.variants, { side: "height", min: MAIL_LOGO_FILE_HEIGHT_PX });
  if (!variant) return null;
  return renderInlineImage(storage, variant, {
    name: "logo",
    size: { height: MAIL_LOGO_FILE_HEIGHT_PX },
    format: "png",
  });
}

/** Each gallery's cover for its "gallery ready" mail, by gallery id: a JPEG made from a variant. */
async function coverImages(
  db: Database,
  storage: MediaStorage,
  galleries: readonly GalleryForMail[],
  wordsFor: WordsFor,
): Promise<Map<number, MailImage>> {
  const images = new Map<number, MailImage>();
  // Described in the client's language, as the rest of their mail.
  const alt: CoverAlt<GalleryForMail> = (gallery, label) =>
    coverAltIn(
      gallery.language,
      label,
      wordsFor(gallery.language)("mail.galleryReady.coverAlt", { title: titleForClient(gallery) }),
    );
  for (const [id, cover] of await storedCovers(db, galleries, alt)) {
    const image = await imageOrNone("cover", async () => {
      const variant = mailSourceVariant(cover.stored.variants, {
        side: "width",
        min: MAIL_COVER_WIDTH_PX,
        maxWidth: GRID_MAX_VARIANT_WIDTH_PX,
      });
      if (!variant) return null;
      const made = await renderInlineImage(storage, variant, {
        name: "cover",
        size: { width: MAIL_COVER_WIDTH_PX },
        format: "jpeg",
      });
      return { ...made, alt: cover.alt };
    });
    if (image) images.set(id, image);
  }
  return images;
}

/**
 * Writes a gallery's mails (its row and a submitted list read once for a round; the logo and each
 * ready mail's cover made once for it), and queues the reminders due. `storage` holds the images.
 */
function galleryMailWriter(storage: MediaStorage, wordsFor: WordsFor): MailWriter<GalleryMail> {
  return {
    async letters(db, mails) {
      const { galleries, lists } = await galleriesForMail(db, mails);
      const ready = [
        ...new Set(mails.filter((mail) => mail.kind === "gallery-ready").map((mail) => mail.galleryId)),
      ].flatMap((id) => galleries.get(id) ?? []);
      const covers = ready.length > 0 ? await coverImages(db, storage, ready, wordsFor) : new Map<number, MailImage>();
      const logo = ready.length > 0 ? await imageOrNone("logo", () => studioLogoImage(db, storage)) : null;
      return new Map(
        mails.flatMap((mail): [number, Letter][] => {
          const found = galleries.get(mail.galleryId);
          if (!found) return [];
          const gallery = { ...found, list: ("listId" in mail && lists.get(mail.listId)) || null };
          return [
            [
              mail.id,
              ({ addresses, studioName, origin }) =>
                composeGalleryMail({ id: mail.id, kind: mail.kind, gallery }, addresses, studioName, origin, wordsFor, {
                  cover: covers.get(gallery.id) ?? null,
                  // The logo's text alternative is the studio's name, as on the site, in the mail's language.
                  logo: logo && { ...logo, alt: studioName(gallery.language) },
                }),
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
}

/**
 * The gallery kinds' writer, for the outbox's sender; `storage` holds the photos its mails show,
 * `wordsFor` gives the `mail` catalogue's words in a language.
 */
export function galleryMailWriters(storage: MediaStorage, wordsFor: WordsFor): MailWriters {
  const writer = galleryMailWriter(storage, wordsFor);
  return { "gallery-ready": writer, "selection-submitted": writer, "expiry-reminder": writer };
}
