// Reads a signed-in admin form's body exactly once, in the layout's middleware, so the CSRF
// token can be checked before an action runs without buffering a large body twice. A
// multipart body (forms with an image field) is streamed through a multipart parser that
// holds at most one file's allowed size: a file over the limit is skipped (never buffered),
// remembered by field and file name, and the parts after it are still read, so the form can
// answer "too large" next to that field and keep everything else that was typed. It is the
// body's HTTP reading (a refusal is thrown as the answer: 403, 413, 400), so it lives with the
// other adapters in app/http/; the actions then take plain fields from the FormData.
import {
  getMultipartBoundary,
  isMultipartRequest,
  MaxFileSizeExceededError,
  MultipartParseError,
  MultipartParser,
  MultipartPart,
} from "@remix-run/multipart-parser";
import { createContext, data, type RouterContextProvider } from "react-router";
import { type AdminForm, MAX_BODY_BYTES, MAX_FORM_BYTES, type OversizedFile } from "#domain/auth/admin-form.server.ts";
import { MAX_SOURCE_BYTES } from "#domain/media/constants.ts";
import { formatFileSize } from "#platform/bytes.ts";

const MAX_PARTS = 200;
const MAX_HEADER_BYTES = 8 * 1024;
/** Bodies are fed to the parser in slices this big, so an oversized file always ends in a later slice than it began. */
const SLICE_BYTES = 64 * 1024;

/** The signed-in layout's middleware puts the parsed form here for the action. */
export const adminFormContext = createContext<AdminForm | null>(null);

/** The form the middleware parsed (with its skipped files), or the body read now if none was. */
export async function readAdminForm(request: Request, context: Readonly<RouterContextProvider>): Promise<AdminForm> {
  return context.get(adminFormContext) ?? { form: await request.formData(), oversized: [] };
}

const encoder = new TextEncoder();

/**
 * Parses the body. `isTokenValid` is asked about the CSRF field before the first file's bytes
 * are kept: a forged upload is refused (403) without buffering it. A url-encoded body (every
 * other admin form) is read from a clone, so actions that call request.formData() still can.
 */
export async function parseAdminForm(
  request: Request,
  tokenField: string,
  isTokenValid: (token: FormDataEntryValue | null) => boolean,
): Promise<AdminForm> {
  const boundary = isMultipartRequest(request) ? getMultipartBoundary(request.headers.get("Content-Type") ?? "") : null;
  if (!boundary || !request.body) {
    const form = await request
      .clone()
      .formData()
      .catch(() => new FormData());
    if (!isTokenValid(form.get(tokenField))) throw forbidden();
    return { form, oversized: [] };
  }

  const form = new FormData();
  const oversized: OversizedFile[] = [];
  const headers = partHeaderTracker(boundary);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const newParser = () =>
    new MultipartParser(boundary, {
      maxHeaderSize: MAX_HEADER_BYTES,
      maxFileSize: MAX_SOURCE_BYTES,
      maxParts: MAX_PARTS,
      maxTotalSize: MAX_FORM_BYTES,
    });
  let parser: MultipartParser | null = newParser();
  let skipTail: Uint8Array = new Uint8Array(0);
  let previousTail: Uint8Array = new Uint8Array(0);
  let read = 0;
  let tokenChecked = false;

  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.length; offset += SLICE_BYTES) {
        const slice = value.subarray(offset, offset + SLICE_BYTES);
        read += slice.length;
        if (read > MAX_BODY_BYTES) throw tooLarge();
        if (parser !== null && !feed(parser, slice, form, oversized, headers)) {
          // The file went over the limit in this slice: skip it from here, looking for the
          // boundary that ends it (it may have begun at the end of the previous slice).
          parser = null;
          skipTail = previousTail;
        }
        if (parser === null) {
          const window = concat(skipTail, slice);
          const at = Buffer.from(window.buffer, window.byteOffset, window.length).indexOf(delimiter);
          if (at === -1) {
            skipTail = window.subarray(Math.max(0, window.length - delimiter.length + 1));
          } else {
            parser = newParser();
            // Parse on from "--boundary"; a second oversized file cannot end within one slice.
            if (!feed(parser, window.subarray(at + 2), form, oversized, headers)) parser = null;
            skipTail = new Uint8Array(0);
          }
        }
        previousTail = slice.subarray(Math.max(0, slice.length - delimiter.length + 1));
        // The token is the form's first field, so it has arrived by the time a file begins.
        if (headers.feed(slice)?.isFile && !tokenChecked) {
          if (!isTokenValid(form.get(tokenField))) throw forbidden();
          tokenChecked = true;
        }
      }
    }
    // A body cut short (a dropped connection) must not save half a form.
    if (parser === null) throw badRequest();
    parser.finish();
  } catch (error) {
    // A part whose headers are not UTF-8 fails as it is decoded: the sender's mistake too.
    if (
      error instanceof MultipartParseError ||
      (error as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA"
    ) {
      throw badRequest();
    }
    throw error;
  } finally {
    // Not cancelled: that would reset the connection before the refusal (403, 413, 400) is
    // sent. The rest is left unread; the server closes the connection after answering
    // (server/limits.ts).
    reader.releaseLock();
  }
  if (!tokenChecked && !isTokenValid(form.get(tokenField))) throw forbidden();
  return { form, oversized };
}

/** Writes one slice; false when a file went over the limit (the parser is then spent). */
function feed(
  parser: MultipartParser,
  slice: Uint8Array,
  form: FormData,
  oversized: OversizedFile[],
  headers: ReturnType<typeof partHeaderTracker>,
): boolean {
  try {
    for (const part of parser.write(slice)) addPart(form, part);
    return true;
  } catch (error) {
    if (!(error instanceof MaxFileSizeExceededError)) throw error;
    const last = headers.last();
    oversized.push({ field: last?.name ?? "", fileName: last?.filename ?? "" });
    return false;
  }
}

function addPart(form: FormData, part: MultipartPart): void {
  const name = part.name;
  if (!name) return;
  if (part.isFile) {
    // An empty file input still sends a part, with no name and no bytes: nothing was chosen.
    if (!part.filename && part.size === 0) return;
    form.append(
      name,
      new File(part.content as BlobPart[], part.filename ?? "upload", {
        type: part.mediaType ?? "application/octet-stream",
      }),
    );
  } else {
    form.append(name, part.text);
  }
}

/**
 * Remembers the headers of the latest part the stream has begun, by looking for the boundary
 * line in the raw bytes (a file's content cannot contain it), so a file the parser gives up
 * on can still be named.
 */
function partHeaderTracker(boundary: string) {
  const opening = encoder.encode(`--${boundary}\r\n`);
  const headerEnd = encoder.encode("\r\n\r\n");
  const keep = opening.length + MAX_HEADER_BYTES + headerEnd.length;
  let tail: Uint8Array = new Uint8Array(0);
  let latest: MultipartPart | null = null;
  return {
    /** Scans a slice; returns the headers of a part that begins in it, if any. */
    feed(slice: Uint8Array): MultipartPart | null {
      const window = Buffer.from(concat(tail, slice));
      let found: MultipartPart | null = null;
      for (let at = window.indexOf(opening); at !== -1; at = window.indexOf(opening, at + 1)) {
        const start = at + opening.length;
        const end = window.indexOf(headerEnd, start);
        if (end === -1) break;
        found = new MultipartPart(window.subarray(start, end), []);
      }
      // The kept tail may hold the same header again next time: the result is the same.
      tail = window.subarray(Math.max(0, window.length - keep));
      if (found) latest = found;
      return found;
    },
    last: () => latest,
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function forbidden() {
  return data("This form has expired. Go back, reload the page and try again.", { status: 403 });
}

function tooLarge() {
  return data(`The form is too large (over ${formatFileSize(MAX_BODY_BYTES)}); choose smaller files.`, {
    status: 413,
  });
}

function badRequest() {
  return data("The form could not be read. Please try again.", { status: 400 });
}
