// Collections in the admin: the screen lists them in the site's order, is axe clean, and a bad
// name is refused next to its field. (Renames and moves that would stick are covered by the
// unit tests: the public-site tests read the demo collections at the same time.)
import { expect, test, withStudio } from "./admin-fixtures.ts";

test("collections are listed in the site's order; an empty name is refused beside the field", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]);
  expect(await axeViolations(page)).toEqual([]);
  const name = page.getByLabel("Name").first();
  await name.fill("  ");
  await page.getByRole("button", { name: "Rename Wedding" }).click();
  await expect(page.locator(".field-error")).toHaveText("Give the collection a name.");
  await expect(page.getByLabel("Name").first()).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Wedding");
});

test("a collection's description is saved beside its Tamil version, and each language's page shows its own", async ({
  adminPage: page,
}) => {
  // The last collection, put back as it was at the end: other tests read the demo's collections.
  const [outdoor] = await withStudio(({ db }) =>
    db
      .selectFrom("collections")
      .select(["id", "slug", "description", "description_ta"])
      .orderBy("position", "desc")
      .limit(1)
      .execute(),
  );
  if (!outdoor) throw new Error("no collection");
  await page.getByRole("link", { name: "Collections" }).click();
  const english = page.getByLabel("Description", { exact: true }).last();
  const tamil = page.getByLabel("Description in Tamil (optional)").last();
  await expect(english).toHaveValue(outdoor.description);
  await expect(tamil).toHaveValue(outdoor.description_ta ?? "");
  await expect(tamil).toHaveAttribute("lang", "ta");
  try {
    await english.fill("Open skies, slow walks.");
    await tamil.fill("திறந்த வானம், மெதுவான நடை.");
    await page.getByRole("button", { name: "Save description of Outdoor" }).click();
    await expect(page.getByRole("status")).toHaveText("Description saved.");
    await page.goto(`/gallery/${outdoor.slug}`);
    await expect(page.getByRole("main")).toContainText("Open skies, slow walks.");
    await page.goto(`/ta/gallery/${outdoor.slug}`);
    await expect(page.getByRole("main")).toContainText("திறந்த வானம், மெதுவான நடை.");
  } finally {
    await withStudio(({ db }) =>
      db
        .updateTable("collections")
        .set({ description: outdoor.description, description_ta: outdoor.description_ta })
        .where("id", "=", outdoor.id)
        .execute(),
    );
  }
});
