// The gallery forms' shapes, shared by the server (validation) and the admin's components.
export const GALLERY_FIELDS = [
  "title",
  // Its Tamil version (issue 33): optional; empty, the client's Tamil pages show the English.
  "titleTa",
  "clientName",
  "clientEmail",
  "clientPhone",
  // The client's language (issue 33): their mails and WhatsApp messages are written in it.
  "language",
  "eventDate",
  "selectionLimit",
] as const;
export type GalleryField = (typeof GALLERY_FIELDS)[number];
export type GalleryFormValues = Record<GalleryField, string>;
export type GalleryFieldErrors = Partial<Record<GalleryField, string>>;

/** Cover choices on the gallery's admin page before JavaScript (with it, the picker pages through them all). */
export const NO_SCRIPT_COVER_CHOICES = 24;

export const ACCESS_FIELDS = [
  "expiresOn",
  "downloads",
  "watermarkText",
  "watermarkPosition",
  "watermarkOpacity",
] as const;
export type AccessField = (typeof ACCESS_FIELDS)[number];
export type AccessFormValues = Record<AccessField, string>;
export type AccessFieldErrors = Partial<Record<AccessField, string>>;

export const DOWNLOAD_CHOICES = [
  { value: "off", label: "Off" },
  { value: "web", label: "Web size (long edge 2048 px)" },
  { value: "original", label: "Originals" },
] as const;

/**
 * What the wedding's guests may download (issue 31): never originals, which carry the camera's
 * metadata, the place (GPS) included; every image a guest receives has it removed.
 */
export const GUEST_DOWNLOAD_CHOICES = DOWNLOAD_CHOICES.filter(
  (c): c is Extract<(typeof DOWNLOAD_CHOICES)[number], { value: "off" | "web" }> => c.value !== "original",
);

export const WATERMARK_POSITIONS = [
  { value: "bottom-right", label: "Bottom right" },
  { value: "bottom-left", label: "Bottom left" },
  { value: "top-right", label: "Top right" },
  { value: "top-left", label: "Top left" },
  { value: "center", label: "Centre" },
] as const;

export const EMPTY_GALLERY_VALUES: GalleryFormValues = {
  title: "",
  titleTa: "",
  clientName: "",
  clientEmail: "",
  clientPhone: "",
  language: "en",
  eventDate: "",
  selectionLimit: "",
};

/**
 * The languages a client's mails and messages can be written in, each named in itself (the
 * admin stays English, but a reader looks for their own script), as app/i18n/languages.ts's
 * LANGUAGE_NAME.
 */
export const CLIENT_LANGUAGE_CHOICES = [
  { value: "en", label: "English" },
  { value: "ta", label: "தமிழ்" },
] as const;

/** A private link's state (galleries.server.ts galleryAccess) as the admin says it. */
export const ACCESS_TEXT = { open: "Open", expired: "Expired", revoked: "Revoked" } as const;
