// The admin's inbox and API tokens in a real browser: inquiries with their mails' delivery
// state, handled and reopened, exported as a CSV a spreadsheet can open safely; a token shown
// once, accepted by the content API, then revoked and refused; forged posts refused.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parse as parseDisposition } from "content-disposition";
import { expect, test, withDatabase } from "./admin-fixtures.ts";

interface SeededMail {
  kind: "studio" | "ack";
  attempts: number;
  lastError?: string;
  deliveredAt?: string;
}

/** Stores an inquiry as the contact form would, with its outbox rows in a chosen state. */
function seedInquiry(fields: { name: string; phone?: string; email?: string; message: string }, mails: SeededMail[]) {
  const createdAt = new Date().toISOString();
  return withDatabase((db) => {
    const { id } = db
      .prepare(
        "INSERT INTO inquiries (uid, name, phone, email, message, page, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
      )
      .get(
        randomBytes(8).toString("hex"),
        fields.name,
        fields.phone ?? "",
        fields.email ?? "",
        fields.message,
        "/galleryList/1",
        createdAt,
      ) as { id: number };
    for (const m of mails) {
      db.prepare(
        "INSERT INTO mail_outbox (inquiry_id, kind, attempts, next_attempt_at, last_error, delivered_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(id, m.kind, m.attempts, createdAt, m.lastError ?? null, m.deliveredAt ?? null);
    }
    return id;
  });
}

const handledAt = (id: number) =>
  withDatabase(
    (db) =>
      (db.prepare("SELECT handled_at FROM inquiries WHERE id = ?").get(id) as { handled_at: string | null }).handled_at,
  );

test("the inbox shows each inquiry with its mails, marks it handled and exports a safe CSV", async ({
  adminPage: page,
  axeViolations,
}) => {
  const tag = randomBytes(4).toString("hex");
  const failing = `Asha ${tag}`;
  const quiet = `Ravi ${tag}`;
  // More than a page (25) before the two to look at, so the inbox needs an "older" link.
  const FILLERS = 26;
  for (let n = 0; n < FILLERS; n++) seedInquiry({ name: `Filler ${tag} ${n}`, message: "Filler" }, []);
  const failingId = seedInquiry(
    {
      name: failing,
      phone: "+91 98765 43210",
      email: `asha-${tag}@example.com`,
      message: '=HYPERLINK("x")\nSecond line',
    },
    [
      { kind: "studio", attempts: 3, lastError: "421 4.3.2 try again later" },
      { kind: "ack", attempts: 1, deliveredAt: "2026-03-01T10:00:05.000Z" },
    ],
  );
  seedInquiry({ name: quiet, message: "Just a question" }, [{ kind: "studio", attempts: 0 }]);

  await page.getByRole("link", { name: "Inquiries" }).click();
  await expect(page.getByRole("heading", { name: "Inquiries", level: 1 })).toBeVisible();
  const card = page.getByRole("article", { name: failing });
  // Unread until the inbox has shown them: the menu counts them (other tests add their own, so
  // not an exact number), and this visit marks each new, once.
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link", { name: /^Inquiries \d+ new$/ })).toBeVisible();
  await expect(card.locator(".admin-new")).toHaveText("New");
  await expect(card.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
  await expect(card.getByRole("link", { name: `asha-${tag}@example.com` })).toHaveAttribute(
    "href",
    `mailto:asha-${tag}@example.com`,
  );
  await expect(card).toContainText("/galleryList/1");
  await expect(card).toContainText("Second line");
  await expect(card).toContainText(
    /Mail to the studio\s*retrying after 3 attempts.*last error: 421 4\.3\.2 try again later/,
  );
  // Stored 10:00 UTC; the studio (the demo's default zone, Asia/Kolkata) reads 15:30.
  await expect(card).toContainText(/Acknowledgement to the visitor\s*delivered 1 Mar 2026, 15:30 GMT\+5:30/);
  // The e2e server has no SMTP server: an untried mail is "mail off", not waiting forever.
  await expect(page.getByRole("article", { name: quiet })).toContainText("mail off (stored only)");
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(card.locator(".admin-new")).toHaveCount(0);

  await expect(page.getByRole("article", { name: `Filler ${tag} 0` })).toHaveCount(0);
  await page.getByRole("link", { name: "Older inquiries" }).click();
  await expect(page).toHaveURL(/show=open&before=\d+/);
  await expect(page.getByRole("article", { name: `Filler ${tag} 0` })).toBeVisible();
  await expect(page.getByRole("article", { name: failing })).toHaveCount(0);
  await page.getByRole("link", { name: "Newest" }).click();

  await card.getByRole("button", { name: /Mark handled/ }).click();
  await expect(page.getByRole("status")).toHaveText("Marked handled.");
  await expect(page.getByRole("article", { name: failing })).toHaveCount(0);
  expect(handledAt(failingId)).not.toBeNull();
  await page.getByRole("link", { name: "Handled", exact: true }).click();
  await expect(page).toHaveURL(/show=handled/);
  await expect(card).toContainText("Handled");
  await card.getByRole("button", { name: /Mark unhandled/ }).click();
  await expect(page.getByRole("status")).toHaveText("Marked open again.");
  expect(handledAt(failingId)).toBeNull();

  await page.getByRole("link", { name: "All", exact: true }).click();
  // The export link follows the filter once the page has moved: not the one still on screen.
  await expect(page).toHaveURL(/show=all/);
  await expect(page.getByRole("link", { name: /Export CSV/ })).toHaveAttribute("href", /show=all$/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^inquiries-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString("utf8");
  expect(csv).toContain('"id","received (UTC)","name"');
  // The formula is text, its quotes doubled, its line break kept inside the quoted cell.
  expect(csv).toContain(`"${failing}","'+91 98765 43210","asha-${tag}@example.com","'=HYPERLINK(""x"")\nSecond line"`);
  expect(csv).toContain('"retrying (3 attempts): 421 4.3.2 try again later"');
  expect(csv.indexOf(quiet)).toBeLessThan(csv.indexOf(failing));

  const response = await page.request.get("/admin/inquiries.csv");
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const disposition = parseDisposition(response.headers()["content-disposition"] ?? "");
  expect(disposition.type).toBe("attachment");
  expect(disposition.parameters.filename).toMatch(/^inquiries-all-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("the export and the inbox need a session", async ({ request }) => {
  for (const url of ["/admin/inquiries.csv", "/admin/inquiries", "/admin/tokens"]) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^\/admin\/login\?next=/);
  }
});

test("a forged cross-site post or one without the form token changes nothing", async ({ adminPage: page }) => {
  const id = seedInquiry({ name: `Forged ${randomBytes(4).toString("hex")}`, message: "Hello" }, []);
  const origin = new URL(page.url()).origin;
  const attempts: { headers: Record<string, string>; statuses: number[] }[] = [
    { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, statuses: [400, 403] },
    { headers: { Origin: origin, "Sec-Fetch-Site": "cross-site" }, statuses: [403] },
    { headers: { Origin: origin }, statuses: [403] },
  ];
  for (const { headers, statuses } of attempts) {
    const forged = await page.request.post("/admin/inquiries", {
      form: { intent: "handle", id: String(id) },
      headers,
      maxRedirects: 0,
    });
    expect(statuses).toContain(forged.status());
    const token = await page.request.post("/admin/tokens", {
      form: { intent: "create", name: "Forged token" },
      headers,
      maxRedirects: 0,
    });
    expect(statuses).toContain(token.status());
  }
  expect(handledAt(id)).toBeNull();
  const forgedTokens = withDatabase(
    (db) => (db.prepare("SELECT count(*) AS n FROM api_tokens WHERE name = 'Forged token'").get() as { n: number }).n,
  );
  expect(forgedTokens).toBe(0);
});

test("a token is shown once, works for the content API, and stops working when revoked", async ({
  adminPage: page,
  axeViolations,
  request,
}) => {
  // Two pages, an axe run over each and the content API: 34 s on a busy machine.
  test.setTimeout(90_000);
  const name = `Partner site ${randomBytes(4).toString("hex")}`;
  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.locator("#token-name-error")).toContainText("Give the token a name");
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const shown = page.getByLabel("Token", { exact: true });
  await expect(shown).toHaveValue(/^nst_[\w-]{43}$/);
  const token = await shown.inputValue();
  await expect(page.getByText("it is shown only this once")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(`…${token.slice(-4)}`);
  await expect(row).toContainText("never");
  expect(await axeViolations(page)).toEqual([]);

  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.get("/api/galleries", { headers: auth })).status()).toBe(200);

  // Never again: the page, loaded afresh, and its data hold only the last four characters.
  await page.goto("/admin/tokens");
  expect(await page.content()).not.toContain(token);
  await expect(page.getByLabel("Token", { exact: true })).toHaveCount(0);
  await expect(row).not.toContainText("never");

  await row.getByRole("link", { name: /Revoke/ }).click();
  await expect(page.getByText(/Anything using it stops getting data at once/)).toContainText(`…${token.slice(-4)}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: `Revoke “${name}”` }).click();
  await expect(page.getByRole("status")).toContainText("Revoked");
  await expect(row).toContainText("revoked");
  expect((await request.get("/api/galleries", { headers: auth })).status()).toBe(401);
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("marking handled and making a token are plain form posts", async ({ adminPage: page }) => {
    const name = `No script ${randomBytes(4).toString("hex")}`;
    const id = seedInquiry({ name, message: "Hello" }, [{ kind: "studio", attempts: 0 }]);
    await page.goto("/admin/inquiries");
    await page
      .getByRole("article", { name })
      .getByRole("button", { name: /Mark handled/ })
      .click();
    await expect(page.getByRole("status")).toHaveText("Marked handled.");
    expect(handledAt(id)).not.toBeNull();

    await page.goto("/admin/tokens");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByLabel("Token", { exact: true })).toHaveValue(/^nst_/);
  });
});
