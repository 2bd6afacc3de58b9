// Bulk photo upload: pick or drop hundreds of files; each goes up over tus (resumable, retried
// after a dropped connection, resumed after a reload) a few at a time, with per-file and total
// progress, a retry for each failure, and a summary naming every refused file and why. The
// server's background processing is then followed by polling the shoot's jobs. The same uploader
// sends an album's spreads (issue 32): its target says what the files are for (a shoot, or an
// album of a gallery), and spreads go up sorted by name, each with its place among them.
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { DetailedError, Upload } from "tus-js-client";
import { byFileName } from "#domain/albums/numbering.ts";
import { MAX_SOURCE_BYTES } from "#domain/media/constants.ts";
import {
  knownHashPrefix,
  PARALLEL_UPLOADS,
  shouldRetryUpload,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_CSRF_HEADER,
  UPLOAD_NOTE_FROM_TRASH,
  UPLOAD_NOTE_HEADER,
  UPLOAD_RETRY_DELAYS_MS,
  UPLOADS_PATH,
} from "#domain/media/upload-constants.ts";
import { formatFileSize } from "#platform/bytes.ts";

type FileState = "waiting" | "uploading" | "uploaded" | "present" | "refused" | "failed";

interface Item {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: FileState;
  reason?: string;
  /** Its bytes were a photo in this shoot's trash, which comes back instead of a copy. */
  fromTrash?: boolean;
}

/** Where the chosen files go, as the server and the person choosing them know it. */
export interface UploadTarget {
  /** Names the uploads remembered for resuming after a reload: one scope per shoot or album. */
  scope: string;
  /** What the server is told the files are for, besides each one's name and place in its batch. */
  metadata: Record<string, string>;
  /** The files chosen together go up sorted by name (their index in the batch is their place). */
  sortByName: boolean;
  /** What the files are, for the chooser's label: "photos", "spreads". */
  files: string;
  /** Where they go, in words: "this shoot", "this album". */
  place: string;
  /** Whether a PDF is taken besides images: an album's spreads may come as one (ADR 051). */
  takesPdf: boolean;
}

/** A shoot's (or a gallery set's) photos. */
export function shootTarget(shootId: number): UploadTarget {
  // The scope is the shoot's id alone, as it was before albums: uploads remembered then still resume.
  return {
    scope: String(shootId),
    metadata: { shootId: String(shootId) },
    sortByName: false,
    files: "photos",
    takesPdf: false,
    place: "this shoot",
  };
}

/** An album's spreads, into its draft: numbered by their names, or by their place among the files chosen. */
export function albumTarget(galleryId: number, albumId: number): UploadTarget {
  return {
    scope: `album-${albumId}`,
    metadata: { galleryId: String(galleryId), albumId: String(albumId) },
    sortByName: true,
    files: "spreads",
    place: "this album",
    takesPdf: true,
  };
}

const PDF_TYPE = "application/pdf";

/** Reasons the browser can tell before sending a byte (the server checks again, properly). */
function refuseEarly(file: File, target: UploadTarget): string | undefined {
  if (file.size > MAX_SOURCE_BYTES) {
    return `too large (${formatFileSize(file.size)}; the limit is ${formatFileSize(MAX_SOURCE_BYTES)})`;
  }
  if (file.type === "" || file.type.startsWith("image/") || (target.takesPdf && file.type === PDF_TYPE))
    return undefined;
  return target.takesPdf ? `not an image or a PDF (${file.type})` : `not an image (${file.type})`;
}

function reasonOf(error: Error | DetailedError): { state: FileState; reason: string } {
  const response = "originalResponse" in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody()?.trim() ?? "";
  if (status === 413)
    return { state: "refused", reason: `too large (the limit is ${formatFileSize(MAX_SOURCE_BYTES)})` };
  if (status === 422) return { state: "refused", reason: body || "not an image we can use" };
  if (status === 401)
    return { state: "failed", reason: "you were signed out; sign in again in another tab, then retry" };
  if (status >= 400 && status < 500) return { state: "failed", reason: body || `refused by the server (${status})` };
  return { state: "failed", reason: CONNECTION_LOST };
}

/** Why a file stopped when the connection did; such files carry on by themselves once it is back. */
const CONNECTION_LOST = "the connection failed; it will resume from where it stopped";

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** An upload a reload or a closed laptop stopped; the server still holds its first bytes. */
interface Interrupted {
  storageKey: string;
  name: string;
  size: number;
  /** Bytes the server has (its tus offset). */
  received: number;
}

/** What tus-js-client's fingerprint of a file starts with, for one target. */
const fingerprintPrefix = (scope: string) => `nila:${scope}:`;
const TUS_STORAGE_PREFIX = "tus::";
const TUS_VERSION = "1.0.0";

/**
 * The uploads for this shoot that tus-js-client remembers (it forgets each one that finishes)
 * and how far each got, asked of the server; those the server no longer has are forgotten.
 */
async function findInterrupted(scope: string): Promise<Interrupted[]> {
  const ours = `${TUS_STORAGE_PREFIX}${fingerprintPrefix(scope)}`;
  // Most visits have nothing to resume: the upload client is loaded only when there is.
  if (!Object.keys(localStorage).some((key) => key.startsWith(ours))) return [];
  const { defaultOptions } = await import("tus-js-client");
  const storage = defaultOptions.urlStorage;
  const stored = (await storage.findAllUploads()).filter((u) => u.urlStorageKey.startsWith(ours) && u.uploadUrl);
  const found = await Promise.all(
    stored.map(async (u): Promise<Interrupted | null> => {
      const response = await fetch(u.uploadUrl as string, {
        method: "HEAD",
        headers: { "Tus-Resumable": TUS_VERSION },
      }).catch(() => null);
      if (response?.status === 404 || response?.status === 410) {
        await storage.removeUpload(u.urlStorageKey);
        return null;
      }
      const received = Number(response?.headers.get("Upload-Offset"));
      if (!response?.ok || !Number.isFinite(received)) return null;
      return {
        storageKey: u.urlStorageKey,
        name: u.metadata.filename ?? "a photo",
        size: u.size ?? Number(response.headers.get("Upload-Length")),
        received,
      };
    }),
  );
  return found.filter((u): u is Interrupted => u !== null);
}

/**
 * The file's SHA-256 in hex, or null where the browser cannot tell (Web Crypto needs a secure
 * context: HTTPS or localhost); the server then judges the file once it has arrived.
 */
async function sha256Of(file: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

interface PhotoUploaderProps {
  target: UploadTarget;
  csrf: string;
  /** The photos the shoot already has or is processing, by knownHashPrefix of their SHA-256. */
  knownHashes: readonly string[];
  /** Called when a file has been uploaded and queued for processing. */
  onQueued: () => void;
  /** A larger element that takes dropped files too (the gallery's set, photos and all). */
  dropZone?: RefObject<HTMLElement | null>;
}

/** A drag that carries files (not a photo or text dragged within the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

export function PhotoUploader({ target, csrf, knownHashes, onQueued, dropZone }: PhotoUploaderProps) {
  const { scope } = target;
  const [ready, setReady] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [interrupted, setInterrupted] = useState<Interrupted[]>([]);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, Upload>());
  const queue = useRef<string[]>([]);
  const active = useRef(0);
  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  // A ref, since upload callbacks run startOne from an earlier render; the Set is rebuilt only
  // when the loader sends new hashes, not on every progress update.
  const known = useMemo(() => new Set(knownHashes), [knownHashes]);
  const knownRef = useRef(known);
  knownRef.current = known;

  useEffect(() => {
    setReady(true);
    let current = true;
    findInterrupted(scope)
      .then((found) => current && setInterrupted(found))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [scope]);

  // A hotel connection comes and goes: while it is down the page says so, and when it is back
  // every file it stopped carries on from the server's offset without a click.
  const [offline, setOffline] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    const goneOffline = () => setOffline(true);
    const backOnline = () => {
      setOffline(false);
      for (const item of itemsRef.current) {
        if (item.state === "failed" && item.reason === CONNECTION_LOST) retryRef.current(item.key);
      }
      pumpRef.current();
    };
    setOffline(isOffline());
    window.addEventListener("offline", goneOffline);
    window.addEventListener("online", backOnline);
    return () => {
      window.removeEventListener("offline", goneOffline);
      window.removeEventListener("online", backOnline);
    };
  }, []);

  const update = (key: string, change: Partial<Item>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function startOne(key: string): Promise<void> {
    const file = files.current.get(key);
    if (!file) return;
    active.current++;
    update(key, { state: "uploading", reason: undefined });
    const finished = () => {
      active.current--;
      pump();
    };
    let upload = uploads.current.get(key);
    if (!upload) {
      // A photo the shoot already has (a batch chosen again after a closed laptop) is not sent
      // again only to be refused: hashing is far cheaper than uploading on a slow connection.
      if (
        knownRef.current.size > 0 &&
        knownRef.current.has(knownHashPrefix((await sha256Of(file).catch(() => null)) ?? ""))
      ) {
        update(key, { state: "present", reason: `already in ${target.place}: not sent again` });
        finished();
        return;
      }
      const { Upload } = await import("tus-js-client");
      const [batch, index] = key.split(":");
      upload = new Upload(file, {
        endpoint: UPLOADS_PATH,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: UPLOAD_RETRY_DELAYS_MS,
        metadata: {
          ...target.metadata,
          filename: file.name,
          filetype: file.type,
          batch: batch ?? "",
          index: index ?? "0",
        },
        headers: { [UPLOAD_CSRF_HEADER]: csrf },
        // One file chosen for two shoots (or albums) is two uploads.
        fingerprint: async (f: File) => `${fingerprintPrefix(scope)}${[f.name, f.size, f.lastModified].join(":")}`,
        removeFingerprintOnSuccess: true,
        // Offline, retrying only spends the retry budget: stop, and carry on at the "online" event.
        onShouldRetry: (error) => !isOffline() && shouldRetryUpload(error.originalResponse?.getStatus() ?? 0),
        onProgress: (sent) => update(key, { sent }),
        onSuccess: ({ lastResponse }) => {
          const fromTrash = lastResponse.getHeader(UPLOAD_NOTE_HEADER) === UPLOAD_NOTE_FROM_TRASH;
          update(key, { state: "uploaded", sent: file.size, fromTrash });
          onQueuedRef.current();
          finished();
        },
        onError: (error) => {
          update(key, reasonOf(error));
          finished();
        },
      });
      uploads.current.set(key, upload);
      // After a reload or a closed laptop, carry on from the bytes the server already has.
      const previous = await upload.findPreviousUploads();
      const latest = previous[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
    }
    upload.start();
  }

  function pump() {
    // Starting a file while offline would only fail it; the "online" event pumps again.
    if (isOffline()) return;
    while (active.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const key = queue.current.shift();
      if (key) void startOne(key);
    }
  }

  function addFiles(list: FileList | null) {
    if (!list || list.length === 0) return;
    const batch = crypto.randomUUID().replaceAll("-", "");
    const chosen = Array.from(list);
    if (target.sortByName) chosen.sort((a, b) => byFileName(a.name, b.name));
    const added: Item[] = chosen.map((file, index) => {
      const key = `${batch}:${index}`;
      const early = refuseEarly(file, target);
      if (!early) {
        files.current.set(key, file);
        queue.current.push(key);
      }
      return { key, name: file.name, size: file.size, sent: 0, state: early ? "refused" : "waiting", reason: early };
    });
    setItems((all) => [...all, ...added]);
    // A chosen file that was interrupted resumes (its fingerprint matches): no longer a loose end.
    const again = new Set(chosen.map((f) => `${f.name}:${f.size}`));
    setInterrupted((all) => all.filter((u) => !again.has(`${u.name}:${u.size}`)));
    pump();
  }

  function retry(key: string) {
    queue.current.push(key);
    update(key, { state: "waiting", reason: undefined });
    pump();
  }
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const ownDrop = useRef<HTMLDivElement>(null);
  const addFilesRef = useRef(addFiles);
  addFilesRef.current = addFiles;

  // Files dropped anywhere on the drop zone go up as if dropped on the uploader; the zone is
  // marked while files are over it.
  useEffect(() => {
    const zone = dropZone?.current;
    if (!zone) return;
    // The uploader's own box inside the zone handles its drops itself.
    const forZone = (event: DragEvent) =>
      carriesFiles(event) && !ownDrop.current?.contains(event.target as Node | null);
    let depth = 0;
    const mark = (on: boolean) => zone.classList.toggle("is-drop-target", on);
    const enter = (event: DragEvent) => {
      if (!forZone(event)) return;
      depth++;
      mark(true);
    };
    const over = (event: DragEvent) => {
      if (!forZone(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    };
    const leave = (event: DragEvent) => {
      if (!forZone(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) mark(false);
    };
    const drop = (event: DragEvent) => {
      if (!forZone(event)) return;
      event.preventDefault();
      depth = 0;
      mark(false);
      addFilesRef.current(event.dataTransfer?.files ?? null);
    };
    zone.addEventListener("dragenter", enter);
    zone.addEventListener("dragover", over);
    zone.addEventListener("dragleave", leave);
    zone.addEventListener("drop", drop);
    return () => {
      zone.removeEventListener("dragenter", enter);
      zone.removeEventListener("dragover", over);
      zone.removeEventListener("dragleave", leave);
      zone.removeEventListener("drop", drop);
      mark(false);
    };
  }, [dropZone]);
  const pumpRef = useRef(pump);
  pumpRef.current = pump;

  const sending = items.filter((i) => i.state !== "refused" && i.state !== "present");
  const present = items.filter((i) => i.state === "present");
  const totalBytes = sending.reduce((sum, i) => sum + i.size, 0);
  const sentBytes = sending.reduce((sum, i) => sum + Math.min(i.sent, i.size), 0);
  const uploaded = items.filter((i) => i.state === "uploaded").length;
  const refused = items.filter((i) => i.state === "refused");
  const failed = items.filter((i) => i.state === "failed");
  const fromTrash = items.filter((i) => i.fromTrash);
  const inFlight = items.some((i) => i.state === "waiting" || i.state === "uploading");

  return (
    <div className="uploader">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra for mice; the labelled file input inside it is the keyboard way. */}
      <div
        ref={ownDrop}
        className={`uploader-drop${dragging ? " is-dragging" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          addFiles(event.dataTransfer.files);
        }}
      >
        <label htmlFor="photo-files">Choose {target.files} to upload</label>
        <input
          id="photo-files"
          type="file"
          multiple
          accept={target.takesPdf ? `image/*,${PDF_TYPE}` : "image/*"}
          disabled={!ready}
          onChange={(event) => {
            addFiles(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
        <p className="field-hint">
          {ready
            ? `Or drop them here. JPEG, PNG, WebP, AVIF, HEIC${target.takesPdf ? ", TIFF or a PDF of spreads" : " or TIFF"}, up to 60 MB each.`
            : "Loading the uploader…"}
        </p>
      </div>

      {interrupted.length > 0 ? (
        <div className="admin-alert uploader-interrupted">
          <h3>Interrupted uploads</h3>
          <p>
            {interrupted.length === 1 ? "This upload" : `These ${interrupted.length} uploads`} to {target.place} stopped
            before the end (the page was closed or reloaded). Choose the same{" "}
            {interrupted.length === 1 ? "file" : "files"} again and{" "}
            {interrupted.length === 1 ? "it carries" : "they carry"} on from where{" "}
            {interrupted.length === 1 ? "it" : "they"} stopped.
          </p>
          <ul>
            {interrupted.map((u) => (
              <li key={u.storageKey}>
                <strong>{u.name}</strong>: {formatFileSize(u.received)} of {formatFileSize(u.size)} received (
                {Math.floor((100 * u.received) / Math.max(u.size, 1))}%)
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {offline && items.length > 0 ? (
        <p className="admin-alert uploader-offline" role="status">
          The connection is down. The uploads carry on from where they stopped when it is back; leave this page open.
        </p>
      ) : null}

      {items.length > 0 ? (
        <>
          <div className="uploader-total">
            <label htmlFor="upload-total">All files</label>
            <progress id="upload-total" max={Math.max(totalBytes, 1)} value={sentBytes} />
            <p role="status" aria-live="polite" className="uploader-summary">
              {uploaded} of {sending.length} uploaded ({formatFileSize(sentBytes)} of {formatFileSize(totalBytes)})
              {!inFlight && refused.length + failed.length > 0
                ? `; ${refused.length} refused, ${failed.length} failed`
                : ""}
              {present.length > 0 ? `; ${present.length} already in ${target.place}, not sent again` : ""}
              {fromTrash.length > 0
                ? `; ${fromTrash.length} ${fromTrash.length === 1 ? "was a photo" : "were photos"} in the trash, brought back at ${fromTrash.length === 1 ? "its" : "their"} new place`
                : ""}
              {!inFlight && sending.length > 0 && uploaded === sending.length ? ". Every accepted file arrived." : ""}
            </p>
          </div>
          {!inFlight && (refused.length > 0 || failed.length > 0) ? (
            <div className="admin-alert">
              <h3>Not uploaded</h3>
              <ul className="uploader-refusals">
                {[...refused, ...failed].map((i) => (
                  <li key={i.key}>
                    <strong>{i.name}</strong>: {i.reason}
                  </li>
                ))}
              </ul>
              {failed.length > 0 ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    for (const i of failed) retry(i.key);
                  }}
                >
                  Retry all failed
                </button>
              ) : null}
            </div>
          ) : null}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to be scrolled (WCAG 2.1.1). */}
          <ul className="uploader-files" tabIndex={0} aria-label="Each file's upload">
            {items.map((i) => (
              <li key={i.key} className={`uploader-file is-${i.state}`}>
                <span className="uploader-name">{i.name}</span>
                <progress
                  max={Math.max(i.size, 1)}
                  value={i.state === "refused" ? 0 : i.state === "present" ? i.size : Math.min(i.sent, i.size)}
                  aria-label={`${i.name} upload`}
                />
                <span className="uploader-state">
                  {i.state === "waiting"
                    ? "waiting"
                    : i.state === "uploading"
                      ? `${Math.floor((100 * Math.min(i.sent, i.size)) / Math.max(i.size, 1))}%`
                      : i.state === "uploaded"
                        ? i.fromTrash
                          ? "uploaded: back from the trash"
                          : "uploaded"
                        : i.state === "present"
                          ? i.reason
                          : `${i.state}: ${i.reason}`}
                </span>
                {i.state === "failed" ? (
                  <button type="button" className="link-button" onClick={() => retry(i.key)}>
                    Retry<span className="visually-hidden"> {i.name}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
