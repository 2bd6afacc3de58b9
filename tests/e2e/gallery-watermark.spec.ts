// A client gallery's watermark in a real browser (ADR 027): the studio changes it on the gallery's
// page, the running server's photo worker draws the new one on the photo already there, and the
// client's full-screen viewer then shows the 2048 px viewing JPEG with the new watermark while the
// grid keeps its small thumbnails. The gallery and its photo are made through the domain layer, in
// the e2e server's own DATA_DIR, with a photo of its own (a random seed: its bytes are this run's).
import type { Page } from "@playwright/test";
import { variantKey } from "#domain/catalog/ingest.server.ts";
import { addGallerySet, createGallery, readGallery } from "#domain/galleries/galleries.server.ts";
import { GALLERY_THUMB_WIDTHS_PX } from "#domain/media/constants.ts";
import { planGalleryVariants, type Watermark } from "#domain/media/pipeline.server.ts";
import { publicMediaUrl } from "#domain/media/storage.server.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { expect, test, withStudio } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";

// Full-page forms on a busy machine, and a photo rendered by the server's worker.
test.describe.configure({ timeout: 120_000 });

/** Below 2^24 (seededJpeg's limit), and unlike any other run's photo. */
const randomSeed = () => Math.floor(Math.random() * 2 ** 24);

/** A gallery watermarked with `mark`, one set and one 2400 × 1600 photo processed with its plan. */
function makeGallery(mark: Watermark) {
  return withStudio(async ({ db, storage }) => {
    const title = `Watermarked ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const id = await createGallery(db, { title, clientName: "Meena" });
    await db
      .updateTable("client_galleries")
      .set({ watermark_text: mark.text, watermark_position: mark.position, watermark_opacity: mark.opacityPercent })
      .where("id", "=", id)
      .execute();
    const setId = await addGallerySet(db, id, "Reception");
    const photoId = await addPhotoToSet(
      { db, storage },
      setId,
      await seededJpeg(randomSeed(), 2400, 1600),
      "DSC_7001.jpg",
    );
    const asset = await db
      .selectFrom("photos")
      .innerJoin("assets", "assets.id", "photos.asset_id")
      .select(["assets.sha256", "assets.width", "assets.height"])
      .where("photos.id", "=", photoId)
      .executeTakeFirstOrThrow();
    const viewingUrl = (watermark: Watermark) => {
      const view = planGalleryVariants(asset, watermark).at(-1);
      if (!view) throw new Error("no viewing variant");
      return publicMediaUrl(variantKey(asset.sha256, view));
    };
    return { id, token: (await readGallery(db, id))?.token ?? "", viewingUrl };
  });
}

const currentSrc = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);

test("a new watermark is drawn on the photos already there, and the viewer shows the 2048 px marked JPEG", async ({
  adminPage: page,
  browser,
  axeViolations,
}) => {
  const first: Watermark = { text: "NILA STUDIO", position: "bottom-right", opacityPercent: 50 };
  const second: Watermark = { text: "Nila Studio · proof", position: "center", opacityPercent: 40 };
  const gallery = await makeGallery(first);

  await page.goto(`/admin/galleries/${gallery.id}?panel=access`);
  await page.getByLabel("Watermark text").fill(second.text);
  await page.getByLabel("Watermark position").selectOption(second.position);
  await page.getByLabel("Watermark opacity (%)").fill(String(second.opacityPercent));
  await page.getByRole("button", { name: "Save access" }).click();
  await expect(page.getByText("Access saved. The new watermark is being drawn on 1 photo.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The server's worker renders it; the page counts it until then.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByText(/still to be re-rendered/).count();
    })
    .toBe(0);

  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const client = await context.newPage();
  await client.goto(`/g/${gallery.token}`);
  await hydrated(client);
  const grid = await currentSrc(client, ".cg-grid .cg-item img");
  // One of the grid's thumbnails (unmarked WebP), never the viewing file.
  expect(grid).toMatch(new RegExp(`-(${GALLERY_THUMB_WIDTHS_PX.join("|")})-[0-9a-f]{8}\\.webp$`));

  await client.locator(".cg-grid .cg-item a").first().click();
  const photo = client.locator(".viewer-slide[data-current] .viewer-photo img");
  await expect(photo).toHaveJSProperty("complete", true);
  // A 2400 px photo drawn about 1350 px wide: the viewing JPEG, with the new watermark's name.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(new RegExp(`${gallery.viewingUrl(second).replaceAll(".", "\\.")}$`));
  const file = await client.request.get(gallery.viewingUrl(second));
  expect([file.status(), file.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
  await context.close();
});
