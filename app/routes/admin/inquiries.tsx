// The inbox: contact inquiries newest first, a page at a time, each with how to reach the
// visitor, where they wrote from (those not shown before marked new, and read once shown) and how its mails fared; open ones are marked handled once
// answered (and can be reopened), and the list can be taken away as a CSV file.
import { data, Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { unseenInquiriesOf } from "#app/utils/request-context.ts";
import { INQUIRY_FILTERS, type InquiryFilter, type MailDelivery, readInquiryFilter } from "#domain/inquiries/inbox.ts";
import { inquirySettings } from "#domain/inquiries/settings.server.ts";
import { listInquiries, mailDelivery, markInquiriesSeen, setInquiryHandled } from "#domain/inquiries/store.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/inquiries";

const INQUIRIES_PAGE_SIZE = 25;
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const filter = readInquiryFilter(url.searchParams.get("show"), "open");
  const before = Number(url.searchParams.get("before"));
  const beforeId = Number.isSafeInteger(before) && before > 0 ? before : undefined;
  // One more than a page: whether it came tells us if there are older ones.
  const rows = await listInquiries(db, { limit: INQUIRIES_PAGE_SIZE + 1, filter, beforeId });
  const page = rows.slice(0, INQUIRIES_PAGE_SIZE);
  // Shown now, so read from now on; this page still marks them new. The menu's count is taken first.
  await unseenInquiriesOf(context, db);
  await markInquiriesSeen(
    db,
    page.filter((i) => i.seenAt === null).map((i) => i.id),
  );
  const mailOn = Boolean(inquirySettings().smtpUrl);
  return {
    filter,
    paged: beforeId !== undefined,
    olderBefore: rows.length > INQUIRIES_PAGE_SIZE ? page.at(-1)?.id : undefined,
    inquiries: page.map(({ mails, ...inquiry }) => ({
      ...inquiry,
      mails: mails.map((m) => ({ kind: m.kind, delivery: mailDelivery(m, { mailOn }) })),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if ((intent !== "handle" && intent !== "reopen") || !Number.isSafeInteger(id)) {
    throw data("Unknown action.", { status: 400 });
  }
  const changed = await setInquiryHandled(getDb(), id, intent === "handle");
  if (!changed) return { notice: "Nothing changed: it was already so, or it is gone." };
  return { notice: intent === "handle" ? "Marked handled." : "Marked open again." };
}

const FILTER_LABELS: Record<InquiryFilter, string> = { open: "Open", handled: "Handled", all: "All" };
const MAIL_LABELS = { studio: "Mail to the studio", ack: "Acknowledgement to the visitor" } as const;

function DeliveryState({ delivery }: { delivery: MailDelivery }) {
  switch (delivery.state) {
    case "delivered":
      return (
        <>
          delivered <StudioTime iso={delivery.at} />
        </>
      );
    case "retrying":
      return (
        <>
          <strong>retrying</strong> after {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}, next try{" "}
          <StudioTime iso={delivery.nextAttemptAt} />
          {delivery.lastError ? <>; last error: {delivery.lastError}</> : null}
        </>
      );
    case "queued":
      return <>queued</>;
    case "mail-off":
      return <>mail off (stored only)</>;
  }
}

export default function Inquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, inquiries, olderBefore, paged } = loaderData;
  return (
    <>
      <div className="admin-title-row">
        <h1>Inquiries</h1>
        {/* A file download, not a screen: a full request, outside the router. */}
        <a href={`/admin/inquiries.csv?show=${filter}`} className="button" download>
          Export CSV<span className="visually-hidden"> ({FILTER_LABELS[filter].toLowerCase()} inquiries)</span>
        </a>
      </div>
      <nav aria-label="Show inquiries">
        <ul className="admin-nav admin-filter">
          {INQUIRY_FILTERS.map((f) => (
            <li key={f}>
              <Link to={`?show=${f}`} aria-current={f === filter ? "page" : undefined}>
                {FILTER_LABELS[f]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="admin-notice" role="status">
        {actionData?.notice}
      </p>
      {inquiries.length === 0 ? (
        <p>{filter === "open" ? "No open inquiries." : "No inquiries here."}</p>
      ) : (
        <ol className="admin-inquiries">
          {inquiries.map((i) => (
            <li key={i.id} className="admin-inquiry">
              <article aria-labelledby={`inquiry-${i.id}`}>
                <h2 id={`inquiry-${i.id}`} className="admin-inquiry-title">
                  {i.seenAt === null ? <span className="admin-new">New</span> : null}
                  {i.name || "(no name)"}{" "}
                  <span className="admin-sub">
                    <StudioTime iso={i.createdAt} />
                  </span>
                </h2>
                <dl className="admin-facts">
                  {i.phone ? (
                    <>
                      <dt>Phone</dt>
                      <dd>
                        <a href={`tel:${i.phone.replace(/[^\d+]/g, "")}`}>{i.phone}</a>
                      </dd>
                    </>
                  ) : null}
                  {i.email ? (
                    <>
                      <dt>E-mail</dt>
                      <dd>
                        <a href={`mailto:${i.email}`}>{i.email}</a>
                      </dd>
                    </>
                  ) : null}
                  <dt>From page</dt>
                  <dd>{i.page || "(unknown)"}</dd>
                  {i.mails.map((m) => (
                    <MailFact key={m.kind} label={MAIL_LABELS[m.kind]} delivery={m.delivery} />
                  ))}
                  {i.handledAt ? (
                    <>
                      <dt>Handled</dt>
                      <dd>
                        <StudioTime iso={i.handledAt} />
                      </dd>
                    </>
                  ) : null}
                </dl>
                <p className="admin-message">{i.message}</p>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="id" value={i.id} />
                  {i.handledAt ? (
                    <button type="submit" name="intent" value="reopen" className="link-button">
                      Mark unhandled<span className="visually-hidden"> (from {i.name || "no name"})</span>
                    </button>
                  ) : (
                    <button type="submit" name="intent" value="handle" className="button">
                      Mark handled<span className="visually-hidden"> (from {i.name || "no name"})</span>
                    </button>
                  )}
                </Form>
              </article>
            </li>
          ))}
        </ol>
      )}
      {paged || olderBefore ? (
        <p className="admin-actions">
          {paged ? <Link to={`?show=${filter}`}>Newest</Link> : null}
          {olderBefore ? <Link to={`?show=${filter}&before=${olderBefore}`}>Older inquiries</Link> : null}
        </p>
      ) : null}
    </>
  );
}

function MailFact({ label, delivery }: { label: string; delivery: MailDelivery }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <DeliveryState delivery={delivery} />
      </dd>
    </>
  );
}
