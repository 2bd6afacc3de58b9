// The database's row types, as Kysely sees them. Migrations create these tables; keep the two
// in step (schema.server.test.ts compares every table's real columns with these types). JSON
// columns are TEXT in SQLite (and would be jsonb in PostgreSQL).
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** A column the database fills in when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;
/**
 * An instant as stored: ISO 8601 in UTC with milliseconds, "2026-11-23T21:11:02.123Z", written
 * with platform/time.ts (TEXT in SQLite, checked by the column; timestamptz in PostgreSQL).
 */
export type StoredTime = string;
/** A stored time that the database sets to now when an insert leaves it out. */
type Timestamp = WithDefault<StoredTime>;
/** A stored time that is null until something happens (deleted, revoked, delivered, ...). */
type TimeOrNull = ColumnType<StoredTime | null, StoredTime | null | undefined, StoredTime | null>;
/**
 * When a camera took a photo, as its clock showed it (EXIF DateTimeOriginal): a wall-clock time,
 * not an instant, "2024-05-04T16:20:11", with the camera's offset when it wrote one
 * ("2024-05-04T16:20:11+05:30"). The first 19 characters sort as time (ADR 023).
 */
export type CaptureTime = string;
/**
 * Migration 0027 (issue 33): the Tamil version of the English column it follows; null or empty:
 * not translated, and the Tamil page shows the English (domain/catalog/localized.ts).
 */
type Tamil = ColumnType<string | null, string | null | undefined, string | null>;
/**
 * Migration 0028 (issue 33): the language a client's or a visitor's mails are written in, the
 * catalogues' codes (app/i18n/languages.ts); 'en' unless chosen.
 */
export type RecipientLanguage = "en" | "ta";

export interface StudioSettingsTable {
  id: Generated<number>;
  name: string;
  tagline: WithDefault<string>;
  about_title: WithDefault<string>;
  about_text: WithDefault<string>;
  name_ta: Tamil;
  tagline_ta: Tamil;
  about_title_ta: Tamil;
  about_text_ta: Tamil;
  about_asset_id: number | null;
  /** JSON array of display strings, e.g. ["+91 98765 00001"]. */
  phones: WithDefault<string>;
  /** JSON array of e-mail addresses. */
  emails: WithDefault<string>;
  street_address: WithDefault<string>;
  locality: WithDefault<string>;
  region: WithDefault<string>;
  postal_code: WithDefault<string>;
  country: WithDefault<string>;
  /** JSON array of { network, label, url }. */
  social_links: WithDefault<string>;
  opening_hours: WithDefault<string>;
  showreel_video_id: WithDefault<string>;
  showreel_poster_asset_id: number | null;
  /** The studio's own logo; null shows the built-in wordmark (the studio's name). */
  logo_asset_id: WithDefault<number | null>;
  /** JSON array of addresses that receive inquiries; empty: INQUIRY_TO, else the first e-mail. */
  inquiry_to: WithDefault<string>;
  /** 1 or 0 when the admin chose whether visitors get an acknowledgement; null: INQUIRY_ACK. */
  inquiry_ack: WithDefault<number | null>;
  /** IANA name of the zone the admin shows times in (stored times are UTC). */
  time_zone: WithDefault<string>;
  /** Days a sent album version waits for the couple's answer before they are reminded; 0: never. */
  album_reminder_days: WithDefault<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AssetsTable {
  id: Generated<number>;
  /** SHA-256 of the source bytes: the same upload twice is one asset. */
  sha256: string;
  original_key: string;
  original_name: string;
  original_bytes: number;
  mime: string;
  width: number;
  height: number;
  /** A tiny blurred image as a data URI, shown while the real one loads. */
  placeholder: string;
  /** Null: the file carried no usable date (or was uploaded before capture times were read). */
  captured_at: ColumnType<CaptureTime | null, CaptureTime | null | undefined, CaptureTime | null>;
  created_at: Timestamp;
}

export interface AssetVariantsTable {
  asset_id: number;
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  key: string;
  bytes: number;
}

export interface CollectionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: WithDefault<string>;
  name_ta: Tamil;
  description_ta: Tamil;
  position: number;
  cover_asset_id: number | null;
  created_at: Timestamp;
  /** Set on every change to the collection itself (its name, cover, place); its shoots keep their own. */
  updated_at: Timestamp;
}

export type ShootStatus = "draft" | "published";

/** How a shoot's photos are shown: by hand (position), by capture time, or by file name. */
export type PhotoOrder = "manual" | "captured" | "name";

export interface ShootsTable {
  /** Public, stable: it is the number in /galleryList/{id} (a gallery's set: never public). */
  id: number;
  /** Exactly one of collection_id and gallery_id is set: a portfolio shoot, or a client gallery's set. */
  collection_id: number | null;
  gallery_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A set's place among its gallery's sets. */
  gallery_position: ColumnType<number | null, number | null | undefined, number | null>;
  title: string;
  location: WithDefault<string>;
  description: WithDefault<string>;
  title_ta: Tamil;
  location_ta: Tamil;
  description_ta: Tamil;
  cover_asset_id: number | null;
  is_story: ColumnType<number, number | boolean | undefined, number | boolean>;
  story_position: number | null;
  status: WithDefault<ShootStatus>;
  /** The read model sorts the shoot's photos by this (read-model.server.ts). */
  photo_order: WithDefault<PhotoOrder>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when the shoot is in the admin's trash; null otherwise. Trashed shoots are never public. */
  deleted_at: TimeOrNull;
  /** Migration 0024: a gallery set that guests may search for their faces (issue 31). */
  guest_visible: ColumnType<number, number | boolean | undefined, number | boolean>;
}

export interface PhotosTable {
  id: Generated<number>;
  shoot_id: number;
  asset_id: number;
  position: number;
  alt: WithDefault<string>;
  alt_ta: Tamil;
  /** Migration 0024: kept from guests' searches (the couple's or the studio's choice). */
  guest_hidden: ColumnType<number, number | boolean | undefined, number | boolean>;
  created_at: Timestamp;
  /** Set when the photo is in the admin's trash; null otherwise. Trashed photos are never public. */
  deleted_at: TimeOrNull;
}

export interface BannerSlidesTable {
  id: Generated<number>;
  position: number;
  desktop_asset_id: number;
  mobile_asset_id: number;
  alt: WithDefault<string>;
  alt_ta: Tamil;
  created_at: Timestamp;
  /** Set on every change to the slideshow (a slide added, moved or removed renumbers them all). */
  updated_at: Timestamp;
}

export interface AppStateTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  /** SHA-256 of the token, base64url; the token itself is never stored. */
  token_hash: string;
  /** The token's last four characters, so a studio can tell its tokens apart in a list. */
  hint: string;
  created_at: Timestamp;
  /** Updated at most once a minute per token, so reads stay reads. */
  last_used_at: StoredTime | null;
  revoked_at: StoredTime | null;
}

export interface InquiriesTable {
  id: Generated<number>;
  uid: string;
  name: WithDefault<string>;
  phone: WithDefault<string>;
  email: WithDefault<string>;
  message: string;
  /** The same-origin page the form was sent from. */
  page: WithDefault<string>;
  created_at: StoredTime;
  /** When the studio marked it handled in the admin; null while open. */
  handled_at: TimeOrNull;
  /** When the inbox first showed it to the studio; null: unread (counted in the admin's menu). */
  seen_at: TimeOrNull;
  /** Migration 0028: the contact page's language, which the visitor's acknowledgement is written in. */
  language: WithDefault<RecipientLanguage>;
}

export type InquiryMailKind = "studio" | "ack";
/** A client gallery's mails (migration 0014): to the client, and to the studio about a list. */
export type GalleryMailKind = "gallery-ready" | "selection-submitted" | "expiry-reminder";
/** An album version's mails (migration 0026): to the couple, and to the studio about their answer. */
export type AlbumMailKind =
  | "album-sent"
  | "album-changes"
  | "album-approved"
  | "album-approved-client"
  | "album-reminder";
export type MailKind = InquiryMailKind | GalleryMailKind | AlbumMailKind;

/**
 * The mail outbox (domain/mail/outbox.server.ts; inquiry_mails until migration 0021): one mail to
 * send per row, about an inquiry or about a client gallery (exactly one of the two ids). Stored
 * times compare correctly as text.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  inquiry_id: ColumnType<number | null, number | null | undefined, number | null>;
  gallery_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The selection list a "selection submitted" mail is about. */
  list_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The album version an album mail is about (and only an album mail). */
  album_version_id: ColumnType<number | null, number | null | undefined, number | null>;
  kind: MailKind;
  attempts: WithDefault<number>;
  next_attempt_at: StoredTime;
  /** A worker holds the row until then; a crashed worker's claim simply runs out. */
  claimed_until: TimeOrNull;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: TimeOrNull;
}

export interface AdminUsersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  /** scrypt, with its parameters and salt: see domain/auth/password.server.ts. */
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminSessionsTable {
  /** SHA-256 (hex) of the random id in the cookie. */
  id_hash: string;
  user_id: number;
  created_at: StoredTime;
  last_seen_at: StoredTime;
  /** The idle expiry, slid forward as the session is used (never past created_at + 30 days). */
  expires_at: StoredTime;
  user_agent: WithDefault<string>;
}

export type JobState = "queued" | "running" | "done" | "failed";
/**
 * What a job does (migration 0021; domain/jobs/queue.server.ts): turn an uploaded file into a
 * photo of its shoot, or render a photo's files again with its set's plan as it is now.
 */
export type JobKind = "photo-upload" | "photo-rerender" | "face-index";

/** One allowed hit of a rate limit (platform/rate-limit.server.ts), kept for its window. */
export interface RateLimitHitsTable {
  /** Which limit: the contact form, the content API, sign-in by account... */
  scope: string;
  /** Whom it counts: an address, a token, an account. */
  key: string;
  /** When it was allowed. */
  hit_at: StoredTime;
}

/** The job queue (photo_jobs until migration 0021): background work, waiting or done. */
export interface JobsTable {
  id: Generated<number>;
  kind: JobKind;
  /** A photo-upload's tus upload (null for any other kind; unique). */
  upload_id: ColumnType<string | null, string | null | undefined, string | null>;
  shoot_id: number;
  /** A photo-upload's browser batch: positions of one batch follow the order the files were chosen in. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A photo-upload's place in its batch. */
  batch_index: ColumnType<number | null, number | null | undefined, number | null>;
  file_name: string;
  sha256: string;
  position: number;
  state: WithDefault<JobState>;
  /** Why the photo was refused, in words for the studio. */
  error: string | null;
  /** A photo-rerender's photo (one such job per photo); a photo-upload's photo once it is done. */
  photo_id: number | null;
  created_at: StoredTime;
  updated_at: StoredTime;
  /** How often a worker claimed the job (docs/decisions/018-background-work.md). */
  attempts: WithDefault<number>;
  /** While running: the claim holds the job until then (ISO 8601, UTC); once it passes, any worker may claim it. */
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** While running: which claim it is (the lease's end moves as the worker renews it). */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** After a failed attempt: due again then (ISO 8601, UTC); null: due now. */
  retry_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the upload check found (sniffed type, upright size); null for jobs queued before it was kept. */
  mime: ColumnType<string | null, string | null | undefined, string | null>;
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Calendar day, "2026-02-14". */
export type Day = string;
export type GalleryDownloads = "off" | "web" | "original";
export type WatermarkPosition = "center" | "bottom-right" | "bottom-left" | "top-right" | "top-left";
type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A private gallery delivered to one client (ADR 025); its sets are shoots with its gallery_id. */
export interface ClientGalleriesTable {
  id: Generated<number>;
  title: string;
  title_ta: Tamil;
  client_name: WithDefault<string>;
  client_email: WithDefault<string>;
  client_phone: WithDefault<string>;
  event_date: NullableColumn<Day>;
  /** Migration 0016: one of the gallery's photos, its hero; shown only while live in a live set. */
  cover_photo_id: NullableColumn<number>;
  /** The private link's secret; regenerating replaces it. */
  token: string;
  /** scrypt (domain/auth/password.server.ts); null: the link alone opens the gallery. */
  pin_hash: NullableColumn<string>;
  /** Last day the link works, in the studio's time zone; null: never expires. */
  expires_on: NullableColumn<Day>;
  expiry_reminded_at: NullableColumn<StoredTime>;
  revoked_at: NullableColumn<StoredTime>;
  downloads: WithDefault<GalleryDownloads>;
  download_pin_hash: NullableColumn<string>;
  /** Photos a new list may hold; null: no limit. */
  selection_limit: NullableColumn<number>;
  watermark_text: WithDefault<string>;
  watermark_position: WithDefault<WatermarkPosition>;
  /** Percent, 5-100. */
  watermark_opacity: WithDefault<number>;
  sent_at: NullableColumn<StoredTime>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: TimeOrNull;
  /** Migration 0024 (issue 31): guests may find their photos with a selfie; off by default. */
  guest_search: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** The event link's token, apart from the couple's; null while guest search is off. */
  guest_token: NullableColumn<string>;
  /** scrypt of the event PIN; null: the event link alone lets a guest in. */
  guest_pin_hash: NullableColumn<string>;
  /** What guests may download, set apart from the couple's downloads. */
  guest_downloads: WithDefault<GalleryDownloads>;
  /** Migration 0028: the client's language, chosen by the studio; their mails and messages use it. */
  language: WithDefault<RecipientLanguage>;
}

/** Migration 0024: a photo searched for faces (domain/faces/), and how many it had. */
export interface FaceScansTable {
  photo_id: number;
  gallery_id: number;
  faces: number;
  scanned_at: StoredTime;
}

/** Migration 0024: a face found in a photo: its box as shares of the image, its descriptor. */
export interface PhotoFacesTable {
  id: Generated<number>;
  photo_id: number;
  gallery_id: number;
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
  /** 128 float32, little-endian (domain/faces/descriptor.ts). */
  descriptor: Uint8Array;
}

/** Migration 0024: a wedding guest who searched with a selfie (the selfie itself is never kept). */
export interface GalleryGuestsTable {
  id: Generated<number>;
  gallery_id: number;
  name: string;
  /** SHA-256 of the guest's personal link's token. */
  token_hash: string;
  descriptor: Uint8Array;
  /** How many photos their last search found (the studio sees counts, never faces). */
  found: WithDefault<number>;
  consented_at: StoredTime;
  created_at: StoredTime;
  last_seen_at: StoredTime;
}

/** Where an album's version stands (issue 32): the studio's draft, sent, answered with changes, or approved. */
export type AlbumVersionState = "draft" | "sent" | "changes" | "approved";

/** A client gallery's album (the couple's, each parent's). */
export interface AlbumsTable {
  id: Generated<number>;
  gallery_id: number;
  title: string;
  /** Migration 0029 (issue 33): the title in Tamil; null or empty: not translated. */
  title_ta: Tamil;
  position: number;
  created_at: StoredTime;
}

/** Version 1, 2, ... of an album: the studio's draft until sent, then the couple's to answer. */
export interface AlbumVersionsTable {
  id: Generated<number>;
  album_id: number;
  number: number;
  state: WithDefault<AlbumVersionState>;
  created_at: StoredTime;
  sent_at: NullableColumn<StoredTime>;
  /** The couple first opened it after it was sent. */
  viewed_at: NullableColumn<StoredTime>;
  /** Changes sent or approved. */
  answered_at: NullableColumn<StoredTime>;
  /** The reminder to the couple went. */
  reminded_at: NullableColumn<StoredTime>;
  last_activity_at: StoredTime;
}

/** A version's spread by number: an asset made by the pipeline, and the uploaded file's hash. */
export interface AlbumSpreadsTable {
  id: Generated<number>;
  version_id: number;
  number: number;
  asset_id: number;
  file_name: string;
  sha256: string;
  upload_id: NullableColumn<string>;
  /** Which files it was made with (migration 0030): 1 WebP screens, 2 AVIF screens (planSpreadVariants). */
  plan: WithDefault<number>;
  /** The watermark its files carry (migration 0031): its gallery's when it was made; '' is none. */
  watermark_text: WithDefault<string>;
  watermark_position: WithDefault<WatermarkPosition>;
  watermark_opacity: WithDefault<number>;
}

/** A pin on a spread (x, y: shares of its width and height; null: the whole spread). */
export interface AlbumCommentsTable {
  id: Generated<number>;
  version_id: number;
  spread: number;
  x: number | null;
  y: number | null;
  visitor_id: number | null;
  author: string;
  text: string;
  swap_photo_id: number | null;
  created_at: StoredTime;
  resolved_at: NullableColumn<StoredTime>;
  /** The later version that answers it. */
  answered_in: NullableColumn<number>;
}

export interface AlbumSpreadOksTable {
  version_id: number;
  spread: number;
  visitor_id: number;
  marked_at: StoredTime;
}

/** A version's approval: who typed their name, when, from where, and the spreads' hashes (JSON). */
export interface AlbumApprovalsTable {
  version_id: number;
  visitor_id: number | null;
  name: string;
  address: string;
  spreads: string;
  approved_at: StoredTime;
}

/** A person choosing photos in a gallery, known by name and their own PIN. */
export interface GalleryVisitorsTable {
  id: Generated<number>;
  gallery_id: number;
  name: string;
  /** Trimmed, spaces collapsed, lower case: "Priya  R" and "priya r" are one person. */
  name_key: string;
  pin_hash: string;
  created_at: Timestamp;
  last_seen_at: NullableColumn<StoredTime>;
}

export interface SelectionListsTable {
  id: Generated<number>;
  gallery_id: number;
  visitor_id: number;
  name: string;
  item_limit: NullableColumn<number>;
  /** Locked once submitted; the studio may reopen it (back to null). */
  submitted_at: NullableColumn<StoredTime>;
  /** When the studio last reopened it, until it is submitted again (migration 0023). */
  reopened_at: NullableColumn<StoredTime>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SelectionItemsTable {
  list_id: number;
  photo_id: number;
  comment: WithDefault<string>;
  created_at: Timestamp;
}

/** Migration 0015: a media file's CRC-32 and size, by store and key (ADR 027). */
export interface FileChecksumsTable {
  store: "public" | "originals";
  key: string;
  bytes: number;
  crc32: number;
}

/** Migration 0018: moved by triggers on every change to what a public page shows (ADR 004). */
export interface ContentVersionTable {
  id: number;
  version: number;
}

export interface DB {
  studio_settings: StudioSettingsTable;
  content_version: ContentVersionTable;
  assets: AssetsTable;
  asset_variants: AssetVariantsTable;
  collections: CollectionsTable;
  shoots: ShootsTable;
  photos: PhotosTable;
  banner_slides: BannerSlidesTable;
  app_state: AppStateTable;
  api_tokens: ApiTokensTable;
  inquiries: InquiriesTable;
  mail_outbox: MailOutboxTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  jobs: JobsTable;
  rate_limit_hits: RateLimitHitsTable;
  client_galleries: ClientGalleriesTable;
  gallery_visitors: GalleryVisitorsTable;
  selection_lists: SelectionListsTable;
  selection_items: SelectionItemsTable;
  file_checksums: FileChecksumsTable;
  face_scans: FaceScansTable;
  photo_faces: PhotoFacesTable;
  gallery_guests: GalleryGuestsTable;
  albums: AlbumsTable;
  album_versions: AlbumVersionsTable;
  album_spreads: AlbumSpreadsTable;
  album_comments: AlbumCommentsTable;
  album_spread_oks: AlbumSpreadOksTable;
  album_approvals: AlbumApprovalsTable;
}

export type Asset = Selectable<AssetsTable>;
export type AssetVariant = Selectable<AssetVariantsTable>;
export type Inquiry = Selectable<InquiriesTable>;
export type NewShoot = Insertable<ShootsTable>;
