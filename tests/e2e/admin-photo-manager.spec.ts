// The photo manager in a real browser, at a desktop's 1440 px and a phone's 390 px: selecting a
// range with Shift and with the keyboard, alt text for many photos at once, moving a selection to
// another shoot (a client gallery's set: only to its gallery's other sets), deleting it and undoing that, dragging a selection far down the grid while the
// page scrolls by itself, sorting by the cameras' capture times, every answer in the one notice
// at the foot of the screen, nothing wider than the screen; and a 3,000-photo wedding, of which
// only the rows on screen are in the page. Photos are made through the domain layer
// (fixtures/big-shoot.ts), as an upload leaves them, so the tests spend their time here.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { ingestImage } from "#domain/catalog/ingest.server.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { createShoot, listCollections } from "#domain/catalog/shoots.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { BROWSER_TEST_WEDDING, bigShootDataDir, seedBigShoot } from "#fixtures/big-shoot.ts";
import { processedAssets } from "#fixtures/gallery-fixture.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { cameraJpeg } from "#tests/helpers/exif-jpeg.ts";
import { createOwnerWithCli, expect, signIn, test, withStudio } from "./admin-fixtures.ts";

// Each test seeds a shoot and drives a long gesture; on a busy machine (a CI run beside other
// work) one took 31 s. The 3,000-photo test below sets its own, longer limit.
test.describe.configure({ timeout: 90_000 });

const VIEWPORTS = [
  { name: "1440 px", width: 1440, height: 900, touch: false },
  { name: "390 px", width: 390, height: 844, touch: true },
] as const;
// `npm test` makes its template while the type check runs (scripts/test/browser-data.ts).
const WEDDING_PHOTOS = BROWSER_TEST_WEDDING.count;
/** How far a drag held at the window's edge must scroll the page: several rows of photos. */
const AUTOSCROLLED_PX = 1_000;

/** Runs `use` with the e2e server's database and media, as the server itself sees them. */

/** A shoot's photos in their order, as stored: the grid draws only the rows on screen. */
function storedOrder(shootId: number): Promise<string[]> {
  return withStudio(async ({ db }) => {
    const { readShootPhotos } = await import("#domain/catalog/read-model.server.ts");
    const { STUDIO } = await import("#domain/catalog/audience.server.ts");
    return (await readShootPhotos(db, STUDIO, [shootId], { images: false })).map((p) => p.fileName);
  });
}

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const cells = (page: Page) => page.locator(".pm-grid [role=option]");
const notice = (page: Page) => page.locator(".action-notice[role=status]");
const count = (page: Page) => page.locator(".pm-count");

async function openShoot(page: Page, shootId: number): Promise<void> {
  await page.goto(`/admin/shoots/${shootId}`);
  // The grid replaces the page of checkboxes once the page has hydrated.
  await expect(cells(page).first()).toBeVisible();
}

interface Point {
  x: number;
  y: number;
}

/** Real pointer input, from a mouse or from a finger (Chromium turns touches into pointer events). */
async function pointerOf(page: Page, via: "mouse" | "touch") {
  if (via === "mouse") {
    return {
      down: async (at: Point) => {
        await page.mouse.move(at.x, at.y);
        await page.mouse.down();
      },
      moveTo: (to: Point, steps: number) => page.mouse.move(to.x, to.y, { steps }),
      up: () => page.mouse.up(),
    };
  }
  const cdp = await page.context().newCDPSession(page);
  let at: Point = { x: 0, y: 0 };
  return {
    down: async (to: Point) => {
      at = to;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [to] });
    },
    moveTo: async (to: Point, steps: number) => {
      const from = at;
      for (let i = 1; i <= steps; i++) {
        const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
      }
      at = to;
    },
    up: async () => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await cdp.detach();
    },
  };
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.touch });

    test("a range by Shift-click and by Shift+arrows, Space to leave one out, alt text for all of them", async ({
      adminPage: page,
      axeViolations,
    }) => {
      const { shootId, photoIds } = await withStudio((deps) =>
        seedBigShoot(deps, { count: 24, title: unique("Sangeet") }),
      );
      await openShoot(page, shootId);
      await cells(page).nth(2).click();
      await cells(page)
        .nth(6)
        .click({ modifiers: ["Shift"] });
      await expect(count(page)).toHaveText("5 of 24 selected");
      await expect(cells(page).nth(6)).toBeFocused();
      await page.keyboard.press("Shift+ArrowRight");
      await page.keyboard.press("Shift+ArrowRight");
      await expect(count(page)).toHaveText("7 of 24 selected");
      // Space leaves out the photo the keyboard is on (the ninth).
      await page.keyboard.press("Space");
      await expect(count(page)).toHaveText("6 of 24 selected");
      await expect(cells(page).nth(8)).toHaveAttribute("aria-selected", "false");
      expect(await axeViolations(page)).toEqual([]);
      await noSidewaysScroll(page);

      await page.getByLabel("Alt text for the 6 selected photos").fill("Guests dancing at the sangeet");
      await page.getByRole("button", { name: "Set alt text" }).click();
      await expect(notice(page)).toHaveText(/Alt text set on 6 photos\./);
      await expect(notice(page)).toBeInViewport();
      const alts = await withStudio(({ db }) =>
        db.selectFrom("photos").select(["id", "alt"]).where("shoot_id", "=", shootId).orderBy("id").execute(),
      );
      const expected = photoIds.map((id, i) => ({ id, alt: i >= 2 && i <= 7 ? "Guests dancing at the sangeet" : "" }));
      expect(alts).toEqual(expected);

      // Cleared for two of them, chosen with Ctrl-click.
      await cells(page).nth(2).click();
      await cells(page)
        .nth(4)
        .click({ modifiers: ["ControlOrMeta"] });
      await expect(count(page)).toHaveText("2 of 24 selected");
      await page.getByRole("button", { name: "Clear alt text" }).click();
      await expect(notice(page)).toHaveText(/Alt text cleared on 2 photos\./);
    });

    test("a selection moved to another shoot; another deleted with the Delete key and brought back with Undo", async ({
      adminPage: page,
    }) => {
      const reception = unique("Reception");
      const { shootId, targetId } = await withStudio(async (deps) => {
        const { shootId } = await seedBigShoot(deps, { count: 12, title: unique("Haldi") });
        const { collection_id: collectionId } = await deps.db
          .selectFrom("shoots")
          .select("collection_id")
          .where("id", "=", shootId)
          .executeTakeFirstOrThrow();
        const targetId = await createShoot(deps.db, {
          title: reception,
          location: "",
          description: "",
          collectionId: Number(collectionId),
        });
        return { shootId, targetId };
      });
      await openShoot(page, shootId);
      const before = await storedOrder(shootId);
      await cells(page).first().click();
      await cells(page)
        .nth(3)
        .click({ modifiers: ["Shift"] });
      await page.getByLabel("Move to shoot").selectOption({ label: reception });
      await page.getByRole("button", { name: "Move", exact: true }).click();
      await expect(notice(page)).toHaveText(/Moved 4 photos to the other shoot\./);
      await expect(notice(page)).toBeInViewport();
      await expect(cells(page)).toHaveCount(8);
      expect(await storedOrder(shootId)).toEqual(before.slice(4));

      await cells(page).nth(1).click();
      await cells(page)
        .nth(5)
        .click({ modifiers: ["ControlOrMeta"] });
      await page.keyboard.press("Delete");
      await expect(notice(page)).toHaveText(/2 photos moved to the trash\./);
      await expect(cells(page)).toHaveCount(6);
      await notice(page).getByRole("button", { name: "Undo" }).click();
      await expect(notice(page)).toHaveText(/2 photos back in their places\./);
      await expect(cells(page)).toHaveCount(8);
      expect(await storedOrder(shootId)).toEqual(before.slice(4));
      expect(await storedOrder(targetId)).toEqual(before.slice(0, 4));
    });

    test("a client gallery's set: its photos move only to the gallery's other sets, by keyboard; a forged move to a public shoot is refused", async ({
      adminPage: page,
      axeViolations,
    }) => {
      const reception = unique("Reception");
      const { setId, receptionId, publicId } = await withStudio(async ({ db }) => {
        const galleryId = await createGallery(db, { title: unique("Priya & Karthik's wedding") });
        const setId = await addGallerySet(db, galleryId, unique("Muhurtham"));
        const receptionId = await addGallerySet(db, galleryId, reception);
        await appendPhotos(
          db,
          setId,
          (await processedAssets(db, 6)).map((a) => a.id),
        );
        // A portfolio shoot left a draft: the other tests share the demo studio's public pages and
        // content API, which list every published shoot (the refusal is the same either way).
        const [collection] = await listCollections(db);
        const publicId = await createShoot(db, {
          title: unique("Portraits"),
          location: "",
          description: "",
          collectionId: collection?.id as number,
        });
        return { setId, receptionId, publicId };
      });
      await openShoot(page, setId);
      // Its order is the client's, in their gallery; it is never on the site.
      await expect(page.getByRole("listbox", { name: "Photos in their order in the gallery" })).toBeVisible();
      await expect(page.locator(".pm")).not.toContainText("on the site");
      await expect(page.getByLabel("Move to shoot")).toHaveCount(0);
      const target = page.getByLabel("Move to set");
      // The gallery's other set only: no portfolio shoot.
      await expect(target.locator("option")).toHaveText(["Choose a set…", reception]);
      expect(await axeViolations(page)).toEqual([]);
      await noSidewaysScroll(page);

      // By keyboard: Space on the grid's first photo, Shift+ArrowRight for the second, then the set.
      const before = await storedOrder(setId);
      await cells(page).first().focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("Shift+ArrowRight");
      await expect(count(page)).toHaveText("2 of 6 selected");
      await target.selectOption({ label: reception });
      await page.getByRole("button", { name: "Move", exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(notice(page)).toHaveText(/Moved 2 photos to the other set\./);
      await expect(cells(page)).toHaveCount(4);
      expect(await storedOrder(receptionId)).toEqual(before.slice(0, 2));

      // A public shoot's id put into the form by hand: the server refuses, and says why.
      await page.evaluate((id) => {
        (document.getElementById("pm-target") as HTMLSelectElement).add(new Option("Portraits", String(id)));
      }, publicId);
      await cells(page).first().click();
      await target.selectOption(String(publicId));
      await page.getByRole("button", { name: "Move", exact: true }).click();
      await expect(notice(page)).toHaveText(
        /Not moved: a client gallery's photos move only to another set of the same gallery, never to a portfolio shoot/,
      );
      await expect(cells(page)).toHaveCount(4);
      expect(await storedOrder(publicId)).toEqual([]);
      expect(await storedOrder(setId)).toEqual(before.slice(2));
    });

    test(`a selection dragged down the grid by ${viewport.touch ? "finger" : "mouse"}: the page scrolls near its edge and the photos land where they are dropped`, async ({
      adminPage: page,
    }) => {
      const { shootId } = await withStudio((deps) => seedBigShoot(deps, { count: 160, title: unique("Baraat") }));
      await openShoot(page, shootId);
      const before = await storedOrder(shootId);
      await cells(page).first().click();
      await cells(page)
        .nth(1)
        .click({ modifiers: ["Shift"] });
      const handle = await cells(page).first().locator(".pm-handle").boundingBox();
      if (!handle) throw new Error("no handle on screen");
      const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
      const size = page.viewportSize() ?? { width: 0, height: 0 };
      // Held a few pixels above the bottom of the window, where the page scrolls by itself.
      const edge = { x: Math.min(start.x, size.width / 2), y: size.height - 8 };
      const scrolledAt = await page.evaluate(() => window.scrollY);
      const middle = { x: edge.x, y: size.height / 2 };
      // The photo at the window's middle before the page scrolled: the drop must land below it.
      const unscrolled = await page.evaluate(
        ({ x, y }) =>
          document.elementFromPoint(x, y)?.closest(".pm-cell")?.querySelector(".pm-file")?.textContent ?? null,
        middle,
      );
      // And every photo on screen then: the page scrolls further than the window is tall, so the
      // photo the drop lands before was not among them.
      const onScreenBefore = await page.evaluate(() =>
        [...document.querySelectorAll(".pm-grid .pm-cell")]
          .filter((cell) => {
            const box = cell.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight;
          })
          .map((cell) => cell.querySelector(".pm-file")?.textContent ?? ""),
      );
      const pointer = await pointerOf(page, viewport.touch ? "touch" : "mouse");
      await pointer.down(start);
      await pointer.moveTo({ x: start.x, y: start.y + 20 }, 4);
      await pointer.moveTo(edge, 8);
      // Held still there: the page keeps scrolling.
      // (Frames come slower on a busy machine: the test waits for distance, not for time.)
      await expect
        .poll(() => page.evaluate(() => window.scrollY), { timeout: 30_000 })
        .toBeGreaterThan(scrolledAt + AUTOSCROLLED_PX);
      // Back into the grid, to a cell on screen: that cell is where the selection goes.
      await pointer.moveTo(middle, 4);
      // A scroll step under way when the finger left the edge may land a frame later and move the
      // grid under it (the drop then follows the mark, one row on): the mark is read once the
      // page is still.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              new Promise<boolean>((done) => {
                const at = window.scrollY;
                requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === at)));
              }),
          ),
        )
        .toBe(true);
      const target = page.locator(".pm-cell.is-drop-before .pm-file");
      await expect(target).toHaveCount(1);
      const landsBefore = await target.textContent();
      await pointer.up();
      await expect(notice(page)).toHaveText(/Moved 2 photos to the new place\./);
      const moved = before.slice(0, 2);
      const rest = before.slice(2);
      const at = rest.indexOf(landsBefore ?? "");
      // At least a row further down than without the scroll (the window's width sets how many
      // photos a row holds, and the forms above the grid where it starts).
      expect(at).toBeGreaterThan(rest.indexOf(unscrolled ?? "") + 1);
      expect(onScreenBefore.length).toBeGreaterThan(0);
      expect(onScreenBefore).not.toContain(landsBefore);
      const expected = [...rest.slice(0, at), ...moved, ...rest.slice(at)];
      await expect.poll(() => storedOrder(shootId)).toEqual(expected);
    });
  });
}

test("sorting by capture time follows the cameras' clocks, and new photos land in that order", async ({
  adminPage: page,
}) => {
  // Three cameras' photos whose file names run against the time they were taken.
  const taken = [
    { name: "A7_0100.jpg", taken: "2026:02:14 18:05:00" },
    { name: "A7_0200.jpg", taken: "2026:02:14 09:30:00" },
    { name: "Z6_0001.jpg", taken: "2026:02:14 12:00:00" },
    { name: "phone.jpg" },
  ];
  const shootId = await withStudio(async ({ db }) => {
    const { id: collectionId } = await db
      .selectFrom("collections")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return createShoot(db, { title: unique("Mehendi"), location: "", description: "", collectionId });
  });
  const upload = (list: typeof taken) =>
    withStudio(async (deps) => {
      const assets: number[] = [];
      for (const photo of list) {
        const bytes = await cameraJpeg({ label: `${photo.name}-${shootId}`, taken: photo.taken });
        assets.push((await ingestImage(deps, bytes, photo.name)).assetId);
      }
      await appendPhotos(deps.db, shootId, assets);
    });
  await upload(taken);
  await openShoot(page, shootId);
  await expect(page.locator(".pm-grid .pm-file")).toHaveText(taken.map((p) => p.name));
  await page.getByLabel("Order", { exact: true }).selectOption({ label: "By capture time" });
  await page.getByRole("button", { name: "Sort" }).click();
  await expect(notice(page)).toHaveText(/Sorted by capture time; new uploads land in that order too\./);
  const byTime = ["A7_0200.jpg", "Z6_0001.jpg", "A7_0100.jpg", "phone.jpg"];
  await expect(page.locator(".pm-grid .pm-file")).toHaveText(byTime);
  await cells(page).nth(1).click();
  await expect(page.locator(".pm-facts")).toContainText("14 Feb 2026, 12:00:00");

  await upload([{ name: "Z6_0002.jpg", taken: "2026:02:14 10:15:00" }]);
  await page.reload();
  await expect(page.locator(".pm-grid .pm-file")).toHaveText([
    "A7_0200.jpg",
    "Z6_0002.jpg",
    "Z6_0001.jpg",
    "A7_0100.jpg",
    "phone.jpg",
  ]);
});

test("before JavaScript: tick photos, move them to the end, delete one and undo, a page of photos at a time", async ({
  browser,
  owner,
}) => {
  const { shootId } = await withStudio((deps) => seedBigShoot(deps, { count: 64, title: unique("No script") }));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signIn(page, owner);
    await page.goto(`/admin/shoots/${shootId}`);
    const boxes = page.locator(".pm-plain input[type=checkbox]");
    await expect(boxes).toHaveCount(60);
    await page.getByRole("checkbox", { name: "DSC_0001.jpg" }).check();
    await page.getByRole("checkbox", { name: "DSC_0002.jpg" }).check();
    await page.getByRole("button", { name: "Move to end" }).click();
    await expect(notice(page)).toHaveText(/Moved 2 photos to the end\./);
    await expect(page.locator(".pm-plain .pm-file").first()).toHaveText("DSC_0003.jpg");
    await page.getByRole("link", { name: "Next photos" }).click();
    await expect(page.locator(".pm-plain .pm-file")).toHaveText([
      "DSC_0063.jpg",
      "DSC_0064.jpg",
      "DSC_0001.jpg",
      "DSC_0002.jpg",
    ]);
    await page.getByRole("checkbox", { name: "DSC_0064.jpg" }).check();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(notice(page)).toHaveText(/1 photo moved to the trash\./);
    await notice(page).getByRole("button", { name: "Undo" }).click();
    await expect(notice(page)).toHaveText(/1 photo back in its place\./);
  } finally {
    await context.close();
  }
});

test.describe("a wedding of 3,000 photos", () => {
  test.describe.configure({ timeout: 240_000 });
  const own = {} as { server: ServerProcess; dataDir: string };
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    own.dataDir = makeTempDir("studio-e2e-wedding-");
    await bigShootDataDir(own.dataDir, BROWSER_TEST_WEDDING);
    own.server = await startServer(own.dataDir, { DEMO_CONTENT: "off" });
    await own.server.waitUntilReady();
  });
  test.afterAll(async () => {
    await own.server?.stop("SIGTERM");
    fs.rmSync(own.dataDir, { recursive: true, force: true });
  });

  test("an action taken while the rest of the photos are on their way gets its answer, and the rest arrive", async ({
    browser,
  }) => {
    const owner = { email: "wedding-early@example.com", password: "a long wedding password" };
    createOwnerWithCli(owner.email, owner.password, own.dataDir);
    const context = await browser.newContext({ baseURL: own.server.url });
    const page = await context.newPage();
    try {
      await signIn(page, owner);
      const id = /\/admin\/shoots\/(\d+)/.exec(await (await page.request.get("/admin/shoots")).text())?.[1];
      // The document has the first page of photos; the rest are held back until the action has
      // been sent, as on a slow connection (the page once showed its error page instead of the
      // action's answer: React Router lost the parent routes' data in that revalidation).
      const actionSent = page.waitForRequest((request) => request.method() === "POST");
      await page.route(/\/admin\/shoots\/\d+\/photos$/, async (route) => {
        await actionSent;
        await route.continue();
      });
      await openShoot(page, Number(id));
      await expect(count(page)).toHaveText(`0 of ${WEDDING_PHOTOS} selected`);
      await cells(page).nth(1).click();
      await page.getByRole("button", { name: "Set as cover" }).click();
      await expect(notice(page)).toHaveText(/DSC_0002\.jpg is the cover now\./);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(BROWSER_TEST_WEDDING.title);
      await expect(count(page)).toHaveText(`1 of ${WEDDING_PHOTOS} selected`);
      await page.getByRole("button", { name: "Select all" }).click();
      await expect(count(page)).toHaveText(`${WEDDING_PHOTOS} of ${WEDDING_PHOTOS} selected`);
    } finally {
      await context.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`only the rows on screen are in the page; the keyboard reaches the last photo and selects all (${viewport.name})`, async ({
      browser,
    }) => {
      const owner = { email: `wedding-${viewport.width}@example.com`, password: "a long wedding password" };
      createOwnerWithCli(owner.email, owner.password, own.dataDir);
      const context = await browser.newContext({ baseURL: own.server.url, viewport });
      const page = await context.newPage();
      try {
        await signIn(page, owner);
        const shoot = await page.request.get("/admin/shoots");
        const id = /\/admin\/shoots\/(\d+)/.exec(await shoot.text())?.[1];
        await openShoot(page, Number(id));
        await expect(count(page)).toHaveText(`0 of ${WEDDING_PHOTOS} selected`);
        await expect(cells(page).first()).toHaveAttribute("aria-setsize", String(WEDDING_PHOTOS));
        const drawn = await cells(page).count();
        expect(drawn).toBeGreaterThan(0);
        expect(drawn).toBeLessThan(200);
        await noSidewaysScroll(page);

        await cells(page).first().focus();
        await page.keyboard.press("End");
        const last = page.locator(".pm-grid [role=option][aria-posinset='3000']");
        await expect(last).toBeFocused();
        await expect(last).toBeInViewport();
        await expect(last.locator(".pm-file")).toHaveText("DSC_3000.jpg");
        expect(await cells(page).count()).toBeLessThan(200);
        await page.keyboard.press("ControlOrMeta+a");
        await expect(count(page)).toHaveText(`${WEDDING_PHOTOS} of ${WEDDING_PHOTOS} selected`);
        await page.keyboard.press("Escape");
        await expect(count(page)).toHaveText(`0 of ${WEDDING_PHOTOS} selected`);
      } finally {
        await context.close();
      }
    });
  }
});
