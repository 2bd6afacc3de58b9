// Reads a posted form that is not an admin upload (the contact form, sign-in), at most a fixed
// number of bytes of it: a Content-Length over the cap is refused before reading, and a body sent
// without one (chunked) is cut off at the cap instead of being buffered whole. Anything that is
// not a form is "unreadable" (a 400 for the sender), not an exception (a 500 and an error in the
// studio's log). The server refuses a bigger body before any route sees it (server/limits.ts,
// which takes FORM_BODY_BYTES from here); this reader keeps the cap for itself all the same.

/** A plain form (a few fields within their caps) fits many times over; anything bigger is not a person writing. */
export const FORM_BODY_BYTES = 64 * 1024;

export type FormBody = { ok: true; form: FormData } | { ok: false; problem: "too-large" | "unreadable" };

export async function readFormBody(request: Request, maxBytes = FORM_BODY_BYTES): Promise<FormBody> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return { ok: false, problem: "too-large" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Not cancelled: that would reset the connection before the 413 is sent. The rest is
        // simply never read, and the server closes the connection after answering.
        reader.releaseLock();
        return { ok: false, problem: "too-large" };
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get("Content-Type") ?? "";
  try {
    const form = await new Response(new Blob(chunks as BlobPart[]), { headers: { "Content-Type": type } }).formData();
    return { ok: true, form };
  } catch {
    // Not urlencoded or multipart, or a multipart body that does not parse.
    return { ok: false, problem: "unreadable" };
  }
}
