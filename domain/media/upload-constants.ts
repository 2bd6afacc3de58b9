// Names the upload client (browser) and the upload server agree on.
export const UPLOADS_PATH = "/admin/uploads";
/** The header that carries the session's CSRF token on tus requests. */
export const UPLOAD_CSRF_HEADER = "X-CSRF-Token";
/** The last PATCH's answer says when a file brings a photo back from the shoot's trash. */
export const UPLOAD_NOTE_HEADER = "Upload-Note";
export const UPLOAD_NOTE_FROM_TRASH = "restored-from-trash";
/** Each PATCH carries at most this much, so a dropped connection loses at most one chunk. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * The page names the photos a shoot has by this many hex digits of their SHA-256 (64 bits), so
 * the uploader can skip files it has without a wedding's 3,000 full hashes in the page; the
 * server still checks the whole hash of what it receives.
 */
export const KNOWN_HASH_PREFIX_CHARS = 16;

export function knownHashPrefix(sha256: string): string {
  return sha256.slice(0, KNOWN_HASH_PREFIX_CHARS);
}

/** Files uploaded at the same time (more would only share the same connection). */
export const PARALLEL_UPLOADS = 3;
/** tus-js-client's waits between automatic retries after a dropped connection. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

/**
 * Whether tus-js-client should try a failed request again: no answer at all (a dropped
 * connection), a server error, or a lock or offset conflict left by the request a cut
 * interrupted. A refusal (401, 403, 413, 422) is final.
 */
export function shouldRetryUpload(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}
