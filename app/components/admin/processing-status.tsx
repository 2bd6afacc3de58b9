// Follows the background processing of this shoot's uploads: polls while anything is queued
// or running, names every file the processing refused, and refreshes the page's photos when
// new ones are ready.
import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { JobProgress } from "#domain/jobs/queue.server.ts";

/** How often the page asks how far processing has got, while it is going on. */
export const PROCESSING_POLL_MS = 1_500;

interface ProcessingStatusProps {
  shootId: number;
  since: number;
  /** Bumped by the uploader when a file was queued: poll again now. */
  pokes: number;
}

export function ProcessingStatus({ shootId, since, pokes }: ProcessingStatusProps) {
  const fetcher = useFetcher<JobProgress>();
  const revalidator = useRevalidator();
  // The effects below run on what changed, not on these objects' identities (new each render).
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const url = `/admin/shoots/${shootId}/jobs?since=${since}`;
  const progress = fetcher.data;
  const pending = progress ? progress.queued + progress.running : 0;
  const working = pending > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a poke (a file was queued) asks for a fresh count.
  useEffect(() => {
    void load.current(url);
  }, [url, pokes]);

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void load.current(url), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [working, url]);

  // New photos are ready: show them.
  const done = progress?.done ?? 0;
  const seenDone = useRef(0);
  useEffect(() => {
    if (done === seenDone.current) return;
    seenDone.current = done;
    void revalidate.current();
  }, [done]);

  if (!progress || (pending === 0 && progress.done === 0 && progress.failed.length === 0)) return null;
  const total = pending + progress.done + progress.failed.length;
  return (
    <div className="uploader-processing">
      <label htmlFor="processing-progress">Processing</label>
      <progress id="processing-progress" max={Math.max(total, 1)} value={progress.done + progress.failed.length} />
      <p role="status" aria-live="polite">
        {pending > 0
          ? `Processing photos: ${progress.done} of ${total} ready. You can leave this page; it carries on.`
          : `All ${progress.done} uploaded photos are ready.`}
      </p>
      {progress.failed.length > 0 ? (
        <ul className="uploader-refusals">
          {progress.failed.map((f) => (
            <li key={`${f.fileName}-${f.reason}`}>
              <strong>{f.fileName}</strong>: {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
