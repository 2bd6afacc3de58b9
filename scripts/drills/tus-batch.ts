// Uploads a batch of files to a shoot over tus the way the admin's browser uploader does (the
// same client, chunk size, retries, parallelism and metadata), for the upload drill and its
// integration test. Files keep the order given: each carries its index in the batch.
import { randomUUID } from "node:crypto";
import { type DetailedError, Upload } from "tus-js-client";
import {
  PARALLEL_UPLOADS,
  shouldRetryUpload,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_CSRF_HEADER,
  UPLOAD_RETRY_DELAYS_MS,
  UPLOADS_PATH,
} from "#domain/media/upload-constants.ts";

export interface BatchFile {
  name: string;
  type: string;
  data: Buffer;
}

export interface BatchResult {
  name: string;
  state: "uploaded" | "refused";
  /** The server's answer when it refused the file (422, 413, ...). */
  reason?: string;
  /** How many times tus-js-client retried after a failure (a cut connection). */
  retries: number;
}

export interface BatchOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000 (the cutting proxy's in a drill). */
  origin: string;
  shootId: number;
  /** The session cookie and the CSRF token that a signed-in admin page holds. */
  sessionCookie: string;
  csrf: string;
  chunkSize?: number;
  retryDelaysMs?: number[];
  onFileDone?: (result: BatchResult, index: number) => void;
}

function uploadOne(file: BatchFile, index: number, batch: string, options: BatchOptions): Promise<BatchResult> {
  return new Promise((resolve, reject) => {
    let retries = 0;
    const upload = new Upload(file.data, {
      endpoint: `${options.origin}${UPLOADS_PATH}`,
      chunkSize: options.chunkSize ?? UPLOAD_CHUNK_BYTES,
      retryDelays: options.retryDelaysMs ?? UPLOAD_RETRY_DELAYS_MS,
      metadata: {
        filename: file.name,
        filetype: file.type,
        shootId: String(options.shootId),
        batch,
        index: String(index),
      },
      headers: {
        [UPLOAD_CSRF_HEADER]: options.csrf,
        Cookie: options.sessionCookie,
        // A browser sends these on every upload request; the server refuses requests without them.
        Origin: options.origin,
        "Sec-Fetch-Site": "same-origin",
      },
      uploadSize: file.data.byteLength,
      onShouldRetry: (error: DetailedError) => {
        const retry = shouldRetryUpload(error.originalResponse?.getStatus() ?? 0);
        if (retry) retries++;
        return retry;
      },
      onSuccess: () => resolve({ name: file.name, state: "uploaded", retries }),
      onError: (error) => {
        const response = "originalResponse" in error ? error.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        if (status >= 400 && status < 500) {
          resolve({ name: file.name, state: "refused", reason: response?.getBody()?.trim() || `${status}`, retries });
        } else {
          reject(error);
        }
      },
    });
    upload.start();
  });
}

/** Uploads every file, a few at a time, and resolves with each file's outcome in the given order. */
export async function uploadBatch(files: readonly BatchFile[], options: BatchOptions): Promise<BatchResult[]> {
  const batch = randomUUID().replaceAll("-", "");
  const results: BatchResult[] = new Array(files.length);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const index = next++;
      const result = await uploadOne(files[index] as BatchFile, index, batch, options);
      results[index] = result;
      options.onFileDone?.(result, index);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, lane));
  return results;
}
