// The admin's access rules in a real browser: the CLI-made owner signs in; wrong passwords
// are throttled, without locking the owner's known browser out; sessions expire and can be
// ended everywhere; forged cross-site posts and posts without the form token are refused;
// admin pages are never cached or indexed.
import { randomBytes } from "node:crypto";
import { LOGIN_FAILURES_PER_ACCOUNT } from "#domain/auth/login.server.ts";
import { createOwnerWithCli, expect, signIn, test, withDatabase } from "./admin-fixtures.ts";

test("the admin asks for a sign-in, and the CLI-made owner gets in and out", async ({ page, owner, axeViolations }) => {
  const response = await page.goto("/admin/shoots/new");
  expect(page.url()).toMatch(/\/admin\/login\?next=%2Fadmin%2Fshoots%2Fnew$/);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("E-mail").fill(owner.email.toUpperCase());
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/shoots\/new$/);
  await expect(page.getByRole("heading", { name: "New shoot" })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === "nila_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/admin" });
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
  // Public pages never receive the admin's cookie, and keep their shared cache.
  const home = await page.request.get("/");
  expect(home.headers()["cache-control"]).toMatch(/public/);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("there is no default account and no sign-up", async ({ page }) => {
  for (const [email, password] of [
    ["admin@example.com", "admin"],
    ["admin", "password"],
  ]) {
    await page.goto("/admin/login");
    await page.getByLabel("E-mail").fill(email as string);
    await page.getByLabel("Password").fill(password as string);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(/do not match an account/);
  }
  expect((await page.request.get("/admin/signup", { maxRedirects: 0 })).status()).toBe(302);
});

test("wrong passwords are throttled per account, and the right one is then refused too", async ({ page }) => {
  const owner = { email: `throttled-${randomBytes(4).toString("hex")}@example.com`, password: "a correct password" };
  createOwnerWithCli(owner.email, owner.password);
  await page.goto("/admin/login");
  for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill(`wrong ${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(/do not match/);
    // What was typed stays; the password does not.
    await expect(page.getByLabel("E-mail")).toHaveValue(owner.email);
  }
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Too many failed attempts/);
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("the owner signing in from a known device while their account is under a guessing attack", async ({
  page,
  owner,
  browser,
}) => {
  test.setTimeout(60_000);
  // The owner has signed in on this browser before: it now carries a known-device cookie.
  await signIn(page, owner);
  const device = (await page.context().cookies()).find((c) => c.name === "nila_device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/admin" });
  expect(device?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 60 * 60);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();

  // Someone else guesses the owner's password until the account is throttled...
  const attacker = await browser.newContext();
  const guesser = await attacker.newPage();
  await guesser.goto("/admin/login");
  for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
    await guesser.getByLabel("E-mail").fill(owner.email);
    await guesser.getByLabel("Password").fill(`guess ${i}`);
    await guesser.getByRole("button", { name: "Sign in" }).click();
    await expect(guesser.getByRole("alert")).toHaveText(/do not match/);
  }
  // ...so from a browser the account does not know, even the right password now waits.
  await guesser.getByLabel("Password").fill(owner.password);
  await guesser.getByRole("button", { name: "Sign in" }).click();
  await expect(guesser.getByRole("alert")).toHaveText(/Too many failed attempts/);
  await attacker.close();

  // The owner's own browser is not locked out.
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/admin\/shoots$/);
});

test("an expired session signs the owner out", async ({ adminPage: page, owner }) => {
  await page.goto("/admin/trash");
  await expect(page.getByRole("heading", { name: "Trash" })).toBeVisible();
  withDatabase((db) =>
    db
      .prepare(
        "update admin_sessions set expires_at = '1970-01-01T00:00:00.001Z' where user_id = (select id from admin_users where email = ?)",
      )
      .run(owner.email),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Ftrash$/);
});

test("'sign out everywhere' ends the owner's other sessions", async ({ adminPage: page, owner, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, owner);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await otherPage.goto("/admin");
  await expect(otherPage).toHaveURL(/\/admin\/login/);
  await other.close();
});

test("a forged cross-site post and a post without the form token are refused", async ({ adminPage: page }) => {
  const title = `Forged ${randomBytes(4).toString("hex")}`;
  const form = { title, location: "", description: "", collectionId: "1", intent: "save" };
  // The browser's cookie, sent from another origin (as a cross-site form would).
  const forged = await page.request.post("/admin/shoots/new", {
    form,
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  // Refused in Express before React Router (whose own check would answer 400 and log an error).
  expect(forged.status()).toBe(403);
  // A request the browser marks cross-site is refused by our check even if its Origin matches.
  const crossSite = await page.request.post("/admin/shoots/new", {
    form,
    headers: { Origin: new URL(page.url()).origin, "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  // Same origin, but no token: a request the page did not render.
  const tokenless = await page.request.post("/admin/shoots/new", {
    form,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(tokenless.status()).toBe(403);
  // Same origin, with another session's token.
  const stolen = await page.request.post("/admin/shoots/new", {
    form: { ...form, csrf: "x".repeat(43) },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(stolen.status()).toBe(403);
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});
