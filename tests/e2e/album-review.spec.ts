// Album proofing, the couple's side (issue 32), in a real browser at a phone's 390 px and a
// desktop's 1440 px: the gallery's "Album" link, version 1's spreads as a book (the first eager
// with its srcset, the next two with it, the rest lazy), a comment pinned at a spot with a photo
// of the gallery to swap in and another as free text, a spread marked OK, changes sent (stored
// with their spot, photo and author); a second person comments as themselves and cannot take the
// first one's back; the studio resolves a comment and sends version 2 with a changed spread, which
// the couple approves with their typed name; the approved version refuses a comment. A draft is
// never the couple's; without JavaScript a whole-spread comment still works. axe-clean. Albums,
// spreads and the studio's side are made through the domain layer, each test its own gallery.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  albumVersions,
  createAlbum,
  galleryAlbums,
  resolveComment,
  sendDraft,
} from "#domain/albums/proofing.server.ts";
import { ingestSpread } from "#domain/albums/spreads.server.ts";
import { galleryAudience, STUDIO } from "#domain/catalog/audience.server.ts";
import { variantKey } from "#domain/catalog/ingest.server.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { addGallerySet, createGallery, readGallery, setGalleryPin } from "#domain/galleries/galleries.server.ts";
import { planSpreadVariants, type Watermark } from "#domain/media/pipeline.server.ts";
import { publicMediaUrl } from "#domain/media/storage.server.ts";
import { processedAssets, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { withStudio } from "./admin-fixtures.ts";
import { expect, hydrated, test, VIEWPORTS } from "./fixtures.ts";
import { enterAs as enterGalleryAs } from "./gallery-visitor.ts";

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Spreads of a sent version: few and small, so the pipeline makes them in a moment. */
const SPREADS = 4;
const spreadJpeg = (seed: number) => seededJpeg(seed, 1600, 800);

interface AlbumGallery {
  id: number;
  token: string;
  url: string;
  albumId: number;
  albumTitle: string;
  albumUrl: string;
  /** The second set's photos, in order. */
  receptionPhotos: number[];
}

async function upload(galleryId: number, albumId: number, number: number, seed: number) {
  await withStudio(async (studio) =>
    ingestSpread(studio, galleryId, {
      uploadId: `up-${albumId}-${number}-${seed}`,
      albumId,
      fileName: `album_${String(number).padStart(2, "0")}.jpg`,
      place: number,
      source: await spreadJpeg(seed),
    }),
  );
}

/** A gallery with two sets of the demo's photos and an album whose version 1 (4 spreads) is sent. */
function makeAlbumGallery(mark?: Watermark): Promise<AlbumGallery> {
  return withStudio(async ({ db }) => {
    const id = await createGallery(db, { title: unique("Priya weds Karthik"), clientName: "Priya" });
    if (mark)
      await db
        .updateTable("client_galleries")
        .set({ watermark_text: mark.text, watermark_position: mark.position, watermark_opacity: mark.opacityPercent })
        .where("id", "=", id)
        .execute();
    const assets = (await processedAssets(db, 6)).map((a) => a.id);
    await appendPhotos(db, await addGallerySet(db, id, "Muhurtham"), assets.slice(0, 3));
    const receptionPhotos = await appendPhotos(db, await addGallerySet(db, id, "Reception"), assets.slice(3, 6));
    const albumTitle = unique("Priya and Karthik");
    const { albumId } = await createAlbum(db, id, albumTitle);
    const token = (await readGallery(db, id))?.token ?? "";
    return {
      id,
      token,
      url: `/g/${token}`,
      albumId,
      albumTitle,
      albumUrl: `/g/${token}/album/${albumId}`,
      receptionPhotos,
    };
  }).then(async (made) => {
    for (let n = 1; n <= SPREADS; n++) await upload(made.id, made.albumId, n, 100 + n);
    await withStudio(({ db }) => sendDraft(db, made.id, made.albumId));
    return made;
  });
}

const studioView = (gallery: AlbumGallery) =>
  withStudio(({ db }) => albumVersions(db, STUDIO, gallery.id, gallery.albumId, gallery.albumTitle));

const studioPhones = () =>
  withStudio(
    async ({ db }) =>
      JSON.parse(
        (await db.selectFrom("studio_settings").select("phones").executeTakeFirstOrThrow()).phones,
      ) as string[],
  );

/** A person gives their name and own PIN on the album's page, to comment as themselves. */
async function enterAs(page: Page, name: string, pin: string) {
  // Folded to one line above the spreads, as in the gallery, until asked for.
  await enterGalleryAs(page, name, pin, "Continue");
  await expect(page.getByText(`Commenting as ${name}`)).toBeVisible();
}

const spreadItem = (page: Page, n: number) => page.locator(`#spread-${n}`);

/** Taps spread `n` at (x, y), shares of its width and height. */
async function tapSpread(page: Page, n: number, x: number, y: number) {
  const tap = page.getByRole("button", { name: `Pin a comment on spread ${n}` });
  await tap.scrollIntoViewIfNeeded();
  const box = await tap.boundingBox();
  if (!box) throw new Error(`spread ${n} has no box`);
  await tap.click({ position: { x: box.width * x, y: box.height * y } });
}

async function personIn(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport });
  return [context, await context.newPage()];
}

for (const [label, viewport] of [
  ["390 px", VIEWPORTS.phone],
  ["1440 px", VIEWPORTS.desktop],
] as const) {
  test.describe(`an album's review at ${label}`, () => {
    test.use({ viewport });

    test("pins comments with a swap photo, marks OK, sends changes; a second person's are theirs; v2 approved and locked", async ({
      page,
      browser,
      axeViolations,
    }) => {
      // Two people, two versions and their spreads made by the pipeline: a long walk.
      test.setTimeout(120_000);
      const gallery = await makeAlbumGallery();
      await page.goto(gallery.url);
      // One album sent: the gallery's link goes straight to it.
      await page.getByRole("link", { name: "Album", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${gallery.albumUrl}$`));
      await expect(page.getByRole("heading", { level: 1, name: gallery.albumTitle })).toBeVisible();
      expect((await studioView(gallery))[0]?.viewedAt).not.toBeNull();

      // The book: the first spread the page's largest image, the next two fetched with it at the
      // screen's size, the rest as they come near; each keeps its box by its width and height.
      const images = page.locator(".al-spread .al-frame > picture > img");
      await expect(images).toHaveCount(SPREADS);
      const first = images.nth(0);
      await expect(first).toHaveAttribute("loading", "eager");
      await expect(first).toHaveAttribute("fetchpriority", "high");
      // The phone's rung in AVIF, then the WebP and the zoom's JPEG; a browser without AVIF, those two.
      const formats = page.locator(".al-frame").first().locator("source");
      await expect(formats).toHaveCount(2);
      await expect(formats.nth(0)).toHaveAttribute("type", "image/avif");
      await expect(formats.nth(0)).toHaveAttribute("srcset", /\.avif 720w, .+\.webp 1280w, .+\.jpg 1600w$/);
      await expect(formats.nth(1)).toHaveAttribute("type", "image/webp");
      await expect(formats.nth(1)).toHaveAttribute("srcset", /^[^,]+\.webp 1280w, [^,]+\.jpg 1600w$/);
      await expect(first).toHaveAttribute("src", /-1280-[0-9a-f]+\.webp$/);
      // Chromium takes AVIF: on a phone the file it shows is the AVIF; at 1440 px, the wider WebP.
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(viewport.width < 720 ? /-720-[0-9a-f]+\.avif$/ : /-1280-[0-9a-f]+\.webp$/);
      // The spreads after it wait for it to paint (not fetched by the lazy-load margin meanwhile),
      // then the hold is lifted.
      await expect(first).toHaveAttribute("elementtiming", "main-image");
      await expect(page.locator(".al-frame[data-after-main-image]")).toHaveCount(SPREADS - 1);
      await expect(page.locator("html")).not.toHaveAttribute("data-main-image-pending");
      await expect(formats.nth(0)).toHaveAttribute("sizes", /100vw/);
      await expect(first).toHaveAttribute("width", "1600");
      await expect(first).toHaveAttribute("height", "800");
      for (const n of [1, 2]) await expect(images.nth(n)).toHaveAttribute("loading", "eager");
      await expect(images.nth(3)).toHaveAttribute("loading", "lazy");
      await expect(page.locator(".al-status")).toHaveText(`Spread 1 of ${SPREADS}`);
      // One spread per screen's width.
      const strip = await page.locator(".al-strip").boundingBox();
      const spreadBox = await spreadItem(page, 1).boundingBox();
      expect(spreadBox?.width).toBeCloseTo(strip?.width ?? 0, 0);
      // Only the strip scrolls sideways, never the page.
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await pageWidth()).toBe(viewport.width);

      // Before a name, nothing to comment with: the name and PIN first.
      await expect(page.getByRole("button", { name: "Send changes to the studio" })).toHaveCount(0);
      await enterAs(page, "Priya", "2468");
      await hydrated(page, ".al-strip");

      // A pin at a spot of spread 1, with a photo of the Reception set to swap in.
      await tapSpread(page, 1, 0.25, 0.5);
      const text = page.getByLabel("Your comment here");
      await expect(text).toBeFocused();
      await text.fill("Swap this for the one with paati");
      await page.getByRole("button", { name: "Swap for a photo…" }).click();
      await page.getByRole("button", { name: "Reception" }).click();
      await page.getByRole("list", { name: "Photos of Reception" }).getByRole("button").first().click();
      await expect(page.locator(".al-pinform .al-swap img")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Pin comment" }).click();
      await expect(page.getByRole("link", { name: "Comment 1 by Priya" })).toBeVisible();

      // Another on spread 2, free text, reached with "Next".
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page.locator(".al-status")).toHaveText(`Spread 2 of ${SPREADS}`);
      // Escape closes the pin's form and gives focus back to the spread.
      await tapSpread(page, 2, 0.5, 0.5);
      await page.keyboard.press("Escape");
      await expect(page.locator(".al-pinform")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Pin a comment on spread 2" })).toBeFocused();
      await tapSpread(page, 2, 0.75, 0.2);
      await page.getByLabel("Your comment here").fill("Make this one brighter");
      await page.getByRole("button", { name: "Pin comment" }).click();
      await expect(spreadItem(page, 2).getByRole("link", { name: "Comment 1 by Priya" })).toBeAttached();

      // Spread 3 is fine.
      await page.getByRole("button", { name: "OK: spread 3 is fine" }).click();
      await expect(page.getByRole("button", { name: "OK: spread 3 is fine" })).toHaveAttribute("aria-pressed", "true");

      await page.getByRole("button", { name: "Send changes to the studio" }).click();
      await expect(page.getByText("Your comments are with the studio")).toBeVisible();
      const phones = await studioPhones();
      if (phones.length > 0)
        await expect(page.getByRole("link", { name: "Tell the studio on WhatsApp" })).toHaveAttribute(
          "href",
          /^https:\/\/wa\.me\/\d+\?text=Changes%20asked%20for%20version%201/,
        );

      const [v1] = await studioView(gallery);
      expect(v1?.state).toBe("changes");
      expect(v1?.oks).toEqual({ [Object.keys(v1?.oks ?? {})[0] ?? ""]: [3] });
      const [pinned, free] = v1?.comments ?? [];
      expect(pinned).toMatchObject({ spread: 1, author: "Priya", text: "Swap this for the one with paati" });
      expect(pinned?.x).toBeCloseTo(0.25, 1);
      expect(pinned?.y).toBeCloseTo(0.5, 1);
      expect(pinned?.swapPhotoId).toBe(gallery.receptionPhotos[0]);
      expect(free).toMatchObject({ spread: 2, author: "Priya", text: "Make this one brighter", swapPhotoId: null });
      expect(free?.x).toBeCloseTo(0.75, 1);
      // The swap photo shows in the list under its spread.
      await expect(spreadItem(page, 1).locator(".al-comments .al-swap img")).toBeAttached();

      // A second person, on their own phone, comments as themselves.
      const [ammaContext, amma] = await personIn(browser, viewport);
      try {
        await amma.goto(gallery.albumUrl);
        await enterAs(amma, "Amma", "1357");
        await expect(spreadItem(amma, 1).getByText("Swap this for the one with paati")).toBeAttached();
        await expect(spreadItem(amma, 1).getByRole("button", { name: /^Remove/ })).toHaveCount(0);
        await amma.getByLabel("Comment on spread 1", { exact: true }).fill("Please keep the mandap photo");
        await amma.getByRole("button", { name: "Add comment on spread 1" }).click();
        await expect(spreadItem(amma, 1).getByText("Please keep the mandap photo")).toBeAttached();
        await expect(spreadItem(amma, 1).getByRole("button", { name: "Remove comment 2" })).toBeAttached();
        // Priya's comment is not Amma's to take back, whatever is posted.
        const refused = await amma.request.post(gallery.albumUrl, {
          form: { intent: "remove", version: String(v1?.id), spread: "1", comment: String(pinned?.id) },
        });
        expect(refused.status()).toBe(404);
        expect(await refused.text()).toContain("That comment is not yours to remove");
      } finally {
        await ammaContext.close();
      }
      const afterAmma = (await studioView(gallery))[0]?.comments ?? [];
      expect(afterAmma.map((c) => `${c.spread} ${c.author}`).sort()).toEqual(["1 Amma", "1 Priya", "2 Priya"]);

      // The studio answers the swap and sends version 2 with spread 2 made again.
      await withStudio(({ db }) => resolveComment(db, gallery.id, gallery.albumId, pinned?.id ?? 0, true));
      await upload(gallery.id, gallery.albumId, 2, 902);
      await withStudio(({ db }) => sendDraft(db, gallery.id, gallery.albumId));

      await page.goto(gallery.albumUrl);
      await expect(page.getByText(/^Version 2/)).toBeVisible();
      await expect(spreadItem(page, 2).getByText("Changed in version 2")).toBeAttached();
      await expect(spreadItem(page, 1).getByText("Changed in version 2")).toHaveCount(0);
      const answers = page.getByRole("region", { name: "Answered in this version" });
      await expect(answers.getByText("Swap this for the one with paati")).toBeVisible();
      await expect(answers.getByText("Resolved by the studio in version 2")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await expect(page.getByText("By typing your name you approve version 2 of")).toBeVisible();
      await page.getByLabel("Your full name").fill("Priya Raman");
      await page.getByRole("button", { name: "Approve version 2" }).click();
      await expect(page.getByText("The studio will take your album to print")).toBeVisible();
      await expect(page.getByRole("note")).toContainText("Version 2 was approved by Priya Raman on");
      await expect(page.getByRole("note")).toContainText("address of the device");
      expect(await pageWidth()).toBe(viewport.width);
      if (phones.length > 0)
        await expect(page.getByRole("link", { name: "Tell the studio on WhatsApp" })).toHaveAttribute(
          "href",
          /Version%202%20of%20the%20album/,
        );
      // Read-only now: no forms, and a comment posted anyway is refused.
      await expect(page.getByRole("button", { name: "Approve version 2" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Pin a comment/ })).toHaveCount(0);
      await expect(page.getByLabel("Comment on spread 1", { exact: true })).toHaveCount(0);
      const v2 = (await studioView(gallery))[0];
      expect(v2?.approval).toMatchObject({ name: "Priya Raman", spreads: expect.any(Array) });
      expect(v2?.approval?.address).not.toBe("");
      const late = await page.request.post(gallery.albumUrl, {
        form: { intent: "comment", version: String(v2?.id), spread: "1", x: "", y: "", text: "One more thing" },
      });
      expect(late.status()).toBe(409);
      expect(await late.text()).toContain("This version is approved and cannot change.");
      expect((await studioView(gallery))[0]?.comments).toEqual([]);
    });
  });
}

test.describe("an album's review", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("never shows a draft: not linked, not listed, its page a 404", async ({ page }) => {
    const gallery = await makeAlbumGallery();
    const draft = await withStudio(({ db }) => createAlbum(db, gallery.id, "Amma's album"));
    await upload(gallery.id, draft.albumId, 1, 301);
    // The gallery says "Album" (one), and its list goes to the sent one.
    await page.goto(gallery.url);
    await expect(page.getByRole("link", { name: "Album", exact: true })).toBeVisible();
    await page.goto(`${gallery.url}/album`);
    await expect(page).toHaveURL(new RegExp(`${gallery.albumUrl}$`));
    const drafted = await page.goto(`${gallery.url}/album/${draft.albumId}`);
    expect(drafted?.status()).toBe(404);
    await expect(page.locator("body")).not.toContainText("Amma's album");
    expect((await page.goto(`${gallery.url}/album/nonsense`))?.status()).toBe(404);
    expect(
      (await withStudio(({ db }) => galleryAlbums(db, galleryAudience(gallery.id), gallery.id))).map((a) => a.id),
    ).toEqual([gallery.albumId]);
    // Sent, it is the couple's too: the gallery says "Albums", and their list says where each stands.
    await withStudio(({ db }) => sendDraft(db, gallery.id, draft.albumId));
    await page.goto(gallery.url);
    await page.getByRole("link", { name: "Albums", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Albums" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Amma's album" })).toContainText(
      "version 1 Ready for you to look at",
    );
    await page.getByRole("link", { name: "Amma's album" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Amma's album" })).toBeVisible();
    await expect(page.getByRole("link", { name: "All albums" })).toBeVisible();
    // A gallery without a sent album has no link.
    const bare = await withStudio(async ({ db }) => {
      const id = await createGallery(db, { title: unique("No album yet") });
      return (await readGallery(db, id))?.token ?? "";
    });
    await page.goto(`/g/${bare}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Albums?$/ })).toHaveCount(0);
  });

  test("behind the gallery's PIN: its door first, then the album, stepped by the arrow keys", async ({ page }) => {
    const gallery = await makeAlbumGallery();
    await withStudio(({ db }) => setGalleryPin(db, gallery.id, "4821"));
    await page.goto(gallery.albumUrl);
    await expect(page.getByRole("heading", { level: 1, name: "A private gallery" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(gallery.albumTitle);
    await page.getByLabel("Gallery PIN").fill("4821");
    await page.getByRole("button", { name: "Open the gallery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: gallery.albumTitle })).toBeVisible();
    await hydrated(page, ".al-strip");
    await page.getByRole("list", { name: `Spreads of ${gallery.albumTitle}` }).focus();
    // The fourth spread waits until the couple moves on: then it is one of the next two, fetched.
    const fourth = page.locator(".al-frame > picture > img").nth(3);
    await expect(fourth).toHaveAttribute("loading", "lazy");
    await page.keyboard.press("ArrowRight");
    await expect(page.locator(".al-status")).toHaveText(`Spread 2 of ${SPREADS}`);
    await expect(fourth).toHaveAttribute("loading", "eager");
    await expect
      .poll(() => fourth.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator(".al-status")).toHaveText(`Spread 1 of ${SPREADS}`);
    // Zoom: the spread's largest file, in a dialog, closed back to the page.
    await page.getByRole("link", { name: "Zoom into spread 1" }).click();
    const zoomed = page.getByRole("dialog", { name: "Spread 1, large" });
    await expect(zoomed.getByRole("img")).toHaveAttribute("src", /-1600-[0-9a-f]+\.jpg$/);
    await zoomed.getByRole("button", { name: "Close" }).click();
    await expect(zoomed).toHaveCount(0);
  });

  test("a watermarked gallery's spreads are its marked files, never the unmarked ones", async ({ page, request }) => {
    const mark: Watermark = { text: "Nila Studio", position: "bottom-right", opacityPercent: 40 };
    const gallery = await makeAlbumGallery(mark);
    const [spread] = (await studioView(gallery))[0]?.spreads ?? [];
    const urls = (watermark: Watermark | null) =>
      planSpreadVariants({ width: 1600, height: 800 }, watermark).map((spec) =>
        publicMediaUrl(variantKey(spread?.sha256 ?? "", spec)),
      );
    await page.goto(gallery.albumUrl);
    const frame = page.locator(".al-frame").first();
    const srcsets = await frame
      .locator("source")
      .evaluateAll((sources) => sources.map((s) => s.getAttribute("srcset")));
    const fallback = (await frame.locator("img").getAttribute("src")) ?? "";
    const files = [
      ...new Set([
        ...srcsets.flatMap((srcset) => (srcset ?? "").split(", ").map((entry) => entry.split(" ")[0])),
        fallback,
      ]),
    ];
    expect(files.sort()).toEqual(urls(mark).sort());
    expect(files.some((f) => urls(null).includes(f ?? ""))).toBe(false);
    expect((await request.get(files[0] ?? "")).status()).toBe(200);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a whole-spread comment goes through the plain form, and a refused one keeps what was typed", async ({
      page,
    }) => {
      const gallery = await makeAlbumGallery();
      await page.goto(gallery.albumUrl);
      await enterAs(page, "Karthik", "9753");
      await expect(page.getByRole("button", { name: /Pin a comment/ })).toHaveCount(0);
      // Too long: refused beside its form, the text kept.
      const tooLong = "x".repeat(2001);
      await page.getByLabel("Comment on spread 2", { exact: true }).evaluate((el, value) => {
        el.removeAttribute("maxlength");
        (el as HTMLTextAreaElement).value = value;
      }, tooLong);
      const refusal = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Add comment on spread 2" }).click();
      expect((await refusal).status()).toBe(422);
      await expect(spreadItem(page, 2).locator(".field-error")).toHaveText("A comment is at most 2000 characters.");
      await expect(page.getByLabel("Comment on spread 2", { exact: true })).toHaveValue(tooLong);

      await page.getByLabel("Comment on spread 2", { exact: true }).fill("The couple's portrait is too small here");
      await page.getByRole("button", { name: "Add comment on spread 2" }).click();
      await expect(spreadItem(page, 2).getByText("The couple's portrait is too small here")).toBeVisible();
      await expect(spreadItem(page, 2).getByText("(whole spread)")).toBeVisible();
      const [comment] = (await studioView(gallery))[0]?.comments ?? [];
      expect(comment).toMatchObject({ spread: 2, x: null, y: null, author: "Karthik", swapPhotoId: null });
    });
  });
});
