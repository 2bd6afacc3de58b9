// The contact form in Chromium, with and without JavaScript: errors next to their fields with
// focus on the first, the pending button, success without a reload, bots answered like people
// but not stored. The suite's server has no SMTP_URL, so inquiries are stored, not mailed (the
// SMTP side is tested in server/contact.test.ts and domain/mail/outbox.server.test.ts).
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { expect, holdScripts, hydrated, isHydrated, test } from "./fixtures.ts";

const DB_FILE = path.resolve("tmp/e2e-data/studio.db");
/** The server's default INQUIRY_MIN_FILL_S is 3; a person takes longer than that to write. */
const HUMAN_FILL_MS = 3_300;
const RUN = Date.now().toString(36);
const THANKS = "Thank you, we'll contact you soon";

function storedWith(text: string): { message: string; page: string }[] {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    return db.prepare("SELECT message, page FROM inquiries WHERE message LIKE ?").all(`%${text}%`) as {
      message: string;
      page: string;
    }[];
  } finally {
    db.close();
  }
}

async function fillValid(page: Page, message: string) {
  await page.getByLabel("Name").fill("Priya Raman");
  await page.getByLabel("Phone Number").fill("+91 98765 43210");
  await page.getByLabel("Email").fill("priya@example.com");
  await page.getByLabel("Message").fill(message);
}

/**
 * A server of its own for the tests of one describe block: an empty studio with `env` on top, so
 * a test can change a limit without changing it under the other tests. Read `own.server` and
 * `own.dataDir` inside the tests (they are set before the first one runs).
 */
function serverOfItsOwn(env: Record<string, string>) {
  const own = {} as { server: ServerProcess; dataDir: string };
  test.beforeAll(async () => {
    own.dataDir = makeTempDir("studio-e2e-own-");
    own.server = await startServer(own.dataDir, { DEMO_CONTENT: "off", ...env });
    await own.server.waitUntilReady();
  });
  test.afterAll(async () => {
    await own.server?.stop("SIGTERM");
    fs.rmSync(own.dataDir, { recursive: true, force: true });
  });
  return own;
}

test.describe("with JavaScript", () => {
  test("shows the rules' errors next to their fields, keeps the values and focuses the first error", async ({
    page,
    axeViolations,
    offHostRequests,
  }) => {
    await page.goto("/contactUs");
    await hydrated(page, "form.contact-form");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByLabel("Name").fill("Priya");
    await page.getByRole("button", { name: "Submit" }).click();

    const phone = page.getByLabel("Phone Number");
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/e-mail address or a phone number/);
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/e-mail address or a phone number/);
    await expect(page.getByLabel("Message")).toHaveAccessibleDescription("Please write a message.");
    await expect(page.getByLabel("Name")).toHaveValue("Priya");
    await expect(page.getByLabel("Name")).not.toHaveAttribute("aria-invalid");

    await page.getByLabel("Email").fill("priya@");
    await page.getByLabel("Phone Number").fill("12 34");
    await page.getByLabel("Message").fill("Hello");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription(/7 to 15 digits/);
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/name@example\.com/);
    await expect(page.getByLabel("Message")).not.toHaveAttribute("aria-invalid");
    // The browser applied the rules itself: nothing was sent.
    expect(posts).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(offHostRequests).toEqual([]);
  });

  test("sends without a reload, with a pending button, then thanks, clears the form and focuses the thanks", async ({
    page,
    offHostRequests,
  }) => {
    const message = `JS inquiry ${RUN}`;
    await page.goto("/contactUs");
    await hydrated(page, "form.contact-form");
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/contactUs*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await fillValid(page, message);
    await page.waitForTimeout(HUMAN_FILL_MS);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
    release();
    const thanks = page.getByText(THANKS);
    await expect(thanks).toBeFocused();
    for (const label of ["Name", "Phone Number", "Email", "Message"])
      await expect(page.getByLabel(label)).toHaveValue("");
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(page).toHaveURL(/\/contactUs$/);
    expect(storedWith(message)).toEqual([{ message, page: "/contactUs" }]);
    expect(offHostRequests).toEqual([]);

    // A second message straight after (pasted, say) is the same person, not a bot that was
    // too fast: the page's fill time still counts, so it is stored too.
    const afterthought = `JS afterthought ${RUN}`;
    await fillValid(page, afterthought);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(THANKS)).toBeFocused();
    await expect.poll(() => storedWith(afterthought)).toEqual([{ message: afterthought, page: "/contactUs" }]);
  });

  // An early tap does what a late tap does: the form's touch starts the page's modules, but on a
  // slow phone the visitor can finish before they have run. Their Submit is not held back: the
  // form posts as it does without scripts, and the inquiry arrives once.
  test("sent before the page's script has run, posts the form and thanks the visitor", async ({ page }) => {
    const message = `Early inquiry ${RUN}`;
    await holdScripts(page);
    await page.goto("/contactUs");
    await fillValid(page, message);
    await page.waitForTimeout(HUMAN_FILL_MS);
    expect(await isHydrated(page, "form.contact-form")).toBe(false);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(THANKS)).toBeVisible();
    await expect(page).toHaveURL(/\/contactUs$/);
    expect(storedWith(message)).toEqual([{ message, page: "/contactUs" }]);
  });

  test("answers a filled honeypot like a person, and stores nothing", async ({ page }) => {
    const trapped = `Honeypot ${RUN}`;
    await page.goto("/contactUs");
    await hydrated(page, "form.contact-form");
    await fillValid(page, trapped);
    await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await page.waitForTimeout(HUMAN_FILL_MS);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(THANKS)).toBeFocused();
    expect(storedWith(trapped)).toEqual([]);
  });
});

test.describe("a submission faster than a person writes", () => {
  // A server of its own whose minimum fill time is an hour, so every submission is too fast
  // however quickly or slowly this machine drives the browser: the test controls the time rather
  // than hoping the form is filled in under the default 3 s.
  const own = serverOfItsOwn({ INQUIRY_MIN_FILL_S: "3600" });

  test("is thanked like a person and not stored, with JavaScript and without", async ({ browser }) => {
    const stored = () => {
      const db = new DatabaseSync(path.join(own.dataDir, "studio.db"), { readOnly: true });
      try {
        return db.prepare("SELECT COUNT(*) AS n FROM inquiries").get() as { n: number };
      } finally {
        db.close();
      }
    };
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${own.server.url}/contactUs`);
      if (javaScriptEnabled) await hydrated(page, "form.contact-form");
      await fillValid(page, `Too fast ${RUN}`);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByText(THANKS)).toBeVisible();
      await context.close();
    }
    expect(stored()).toEqual({ n: 0 });
  });
});

test.describe("over the hourly limit", () => {
  // A server of its own, empty and with a limit of one, so this test neither has to send a
  // hundred inquiries into the suite's server nor changes its limit under the other tests.
  const own = serverOfItsOwn({ INQUIRY_RATE_LIMIT: "1" });

  test("with JavaScript, says so in a notice that takes focus, and keeps what was typed", async ({
    page,
    axeViolations,
  }) => {
    await page.goto(`${own.server.url}/contactUs`);
    await hydrated(page, "form.contact-form");
    await page.waitForTimeout(HUMAN_FILL_MS);
    await fillValid(page, `The one this hour ${RUN}`);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(THANKS)).toBeFocused();

    const second = `And one more ${RUN}`;
    await fillValid(page, second);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await answer).status()).toBe(429);
    const notice = page.getByText("You have sent us several messages in a short time");
    await expect(notice).toBeFocused();
    await expect(notice).toContainText(/Please try again in \d+ minutes?, or call us\./);
    await expect(page.getByLabel("Message")).toHaveValue(second);
    await expect(page.getByLabel("Email")).toHaveValue("priya@example.com");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // (axe needs JavaScript in the page; the same markup is checked by axe in the test above.)
  test("posts the page, renders errors with the values kept and focus on the first, then the thanks", async ({
    page,
    offHostRequests,
  }) => {
    const message = `No-JS inquiry ${RUN}`;
    await page.goto("/contactUs");
    await page.getByLabel("Name").fill("Priya Raman");
    await page.getByLabel("Message").fill(message);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByText("Please check the fields marked below.")).toBeVisible();
    const phone = page.getByLabel("Phone Number");
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/e-mail address or a phone number/);
    await expect(page.getByLabel("Name")).toHaveValue("Priya Raman");
    await expect(page.getByLabel("Message")).toHaveValue(message);

    await page.getByLabel("Email").fill("priya@example.com");
    await page.waitForTimeout(HUMAN_FILL_MS);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(THANKS)).toBeFocused();
    for (const label of ["Name", "Phone Number", "Email", "Message"])
      await expect(page.getByLabel(label)).toHaveValue("");
    expect(storedWith(message)).toEqual([{ message, page: "/contactUs" }]);
    expect(offHostRequests).toEqual([]);
  });
});
