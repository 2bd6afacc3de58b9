// The studio's review of a client gallery's picks, in a real browser at a desktop's and a phone's
// width: the bride's and her mother's lists side by side (in both, only in one), each photo's
// thumbnail (the file its asset was processed into) with its hearts and notes, a list of the
// studio's own made from "in both" that the gallery's page then exports like any list; axe
// clean; and the same without JavaScript, from checked photos, with a list of another gallery
// refused. Galleries are made through the domain layer with unique titles and photos, on the
// server's own database and media (other specs share them).

import type { Locator, Page } from "@playwright/test";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { addPhotoToSet, makeSelectionList, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { expect, test, withStudio } from "./admin-fixtures.ts";
import { VIEWPORTS } from "./fixtures.ts";

// Each test makes a gallery of processed photos, then goes through several pages.
test.describe.configure({ timeout: 90_000 });

interface Made {
  id: number;
  title: string;
  /** The photos' file names, in the set's order: 1 to 3 are the bride's, 2 to 4 her mother's, 5 nobody's. */
  names: string[];
  /** Each photo's image files (their storage keys), by file name. */
  files: Map<string, string[]>;
  bride: number;
  mother: number;
  /** A list of another gallery. */
  stranger: number;
}

/** A gallery of five photos, Priya's list of the first three and Amma's of the second to fourth. */
async function makeGallery(): Promise<Made> {
  const base = Math.floor(Math.random() * 0x7f_0000) + 1;
  const tag = base.toString(36);
  return withStudio(async (deps) => {
    const title = `Priya & Karthik ${tag}`;
    const id = await createGallery(deps.db, { title, selectionLimit: 300 });
    const set = await addGallerySet(deps.db, id, "Muhurtham");
    const names = [1, 2, 3, 4, 5].map((i) => `muhurtham-${tag}-${i}.jpg`);
    const photos: number[] = [];
    for (const [i, name] of names.entries()) {
      photos.push(await addPhotoToSet(deps, set, await seededJpeg(base + i, 300, 200), name));
    }
    const variants = await deps.db
      .selectFrom("photos")
      .innerJoin("assets", "assets.id", "photos.asset_id")
      .innerJoin("asset_variants", "asset_variants.asset_id", "assets.id")
      .select(["assets.original_name", "asset_variants.key"])
      .where("photos.id", "in", photos)
      .execute();
    const files = Map.groupBy(variants, (v) => v.original_name);
    const [p1, p2, p3, p4] = photos as [number, number, number, number];
    const bride = await makeSelectionList(deps.db, id, "Priya", [p1, p2, p3]);
    const mother = await makeSelectionList(deps.db, id, "Amma", [p2, p3, p4]);
    await deps.db
      .updateTable("selection_items")
      .set({ comment: "Brighten, please" })
      .where("list_id", "=", mother)
      .where("photo_id", "=", p2)
      .execute();
    const otherId = await createGallery(deps.db, { title: `Another wedding ${tag}` });
    const otherSet = await addGallerySet(deps.db, otherId, "Reception");
    const otherPhoto = await addPhotoToSet(deps, otherSet, await seededJpeg(base + 9, 300, 200), `other-${tag}.jpg`);
    const stranger = await makeSelectionList(deps.db, otherId, "Meena", [otherPhoto]);
    return {
      id,
      title,
      names,
      files: new Map([...files].map(([name, rows]) => [name, (rows ?? []).map((r) => r.key)])),
      bride,
      mother,
      stranger,
    };
  });
}

const group = (page: Page, name: string) => page.getByRole("region", { name });
const captions = (where: Locator) => where.locator(".picks-name");

/** Each thumbnail in `where` is its own photo's file (by the caption beside it), and has loaded. */
async function rightThumbnails(where: Locator, made: Made) {
  const cells = where.locator(".picks-cell");
  for (let i = 0; i < (await cells.count()); i++) {
    const cell = cells.nth(i);
    const name = ((await captions(cell).textContent()) ?? "").trim();
    const keys = made.files.get(name) ?? [];
    expect(keys.length, `files of ${name}`).toBeGreaterThan(0);
    const img = cell.locator("img");
    const src = (await img.getAttribute("src")) ?? "";
    expect(
      keys.some((key) => src.endsWith(key)),
      `${src} is one of ${name}'s files`,
    ).toBe(true);
    for (const source of await cell.locator("source").all()) {
      const srcset = (await source.getAttribute("srcset")) ?? "";
      expect(
        keys.some((key) => srcset.endsWith(key)),
        `${srcset} is one of ${name}'s files`,
      ).toBe(true);
    }
    expect(await img.getAttribute("width")).toBe("300");
    expect(await img.getAttribute("height")).toBe("200");
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: two people's lists side by side, and the studio's list made from the photos in both`, async ({
    adminPage: page,
    axeViolations,
  }) => {
    await page.setViewportSize(viewport);
    const made = await makeGallery();
    const [n1, n2, n3, n4, n5] = made.names;

    // From the gallery's page: compare Priya's list with another.
    await page.goto(`/admin/galleries/${made.id}?panel=selections`);
    await page.getByRole("link", { name: "Compare with… for Priya's Album" }).click();
    await expect(page.getByRole("heading", { name: `Selections of ${made.title}`, level: 1 })).toBeVisible();
    await expect(page.getByLabel("List", { exact: true })).toHaveValue(String(made.bride));
    await page.getByLabel("Compare with").selectOption({ label: "Amma's Album (3)" });
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Priya's Album and Amma's Album", level: 2 })).toBeVisible();

    const both = group(page, "In both (2)");
    const onlyBride = group(page, "Only in Priya's Album (1)");
    const onlyMother = group(page, "Only in Amma's Album (1)");
    await expect(captions(both)).toHaveText([n2, n3] as string[]);
    await expect(captions(onlyBride)).toHaveText([n1] as string[]);
    await expect(captions(onlyMother)).toHaveText([n4] as string[]);
    await expect(page.getByText(n5 as string)).toHaveCount(0);
    // Under each: how many people hearted it, and the notes they left.
    const second = both.locator(".picks-cell").filter({ hasText: n2 as string });
    await expect(second.locator(".picks-hearts")).toHaveText("♥ 2 people hearted it");
    await expect(second.locator(".picks-note")).toHaveText("Amma: Brighten, please");
    await expect(onlyMother.locator(".picks-hearts")).toHaveText("♥ 1 person hearted it");
    for (const where of [both, onlyBride, onlyMother]) await rightThumbnails(where, made);

    // Side by side on a desktop; one under the other on a phone.
    const boxes = await Promise.all([both, onlyBride, onlyMother].map(async (g) => (await g.boundingBox()) ?? null));
    const [b, a, m] = boxes.map((box) => {
      if (!box) throw new Error("a group is not shown");
      return box;
    }) as [NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>];
    if (name === "desktop") {
      expect(Math.abs(a.y - b.y)).toBeLessThan(2);
      expect(Math.abs(m.y - b.y)).toBeLessThan(2);
      expect(b.x + b.width).toBeLessThanOrEqual(a.x);
      expect(a.x + a.width).toBeLessThanOrEqual(m.x);
    } else {
      expect(Math.abs(a.x - b.x)).toBeLessThan(2);
      expect(b.y + b.height).toBeLessThanOrEqual(a.y);
      expect(a.y + a.height).toBeLessThanOrEqual(m.y);
    }
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // The studio's own list, from the photos in both.
    await expect(page.getByLabel("Name of the new list")).toHaveValue("Album, final");
    await page.getByRole("button", { name: "Make it from the 2 in both" }).click();
    await expect(page.getByRole("heading", { name: "Studio's Album, final", level: 2 })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("List “Album, final” made with 2 photos");
    // The form to compare now starts from the list on screen.
    await expect(page.getByLabel("List", { exact: true }).locator("option:checked")).toHaveText(
      "Studio's Album, final (2)",
    );
    const list = page.locator("#picks-list");
    await expect(captions(list)).toHaveText([n2, n3] as string[]);
    await rightThumbnails(list, made);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // On the gallery's page, among the lists, with its exports.
    await page.getByRole("link", { name: `← ${made.title}` }).click();
    const final = page.locator("article.selection-list").filter({ hasText: "Album, final" });
    await expect(final.getByRole("heading", { name: "Album, final by Studio" })).toBeVisible();
    await expect(final).toContainText("2 photos · made by the studio from the clients' picks");
    const csv = await page.request.get(
      (await final.getByRole("link", { name: "CSV of Album, final" }).getAttribute("href")) ?? "",
    );
    expect(await csv.text()).toBe(
      `\uFEFF"file name","set","comment"\r\n"${n2}","Muhurtham",""\r\n"${n3}","Muhurtham",""\r\n`,
    );
    await expect(final.getByRole("link", { name: "See photos of Studio's Album, final" })).toBeVisible();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists compared with a plain form, a list made from checked photos, another gallery's list refused", async ({
    adminPage: page,
  }) => {
    const made = await makeGallery();
    const [n1, n2, , n4] = made.names;
    const review = `/admin/galleries/${made.id}/selections`;

    // A list of another gallery is no list here, in either place.
    for (const query of [
      `a=${made.stranger}`,
      `a=${made.bride}&b=${made.stranger}`,
      `a=${made.stranger}&b=${made.mother}`,
    ]) {
      expect((await page.request.get(`${review}?${query}`)).status(), query).toBe(404);
    }

    await page.goto(`${review}?a=${made.bride}`);
    await expect(page.getByRole("heading", { name: "Priya's Album", level: 2 })).toBeVisible();
    await expect(captions(page.locator("#picks-list"))).toHaveText(made.names.slice(0, 3));
    await page.getByLabel("Compare with").selectOption({ label: "Amma's Album (3)" });
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?a=${made.bride}&b=${made.mother}$`));

    // Checked photos, with a mistake first: what was typed and checked stays.
    await page.getByLabel(n1 as string).check();
    await page.getByLabel(n4 as string).check();
    await page.getByLabel("Name of the new list").fill(" ");
    await page.getByRole("button", { name: "From the photos checked below" }).click();
    await expect(page.getByText("Give the list a name of up to 40 characters.").first()).toBeVisible();
    await expect(page.getByLabel("Name of the new list")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(n1 as string)).toBeChecked();
    await expect(page.getByLabel(n4 as string)).toBeChecked();
    await expect(page.getByLabel(n2 as string)).not.toBeChecked();
    await page.getByLabel("Name of the new list").fill("Frames");
    await page.getByRole("button", { name: "From the photos checked below" }).click();
    await expect(page.getByRole("heading", { name: "Studio's Frames", level: 2 })).toBeVisible();
    await expect(captions(page.locator("#picks-list"))).toHaveText([n1, n4] as string[]);
  });
});
