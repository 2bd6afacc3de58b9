// The client gallery's byte budgets (issue 15, "Performance"): with its first screen full, a
// gallery's first document stays under 100 KB, for a client looking and for a person choosing
// (whose photos each carry a heart form), and the page loads at most 40 KB gzip of JavaScript
// beyond what the public pages load: the scripts its document names that `/`'s does not
// (fixtures/page-scripts.ts). Bytes do not vary between runs, so they are tested here;
// times and the scroll are `npm run bench -- --only=gallery-page`'s figures, never assertions.
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { FIRST_SCREEN_PHOTOS, PHOTOS_PER_PAGE } from "#domain/galleries/client-types.ts";
import { addGallerySet, createGallery, readGallery } from "#domain/galleries/galleries.server.ts";
import { processedAssets } from "#fixtures/gallery-fixture.ts";
import { documentScripts, scriptBytes, scriptsBeyond } from "#fixtures/page-scripts.ts";
import { withStudio } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";

const HTML_BUDGET_BYTES = 100 * 1024;
const JS_BEYOND_PUBLIC_BUDGET_GZIP_BYTES = 40 * 1024;
/** More than a first screen and a page in the first set, and a second set behind it. */
const PHOTOS_PER_SET = [FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE, 30] as const;
const PHOTO_ITEM = /<li[^>]*class="cg-item"/g;

/** A gallery (no PIN) with two sets of the demo studio's processed images; its page's path. */
function makeGallery(): Promise<string> {
  return withStudio(async ({ db }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const id = await createGallery(db, { title: `Budget wedding ${stamp}`, selectionLimit: 300 });
    const assets = (await processedAssets(db, 40)).map((a) => a.id);
    for (const [i, count] of PHOTOS_PER_SET.entries()) {
      const setId = await addGallerySet(db, id, `Set ${i + 1} ${stamp}`);
      await appendPhotos(
        db,
        setId,
        Array.from({ length: count }, (_, n) => assets[n % assets.length] as number),
      );
    }
    return `/g/${(await readGallery(db, id))?.token}`;
  });
}

test("a full first screen: the document under 100 KB, its scripts at most 40 KB gzip beyond the public pages'", async ({
  request,
}) => {
  const galleryPath = await makeGallery();
  const looking = await request.get(galleryPath);
  expect(looking.status()).toBe(200);
  const html = await looking.text();
  // The first screen is full: the budget is measured on the page at its largest.
  expect(html.match(PHOTO_ITEM)).toHaveLength(FIRST_SCREEN_PHOTOS);
  expect(Buffer.byteLength(html)).toBeLessThan(HTML_BUDGET_BYTES);

  // A person choosing: each photo has its heart form too.
  const entered = await request.post(galleryPath, {
    headers: { Origin: new URL(looking.url()).origin },
    form: { intent: "enter", name: "Budget Tester", pin: "2468" },
    maxRedirects: 0,
  });
  expect(entered.status()).toBe(302);
  const choosing = await (await request.get(galleryPath)).text();
  expect(choosing.match(/class="cg-heart"/g)).toHaveLength(FIRST_SCREEN_PHOTOS);
  expect(Buffer.byteLength(choosing)).toBeLessThan(HTML_BUDGET_BYTES);

  const publicScripts = documentScripts(await (await request.get("/")).text());
  const galleryScripts = documentScripts(choosing);
  // Both lists were found (the documents' markup is what the reader expects)...
  expect(publicScripts).toContainEqual(expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/));
  expect(galleryScripts).toContainEqual(expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/));
  // ...and the gallery's own route module is among what it adds.
  const beyond = scriptsBeyond(galleryScripts, publicScripts);
  expect(beyond).toContainEqual(expect.stringMatching(/^\/assets\/gallery-[\w-]+\.js$/));
  const sizes = await scriptBytes(beyond, async (path) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.body();
  });
  const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
  test.info().annotations.push({ type: "first document", description: `${Buffer.byteLength(choosing)} bytes` });
  test.info().annotations.push({
    type: "JavaScript beyond the public pages'",
    description: `${sizes.length} files, ${gzip} bytes gzip: ${sizes.map((s) => `${s.path} ${s.gzip}`).join(", ")}`,
  });
  expect(gzip).toBeLessThanOrEqual(JS_BEYOND_PUBLIC_BUDGET_GZIP_BYTES);
});
