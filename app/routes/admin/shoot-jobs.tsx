// /admin/shoots/{id}/jobs: how far the background processing of this shoot's uploads has got,
// polled by the shoot page while photos are being processed.
import { data } from "react-router";
import { jobProgress } from "#domain/jobs/queue.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/shoot-jobs";

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = Number(params.id);
  const since = Number(new URL(request.url).searchParams.get("since") ?? "0");
  // An instant a Date can hold (it is compared with stored times).
  if (!Number.isSafeInteger(id) || Number.isNaN(new Date(since).getTime())) throw data("Bad request", { status: 400 });
  return jobProgress(getDb(), id, since);
}
