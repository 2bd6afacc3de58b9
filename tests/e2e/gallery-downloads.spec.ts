// A client gallery's downloads against the real server: one photo (web size and original), a set
// and a selection list as ZIPs whose contents unzip checks, a cut ZIP resumed with Range, downloads
// off refused with a sentence, and the download PIN: a wrong one refused, the right one downloads
// in the browser. Galleries are made through the domain layer with unique titles, on the server's
// own database and media (other specs share them).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse as parseDisposition } from "content-disposition";
import { hashPassword } from "#domain/auth/password.server.ts";
import { PIN_FAILURES_PER_15_MIN } from "#domain/galleries/access.server.ts";
import { addGallerySet, createGallery, readGallery, revokeGalleryLink } from "#domain/galleries/galleries.server.ts";
import { addPhotoToSet, makeSelectionList, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { formatFileSize } from "#platform/bytes.ts";
import type { GalleryDownloads } from "#platform/db/schema.server.ts";
import { expect, test, withStudio } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";
import { enterAs } from "./gallery-visitor.ts";

/** The person whose list makeGallery makes, and their PIN. */
const LIST_PIN = "4826";

interface Made {
  token: string;
  galleryId: number;
  sets: { id: number; photoIds: number[] }[];
  listId: number;
  /** Its person's name, with LIST_PIN. */
  listOwner: string;
  originals: Map<number, Buffer>;
}

/** A gallery of two sets of three photos and a two-photo list; seeds unique to this test run. */
async function makeGallery(downloads: GalleryDownloads, { downloadPin }: { downloadPin?: string } = {}): Promise<Made> {
  const base = Math.floor(Math.random() * 0x7f_0000) + 1;
  return withStudio(async (deps) => {
    const galleryId = await createGallery(deps.db, { title: `Anitha & Karthik ${base.toString(36)}` });
    await deps.db
      .updateTable("client_galleries")
      .set({ downloads, download_pin_hash: downloadPin ? await hashPassword(downloadPin) : null })
      .where("id", "=", galleryId)
      .execute();
    const originals = new Map<number, Buffer>();
    const sets: Made["sets"] = [];
    let seed = base;
    for (const title of ["Nalangu", "Muhurtham"]) {
      const id = await addGallerySet(deps.db, galleryId, title);
      const photoIds: number[] = [];
      for (let i = 1; i <= 3; i++) {
        const data = await seededJpeg(seed++, 300, 200);
        const photoId = await addPhotoToSet(deps, id, data, `${title}_${i}.jpg`);
        originals.set(photoId, data);
        photoIds.push(photoId);
      }
      sets.push({ id, photoIds });
    }
    const chosen = [sets[0]?.photoIds[1] ?? 0, sets[1]?.photoIds[2] ?? 0];
    const listOwner = `Anitha ${base}`;
    const listId = await makeSelectionList(deps.db, galleryId, listOwner, chosen, { pin: LIST_PIN });
    const gallery = await readGallery(deps.db, galleryId);
    if (!gallery) throw new Error("no gallery");
    return { token: gallery.token, galleryId, sets, listId, listOwner, originals };
  });
}

/** The names in a ZIP, by Info-ZIP's own listing, after `unzip -t` passed. */
function zipNames(body: Buffer, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `check-${Date.now()}-${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, body);
  expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
  return execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
}

test.describe("gallery downloads", () => {
  test("one photo, a set and a list, at web size and original, as the gallery allows", async ({
    request,
    playwright,
  }, info) => {
    const made = await makeGallery("original");
    const g = `/g/${made.token}/download`;
    const first = made.sets[0]?.photoIds[0] ?? 0;

    const original = await request.get(`${g}/photo/${first}?size=original`);
    expect(original.status()).toBe(200);
    expect(parseDisposition(original.headers()["content-disposition"] ?? "").parameters.filename).toBe("Nalangu_1.jpg");
    expect((await original.body()).equals(made.originals.get(first) ?? Buffer.alloc(0))).toBe(true);

    const web = await request.get(`${g}/photo/${first}`);
    expect(web.status()).toBe(200);
    expect(web.headers()["content-type"]).toBe("image/jpeg");
    expect((await web.body()).subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);

    const set = await request.get(`${g}/set/${made.sets[1]?.id}.zip`);
    expect(set.status()).toBe(200);
    expect(Number(set.headers()["content-length"])).toBe((await set.body()).length);
    expect(zipNames(await set.body(), info.outputDir)).toEqual([
      "02 Muhurtham/Muhurtham_1.jpg",
      "02 Muhurtham/Muhurtham_2.jpg",
      "02 Muhurtham/Muhurtham_3.jpg",
    ]);

    // A list is its person's: refused to someone not signed in, unknown to another person.
    const listUrl = `${g}/list/${made.listId}.zip?size=original`;
    const refused = await request.get(listUrl);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toMatch(/one person's list\. Open the gallery and give your name and PIN/);
    const someoneElse = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    try {
      const entered = await someoneElse.post(`/g/${made.token}`, {
        form: { intent: "enter", name: "Meena", pin: "2580" },
        maxRedirects: 0,
      });
      expect(entered.status()).toBe(302);
      expect((await someoneElse.get(listUrl)).status()).toBe(404);
    } finally {
      await someoneElse.dispose();
    }
    const signIn = await request.post(`/g/${made.token}`, {
      form: { intent: "enter", name: made.listOwner, pin: LIST_PIN },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    const list = await request.get(listUrl);
    expect(list.status()).toBe(200);
    expect(parseDisposition(list.headers()["content-disposition"] ?? "").parameters.filename).toMatch(
      new RegExp(`– Album, ${made.listOwner} \\(originals\\)\\.zip$`),
    );
    const out = path.join(info.outputDir, "list");
    expect(zipNames(await list.body(), info.outputDir)).toEqual([
      "01 Nalangu/Nalangu_2.jpg",
      "02 Muhurtham/Muhurtham_3.jpg",
    ]);
    const listFile = path.join(info.outputDir, "list.zip");
    fs.writeFileSync(listFile, await list.body());
    execFileSync("unzip", ["-o", "-q", listFile, "-d", out]);
    const second = made.sets[0]?.photoIds[1] ?? 0;
    expect(
      fs.readFileSync(path.join(out, "01 Nalangu/Nalangu_2.jpg")).equals(made.originals.get(second) ?? Buffer.alloc(0)),
    ).toBe(true);
  });

  test("a cut ZIP resumes with Range from where it stopped, not from the start", async ({ request }) => {
    const made = await makeGallery("original");
    const url = `/g/${made.token}/download/all.zip?size=original`;
    const whole = await request.get(url);
    expect(whole.status()).toBe(200);
    expect(whole.headers()["accept-ranges"]).toBe("bytes");
    const etag = whole.headers().etag ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = await whole.body();
    const half = Math.floor(body.length / 2);
    // The first half arrived before the connection was cut; the browser asks for the rest.
    const rest = await request.get(url, { headers: { Range: `bytes=${half}-`, "If-Range": etag } });
    expect(rest.status()).toBe(206);
    expect(rest.headers()["content-range"]).toBe(`bytes ${half}-${body.length - 1}/${body.length}`);
    expect(Buffer.concat([body.subarray(0, half), await rest.body()]).equals(body)).toBe(true);
    // The same gallery gives the same bytes again, so a resumed download joins up.
    expect((await (await request.get(url)).body()).equals(body)).toBe(true);
  });

  test("downloads off, or originals not offered, are refused with a sentence; a dead link too", async ({ request }) => {
    const off = await makeGallery("off");
    const refused = await request.get(`/g/${off.token}/download/all.zip`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Downloads are not offered in this gallery");
    const offPage = await request.get(`/g/${off.token}/downloads`);
    expect(offPage.status()).toBe(403);
    expect(await offPage.text()).toContain("Downloads are not offered in this gallery");
    expect(await (await request.get(`/g/${off.token}`)).text()).not.toContain("Download photos");
    const webOnly = await makeGallery("web");
    const originals = await request.get(`/g/${webOnly.token}/download/set/${webOnly.sets[0]?.id}.zip?size=original`);
    expect(originals.status()).toBe(403);
    expect(await originals.text()).toContain("web-size downloads only");
    expect((await request.get(`/g/${webOnly.token}/download/set/${webOnly.sets[0]?.id}.zip`)).status()).toBe(200);

    // Another gallery's set, through this link: nothing.
    expect((await request.get(`/g/${webOnly.token}/download/set/${off.sets[0]?.id}.zip`)).status()).toBe(404);
    await withStudio(({ db }) => revokeGalleryLink(db, webOnly.galleryId));
    const revoked = await request.get(`/g/${webOnly.token}/download/all.zip`);
    expect(revoked.status()).toBe(410);
    expect(await revoked.text()).toContain("no longer works");
    expect((await request.get(`/g/${"A".repeat(43)}/download/all.zip`)).status()).toBe(404);
  });

  test("while the watermark's files are being made, web size says so and asks to retry; originals download", async ({
    request,
  }) => {
    const made = await makeGallery("original");
    // A watermark set straight in the database: no re-render is queued, so its files stay unmade
    // (in the product, the studio's change queues them and this lasts minutes).
    await withStudio(({ db }) =>
      db
        .updateTable("client_galleries")
        .set({ watermark_text: "Nila Studio" })
        .where("id", "=", made.galleryId)
        .execute(),
    );
    const g = `/g/${made.token}`;
    const first = made.sets[0]?.photoIds[0] ?? 0;
    const photo = await request.get(`${g}/download/photo/${first}`);
    expect(photo.status()).toBe(503);
    expect(photo.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(await photo.text()).toContain("This photo is still being prepared with the studio's watermark");
    const set = await request.get(`${g}/download/set/${made.sets[1]?.id}.zip`);
    expect(set.status()).toBe(503);
    expect(await set.text()).toContain("3 photos of this download are still being prepared");
    // Never sent unmarked, and originals are not held back (they are never watermarked).
    expect((await request.get(`${g}/download/set/${made.sets[1]?.id}.zip?size=original`)).status()).toBe(200);
    const page = await request.get(`${g}/downloads`);
    expect(await page.text()).toContain("3 photos are still being prepared by the studio");
  });

  test("a wrong download PIN is refused; the right one downloads the ZIP", async ({ page, axeViolations }, info) => {
    const made = await makeGallery("web", { downloadPin: "2468" });
    const url = `/g/${made.token}/download/set/${made.sets[0]?.id}.zip`;
    const first = await page.goto(url);
    expect(first?.status()).toBe(403);
    await expect(page.getByText("need the download PIN")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Download PIN").fill("1357");
    await page.getByRole("button", { name: "Download" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `That PIN is not right. ${PIN_FAILURES_PER_15_MIN - 1} more tries before a wait.`,
    );

    await page.getByLabel("Download PIN").fill("2468");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/Nalangu \(web size\)\.zip$/);
    const file = path.join(info.outputDir, "pin.zip");
    await download.saveAs(file);
    expect(zipNames(fs.readFileSync(file), info.outputDir)).toEqual([
      "01 Nalangu/Nalangu_1.jpg",
      "01 Nalangu/Nalangu_2.jpg",
      "01 Nalangu/Nalangu_3.jpg",
    ]);
  });

  test("the client's page lists every download with its size first; a set and a photo download from the page", async ({
    page,
    axeViolations,
  }, info) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const made = await makeGallery("original", { downloadPin: "1357" });
    await page.goto(`/g/${made.token}`);
    // A person's list is offered once it holds a photo.
    await enterAs(page, "Meena", "2580");
    await page.getByRole("button", { name: "Heart photo 3 of Muhurtham", exact: true }).click();
    await expect(page.locator(".cg-counter")).toContainText("1");

    await page.getByRole("link", { name: "Download photos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Download photos" })).toBeVisible();
    await page.getByLabel("Download PIN").fill("1357");
    await page.getByRole("button", { name: "Show the downloads" }).click();
    const offers = page.locator(".cg-offer h2");
    await expect(offers).toHaveText([
      "All photos 6 photos",
      "Nalangu 3 photos",
      "Muhurtham 3 photos",
      "Your list Album 1 photo",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    // The size shown is the size that arrives.
    const nalangu = page.locator(".cg-offer").filter({ hasText: "Nalangu" });
    const webLink = nalangu.getByRole("link", { name: /^Download Nalangu, web size, / });
    const shown = (await webLink.getAttribute("aria-label"))?.replace("Download Nalangu, web size, ", "");
    const [download] = await Promise.all([page.waitForEvent("download"), webLink.click()]);
    const file = path.join(info.outputDir, "nalangu.zip");
    await download.saveAs(file);
    expect(formatFileSize(fs.statSync(file).size)).toBe(shown);
    expect(zipNames(fs.readFileSync(file), info.outputDir)).toEqual([
      "01 Nalangu/Nalangu_1.jpg",
      "01 Nalangu/Nalangu_2.jpg",
      "01 Nalangu/Nalangu_3.jpg",
    ]);
    await expect(
      page
        .locator(".cg-offer")
        .filter({ hasText: "Your list Album" })
        .getByRole("link", { name: /originals/ }),
    ).toHaveAttribute("href", new RegExp(`^/g/${made.token}/download/list/\\d+\\.zip\\?size=original$`));

    // One photo from the viewer, at web size, once the download PIN was given.
    await page.getByRole("link", { name: "Back to the gallery" }).click();
    await hydrated(page);
    await page.locator(".cg-grid .cg-item a").first().click();
    const [photo] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download this photo (web size)" }).click(),
    ]);
    expect(photo.suggestedFilename()).toBe("Nalangu_1.jpg");
    const photoFile = path.join(info.outputDir, "photo.jpg");
    await photo.saveAs(photoFile);
    expect(
      fs
        .readFileSync(photoFile)
        .subarray(0, 2)
        .equals(Buffer.from([0xff, 0xd8])),
    ).toBe(true);
  });

  test("the studio exports a list as a ZIP of its originals; signed out, it is not served", async ({
    adminPage,
    playwright,
    baseURL,
  }, info) => {
    // Downloads off for the client: the studio still gets the originals.
    const made = await makeGallery("off");
    const url = `/admin/galleries/${made.galleryId}/selections/${made.listId}/originals.zip`;
    const zip = await adminPage.request.get(url);
    expect(zip.status()).toBe(200);
    expect(zip.headers()["content-disposition"]).toMatch(/\(originals\)\.zip"/);
    expect(zipNames(await zip.body(), info.outputDir)).toEqual([
      "01 Nalangu/Nalangu_2.jpg",
      "02 Muhurtham/Muhurtham_3.jpg",
    ]);
    expect(
      (await adminPage.request.get(`/admin/galleries/${made.galleryId}/selections/999999/originals.zip`)).status(),
    ).toBe(404);

    const stranger = await playwright.request.newContext({ baseURL });
    const refused = await stranger.get(url, { maxRedirects: 0 });
    expect(refused.status()).not.toBe(200);
    expect(refused.headers()["content-type"] ?? "").not.toContain("zip");
    await stranger.dispose();
  });
});
