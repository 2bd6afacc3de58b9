// The contact form's rules, one zod schema that the server enforces and the browser shows
// before sending. zod/mini keeps the contact page's first-load JavaScript small.
import * as z from "zod/mini";
import { fieldErrors } from "#platform/field-errors.ts";

export const INQUIRY_FIELDS = ["name", "phoneNumber", "email", "message"] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type InquiryValues = Record<InquiryField, string>;
export type InquiryErrors = Partial<Record<InquiryField, InquiryError>>;

/** A field people never see and bots fill in; any value means the submission is dropped. */
export const HONEYPOT_FIELD = "website";
/** The signed render time of the form (see fill-token.server.ts). */
export const FILL_TOKEN_FIELD = "formToken";
/** A fill token names the second it was issued in (fill-token.server.ts): a page with one changes once a second at most. */
export const FILL_TOKEN_PERIOD_MS = 1000;

export const NAME_MAX_CHARS = 100;
export const MESSAGE_MAX_CHARS = 5000;
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX_CHARS = 254;
/** Room for 15 digits with spaces and dashes between groups. */
export const PHONE_MAX_CHARS = 30;
export const PHONE_MIN_DIGITS = 7;
/** E.164's longest number. */
export const PHONE_MAX_DIGITS = 15;
/** More links than this in a message is how link spam looks; a real visitor rarely needs them. */
export const MESSAGE_MAX_LINKS = 3;

/** Digits in groups split by spaces or dashes, a + only in front: "+91 98765-43210", not "++12--". */
const PHONE_SHAPE = /^\+? ?[0-9]+(?:[ -]+[0-9]+)*$/;
const LINK = /\bhttps?:\/\/|\bwww\.|\[url[=\]]/gi;
// Control characters would let a value break out of a mail header or the admin's display.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g;

/**
 * What is wrong with a field, as a code: the page says it in the visitor's language (the contact
 * route's catalogue, with the limits above), so the rules stay the same in every language.
 */
export const INQUIRY_ERRORS = {
  messageRequired: "messageRequired",
  messageTooLong: "messageTooLong",
  tooManyLinks: "tooManyLinks",
  nameTooLong: "nameTooLong",
  emailInvalid: "emailInvalid",
  phoneInvalid: "phoneInvalid",
  replyWayMissing: "replyWayMissing",
} as const;
export type InquiryError = (typeof INQUIRY_ERRORS)[keyof typeof INQUIRY_ERRORS];

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

function digitCount(phone: string): number {
  return phone.replace(/\D/g, "").length;
}

const singleLine = z.string().check(
  z.overwrite((s) => s.replace(CONTROL_ALL, " ")),
  z.trim(),
);

export const inquirySchema = z
  .object({
    name: singleLine.check(z.maxLength(NAME_MAX_CHARS, INQUIRY_ERRORS.nameTooLong)),
    phoneNumber: singleLine.check(
      z.refine(
        (p) =>
          p === "" ||
          (p.length <= PHONE_MAX_CHARS &&
            PHONE_SHAPE.test(p) &&
            digitCount(p) >= PHONE_MIN_DIGITS &&
            digitCount(p) <= PHONE_MAX_DIGITS),
        INQUIRY_ERRORS.phoneInvalid,
      ),
    ),
    email: singleLine.check(
      z.refine(
        (e) => e === "" || (e.length <= EMAIL_MAX_CHARS && z.safeParse(z.email(), e).success),
        INQUIRY_ERRORS.emailInvalid,
      ),
    ),
    message: z.string().check(
      z.overwrite((s) => s.replace(CONTROL_EXCEPT_NEWLINES, " ").replace(/\r\n?/g, "\n")),
      z.trim(),
      z.minLength(1, INQUIRY_ERRORS.messageRequired),
      z.maxLength(MESSAGE_MAX_CHARS, INQUIRY_ERRORS.messageTooLong),
      z.refine((m) => countLinks(m) <= MESSAGE_MAX_LINKS, INQUIRY_ERRORS.tooManyLinks),
    ),
  })
  .check(
    z.refine((v) => v.email !== "" || v.phoneNumber !== "", {
      message: INQUIRY_ERRORS.replyWayMissing,
      path: ["email"],
      // Only when both fields are otherwise fine: a bad e-mail already has its own message.
      when: (payload) => !payload.issues.some((i) => i.path?.[0] === "email" || i.path?.[0] === "phoneNumber"),
    }),
  );

export type Inquiry = z.infer<typeof inquirySchema>;

export type InquiryCheck = { ok: true; inquiry: Inquiry } | { ok: false; errors: InquiryErrors };

/** Picks the form's fields out of submitted data: anything missing is an empty string. */
export function inquiryValues(form: { get(name: string): unknown }): InquiryValues {
  const read = (name: InquiryField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: read("name"), phoneNumber: read("phoneNumber"), email: read("email"), message: read("message") };
}

/** Checks the values against every rule; the first problem per field is the one shown. */
export function checkInquiry(values: InquiryValues): InquiryCheck {
  const result = z.safeParse(inquirySchema, values);
  if (result.success) return { ok: true, inquiry: result.data };
  // Every issue's message is one of INQUIRY_ERRORS (the schema gives no other).
  const errors = fieldErrors<InquiryField>(result.error) as InquiryErrors;
  if (errors.email === INQUIRY_ERRORS.replyWayMissing) errors.phoneNumber = INQUIRY_ERRORS.replyWayMissing;
  return { ok: false, errors };
}

/** The form's fields that have an error, in the order they appear on the page. */
export function fieldsWithErrors(errors: InquiryErrors | undefined): InquiryField[] {
  return errors ? INQUIRY_FIELDS.filter((f) => errors[f]) : [];
}
