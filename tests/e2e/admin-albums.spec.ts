// The studio's side of album proofing (issue 32) in a real browser at a desktop's width (then a
// phone's, for the album's page): an album
// made in the gallery's Albums panel (a wrong name answered beside the field, what was typed
// kept) with its Tamil name, renamed in Tamil on its page (a Tamil name too long refused beside
// its field), three spreads uploaded through the real uploader (chosen out of order, numbered by their
// names), version 1 sent with a WhatsApp message to the couple; the couple's comment (made by the
// domain, as their page would: a pin and a swap photo) drawn on its spread and listed with the
// swap photo's file name, resolved; a corrected spread 2 starting version 2, marked changed, sent
// and answering the comment; the comments' printable list and CSV file; axe clean. Then a gallery
// whose watermark changed after its spreads were made: they stay shown as made, and are marked again;
// and a PDF of spreads, a spread per page.
import { addComment, createAlbum, galleryAlbums, sendDraft } from "#domain/albums/proofing.server.ts";
import { ingestSpread } from "#domain/albums/spreads.server.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { updateGalleryAccess } from "#domain/galleries/access-settings.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { pdfOf } from "#tests/helpers/pdf.ts";
import { expect, test, withStudio } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";

// Uploads are processed before their answer: a few seconds on a busy machine.
test.describe.configure({ timeout: 90_000 });

const UPLOADED_WITHIN_MS = 45_000;

/** A spread-shaped JPEG (2:1) named as SmartAlbums exports it. */
const spreadFile = async (name: string, seed: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await seededJpeg(seed, 1600, 800),
});

test("an album made, uploaded, sent; the couple's comment pinned and resolved; version 2 answers it; the comments exported", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const base = Math.floor(Math.random() * 0x7f_0000) + 1;
  const swapName = `paati-${base.toString(36)}.jpg`;
  const { id, swapPhotoId } = await withStudio(async (deps) => {
    const id = await createGallery(deps.db, {
      title: `Priya weds Karthik ${base.toString(36)}`,
      clientName: "Priya",
      clientPhone: "+91 98765 43210",
    });
    const set = await addGallerySet(deps.db, id, "Muhurtham");
    const swapPhotoId = await addPhotoToSet(deps, set, await seededJpeg(base, 300, 200), swapName);
    return { id, swapPhotoId };
  });

  await page.goto(`/admin/galleries/${id}?panel=albums`);
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Albums" });
  await expect(panel.getByText("No albums yet.")).toBeVisible();
  const tooLong = "A".repeat(130);
  await panel.getByLabel("Album name").fill(tooLong);
  await panel.getByRole("button", { name: "Create album" }).click();
  await expect(panel.getByText("An album's name is at most 120 characters.")).toBeVisible();
  await expect(panel.getByLabel("Album name")).toHaveValue(tooLong);
  await panel.getByLabel("Album name").fill("Priya and Karthik");
  await panel.getByLabel("Name in Tamil (optional)").fill(" பிரியா & கார்த்திக் ");
  await panel.getByRole("button", { name: "Create album" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Priya and Karthik" })).toBeVisible();
  const albumUrl = page.url();
  await hydrated(page);

  // Its Tamil name (issue 33), saved trimmed, is renamed on the album's page: one past the English
  // name's limit is refused beside its field, what was typed kept; then saved.
  const storedNames = () =>
    withStudio(async ({ db }) =>
      (await galleryAlbums(db, STUDIO, id)).map((a) => ({ title: a.title, titleTa: a.titleTa })),
    );
  expect(await storedNames()).toEqual([{ title: "Priya and Karthik", titleTa: "பிரியா & கார்த்திக்" }]);
  const tamilName = page.getByLabel("Name in Tamil (optional)");
  await expect(tamilName).toHaveValue("பிரியா & கார்த்திக்");
  const tooLongTa = "ம".repeat(121);
  await tamilName.fill(tooLongTa);
  await page.getByRole("button", { name: "Save the name" }).click();
  await expect(page.locator("#album-name-ta-error")).toHaveText("The Tamil name is at most 120 characters.");
  await expect(tamilName).toHaveValue(tooLongTa);
  await tamilName.fill("எங்கள் ஆல்பம்");
  await page.getByRole("button", { name: "Save the name" }).click();
  await expect(page.locator("p.admin-notice")).toHaveText("Album renamed to “Priya and Karthik”.");
  expect(await storedNames()).toEqual([{ title: "Priya and Karthik", titleTa: "எங்கள் ஆல்பம்" }]);

  // Chosen in no order: each is numbered by its name.
  await page
    .getByLabel("Choose spreads to upload")
    .setInputFiles([
      await spreadFile("Priya_03.jpg", base + 3),
      await spreadFile("Priya_01.jpg", base + 1),
      await spreadFile("Priya_02.jpg", base + 2),
    ]);
  await expect(page.locator(".uploader-summary")).toContainText("3 of 3 uploaded", { timeout: UPLOADED_WITHIN_MS });
  const v1Spreads = page.getByRole("list", { name: "Version 1's spreads" });
  await expect(v1Spreads.getByRole("heading", { level: 4 })).toHaveText(["Spread 1", "Spread 2", "Spread 3"]);
  await expect(v1Spreads.locator(".album-file")).toHaveText(["Priya_01.jpg", "Priya_02.jpg", "Priya_03.jpg"]);

  await page.getByRole("button", { name: "Send version 1 to the couple" }).click();
  const notice = page.locator("p.admin-notice");
  await expect(notice).toContainText("Version 1 is sent");
  const whatsapp = page.getByRole("link", { name: "Tell them on WhatsApp" });
  await expect(whatsapp).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/919876543210\?text=.*ready%20for%20you%20to%20see/,
  );
  await expect(page.getByText("uploading starts version 2 from version 1")).toBeVisible();

  // The couple's comment, as their page makes it: a pin on spread 2's left page, a photo to swap in.
  await withStudio(async ({ db }) => {
    const [album] = await galleryAlbums(db, STUDIO, id);
    const [person] = await db
      .insertInto("gallery_visitors")
      .values({ gallery_id: id, name: "Amma", name_key: "amma", pin_hash: "x" })
      .returning("id")
      .execute();
    if (!album?.latest || !person) throw new Error("no album or person");
    await addComment(
      db,
      id,
      album.id,
      album.latest.id,
      { visitorId: person.id, name: "Amma" },
      { spread: 2, x: 0.25, y: 0.5, text: "Swap the left photo for the one with paati", swapPhotoId },
    );
  });
  await page.reload();
  await hydrated(page);
  const spread2 = v1Spreads.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spread 2" }) });
  const pin = spread2.locator(".album-pin");
  await expect(pin).toHaveText("1");
  // Drawn where the couple tapped: a quarter across the spread, half way down.
  const [spot, image] = await Promise.all([pin.boundingBox(), spread2.locator("img").first().boundingBox()]);
  if (!spot || !image) throw new Error("the pin or the spread is not drawn");
  expect(Math.abs(spot.x + spot.width / 2 - (image.x + image.width * 0.25))).toBeLessThan(2);
  expect(Math.abs(spot.y + spot.height / 2 - (image.y + image.height * 0.5))).toBeLessThan(2);
  const comment = spread2.getByRole("list", { name: "Comments on spread 2" });
  await expect(comment).toContainText("Amma: Swap the left photo for the one with paati");
  await expect(comment).toContainText(`Swap in ${swapName} (Muhurtham)`);
  expect(await axeViolations(page)).toEqual([]);

  await comment.getByRole("button", { name: "Mark resolved comment 1" }).click();
  await expect(notice).toContainText("Comment resolved");
  await expect(comment.getByRole("button", { name: "Open again comment 1" })).toBeVisible();

  // A corrected spread 2: the sent version stays, version 2 starts from it.
  await page.getByLabel("Choose spreads to upload").setInputFiles([await spreadFile("Priya_02.jpg", base + 22)]);
  const v2Spreads = page.getByRole("list", { name: "Version 2's spreads" });
  await expect(v2Spreads.getByRole("heading", { level: 4 })).toHaveText(
    ["Spread 1", "Spread 2 changed since version 1", "Spread 3"],
    { timeout: UPLOADED_WITHIN_MS },
  );
  await page.getByRole("button", { name: "Send version 2 to the couple" }).click();
  await expect(notice).toContainText("Version 2 is sent");
  await expect(page.locator(".album-answers")).toHaveText("Answers: version 1's comment #1 on spread 2 (resolved)");
  // The older version is folded.
  await expect(v1Spreads).toBeHidden();

  await page.goto(`${albumUrl}/comments`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comments on “Priya and Karthik”");
  const row = page.getByRole("row").filter({ hasText: "Swap the left photo" });
  await expect(row.getByRole("cell")).toHaveText([
    "2",
    "left page, 25% across, 50% down",
    "Swap the left photo for the one with paati",
    /^Amma/,
    swapName,
    /\d{4}/,
  ]);
  expect(await axeViolations(page)).toEqual([]);
  // The same list as a spreadsheet's file.
  const csv = await page.request.get(`${albumUrl}/comments.csv`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(
    `"1","2","left page, 25% across, 50% down","Swap the left photo for the one with paati","Amma",`,
  );
  expect(await csv.text()).toContain(`"${swapName}"`);

  // The Albums panel: the album at its newest version, in the studio's words, linking to its page.
  await page.goto(`/admin/galleries/${id}?panel=albums`);
  const albumRow = page
    .getByRole("region", { name: "Albums" })
    .getByRole("row")
    .filter({ hasText: "Priya and Karthik" });
  await expect(albumRow.getByRole("cell")).toHaveText(["Priya and Karthik", "2", "sent", /\d{4}, \d\d:\d\d/]);
  await expect(albumRow.getByRole("link", { name: "Priya and Karthik" })).toHaveAttribute(
    "href",
    new URL(albumUrl).pathname,
  );

  // On a phone the album's page stacks: nothing scrolls sideways.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(albumUrl);
  await page.locator("details.album-version").nth(1).locator("summary").click();
  await expect(page.locator(".album-pin")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
});

test("a new watermark: the album's spreads stay shown as made until the studio marks them again on the album's page", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const base = Math.floor(Math.random() * 0x7f_0000) + 1;
  const access = (watermarkText: string) => ({
    expiresOn: null,
    downloads: "web" as const,
    watermarkText,
    watermarkPosition: "center" as const,
    watermarkOpacity: 40,
  });
  const { id, albumId } = await withStudio(async (deps) => {
    const id = await createGallery(deps.db, { title: `Marked wedding ${base.toString(36)}` });
    await updateGalleryAccess(deps.db, id, access("Studio A"));
    const { albumId } = await createAlbum(deps.db, id, "Priya and Karthik");
    for (const n of [1, 2])
      await ingestSpread(deps, id, {
        uploadId: `mark-${base}-${n}`,
        albumId,
        fileName: `Spread_0${n}.jpg`,
        place: n,
        source: await seededJpeg(base + n, 1600, 800),
      });
    await sendDraft(deps.db, id, albumId);
    // The studio changes the gallery's watermark after the spreads were made.
    await updateGalleryAccess(deps.db, id, access("Studio B"));
    return { id, albumId };
  });
  /** Every file the page names for its spreads answers with an image. */
  const spreadFilesAnswer = async () => {
    const urls = await page
      .locator(".album-versions picture")
      .evaluateAll((pictures) =>
        pictures.flatMap((p) =>
          [...p.querySelectorAll("source, img")].flatMap((e) =>
            (e.getAttribute("srcset") ?? e.getAttribute("src") ?? "").split(", ").map((c) => c.split(" ")[0] ?? ""),
          ),
        ),
      );
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of new Set(urls.filter(Boolean))) expect((await page.request.get(url)).status(), url).toBe(200);
    return urls;
  };

  await page.goto(`/admin/galleries/${id}/albums/${albumId}`);
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Watermark" });
  await expect(panel).toContainText("2 spreads carry the watermark the gallery had when they were uploaded");
  await expect(panel).toContainText("The gallery's watermark is now “Studio B”.");
  const before = await spreadFilesAnswer();
  expect(await axeViolations(page)).toEqual([]);

  await panel.getByRole("button", { name: "Mark the spreads with the gallery's watermark" }).click();
  await expect(page.locator("p.admin-notice")).toHaveText("2 spreads marked with “Studio B”.");
  await expect(page.getByRole("region", { name: "Watermark" })).toHaveCount(0);
  const after = await spreadFilesAnswer();
  expect(after.filter((url) => before.includes(url))).toEqual([]);
});

test("a PDF of spreads through the real uploader: each page the spread of its number, a damaged PDF refused by name", async ({
  adminPage: page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const base = Math.floor(Math.random() * 0x7f_0000) + 1;
  const { id, albumId } = await withStudio(async (deps) => {
    const id = await createGallery(deps.db, { title: `PDF wedding ${base.toString(36)}` });
    const { albumId } = await createAlbum(deps.db, id, "Priya and Karthik");
    return { id, albumId };
  });
  const pdf = pdfOf([
    { jpeg: await seededJpeg(base + 1, 1600, 800), width: 1600, height: 800 },
    { text: "Spread 2: the family portraits" },
    { jpeg: await seededJpeg(base + 3, 1600, 800), width: 1600, height: 800 },
  ]);
  await page.goto(`/admin/galleries/${id}/albums/${albumId}`);
  await hydrated(page);
  await expect(page.getByLabel("Choose spreads to upload")).toHaveAttribute("accept", "image/*,application/pdf");
  await page.getByLabel("Choose spreads to upload").setInputFiles([
    { name: "Priya-Karthik_v2.pdf", mimeType: "application/pdf", buffer: pdf },
    { name: "Damaged.pdf", mimeType: "application/pdf", buffer: pdf.subarray(0, 300) },
  ]);
  await expect(
    page.getByText("Or drop them here. JPEG, PNG, WebP, AVIF, HEIC, TIFF or a PDF of spreads, up to 60 MB each."),
  ).toBeVisible();
  await expect(page.locator(".uploader-summary")).toContainText(/^1 of 1 uploaded .*; 1 refused, 0 failed/, {
    timeout: UPLOADED_WITHIN_MS,
  });
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("strong") })).toHaveText(
    "Damaged.pdf: a PDF that cannot be read (damaged, or locked with a password)",
  );
  const spreads = page.getByRole("list", { name: "Version 1's spreads" });
  await expect(spreads.getByRole("heading", { level: 4 })).toHaveText(["Spread 1", "Spread 2", "Spread 3"], {
    timeout: UPLOADED_WITHIN_MS,
  });
  await expect(spreads.locator(".album-file")).toHaveText([
    "Priya-Karthik_v2.pdf, page 1",
    "Priya-Karthik_v2.pdf, page 2",
    "Priya-Karthik_v2.pdf, page 3",
  ]);
});
