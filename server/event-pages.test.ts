// A gallery's event link and its guests' pages over HTTP (issue 31), on the production server:
// what they send (personal headers, the camera allowed), the selfie form's refusals (a non-image,
// a 20 MB file, a decompression bomb, no consent: each in words, the name kept), the limit on
// searches from one address, a guest's own photos and only their own downloads (without the
// camera's metadata), and the links that stop working: another gallery's guest, a renewed event
// link, a revoked gallery, guest search turned off (its face data gone with it). Faces are saved
// directly (the model itself is tested in domain/faces/): these tests are about the pages.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELFIE_SEARCHES_PER_WINDOW } from "#app/routes/event/event.tsx";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { chooseGuestSets, setGuestSearch } from "#domain/faces/guest-search.server.ts";
import { registerGuest } from "#domain/faces/guests.server.ts";
import { countGalleryFaceData, saveScan } from "#domain/faces/store.server.ts";
import { GUEST_PHOTOS_PER_PAGE } from "#domain/galleries/client-types.ts";
import { addGallerySet, createGallery, readGallery, revokeGalleryLink } from "#domain/galleries/galleries.server.ts";
import { renewEventLink, setGuestDownloads } from "#domain/galleries/guest-access.server.ts";
import { madeUpFace } from "#fixtures/faces.ts";
import { addPhotoToSet, copyAssets, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { createTestStore, pngHeaderClaiming, type TestStore } from "#fixtures/test-store.ts";
import type { Database } from "#platform/db/db.server.ts";

const FIFTY_MB = 50 * 1024 * 1024;
/** The budget for a guest's first document (issue 31). */
const GUEST_DOCUMENT_BUDGET_BYTES = 100 * 1024;

let store: TestStore;
let server: ServerProcess;

interface Wedding {
  id: number;
  token: string;
  mine: number;
  notMine: number;
  guestToken: string;
}

/** A gallery open to guests, with a photo of the guest and one of someone else, and the guest. */
async function wedding(db: Database, title: string, seed: number): Promise<Wedding> {
  const id = await createGallery(db, { title });
  const set = await addGallerySet(db, id, "Reception");
  const deps = { db, storage: store.storage };
  const mine = await addPhotoToSet(deps, set, await seededJpeg(seed, 900, 600), "mine.jpg");
  const notMine = await addPhotoToSet(deps, set, await seededJpeg(seed + 1, 900, 600), "other.jpg");
  // Searched already: turning guest search on queues nothing for the model.
  await saveScan(db, { photoId: mine, galleryId: id, faces: [madeUpFace(1, 0)] });
  await saveScan(db, { photoId: notMine, galleryId: id, faces: [madeUpFace(7, 0)] });
  await setGuestSearch(db, id, true);
  await chooseGuestSets(db, id, [set]);
  const { token: guestToken } = await registerGuest(db, {
    galleryId: id,
    name: "Ravi",
    // The guest's selfie: another face of person 1, a few hundredths from the photo's.
    descriptor: madeUpFace(1, 1).descriptor,
    found: 1,
  });
  const token = (await readGallery(db, id))?.guests.token ?? "";
  return { id, token, mine, notMine, guestToken };
}

let a: Wedding;
let b: Wedding;

beforeAll(async () => {
  store = await createTestStore();
  a = await wedding(store.db, "Anitha & Karthik", 100);
  b = await wedding(store.db, "Divya & Arun", 200);
  server = await startServer(store.dataDir, { DEMO_CONTENT: "off" });
  await server.waitUntilReady();
});

afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

function post(path: string, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: server.url },
    redirect: "manual",
  });
}

const file = (bytes: Uint8Array, type = "image/jpeg") => new Blob([bytes as BlobPart], { type });

describe("the event link", () => {
  it("is a personal page: never cached or indexed, no referrer to other sites, and the camera allowed", async () => {
    const res = await get(`/e/${a.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=(self)");
    expect(res.headers.get("content-security-policy")).toContain("nonce-");
    const html = await res.text();
    expect(html).toContain('capture="user"');
    // A link preview (the head's title and Open Graph) names the studio, never the couple.
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("Anitha");
    // Other pages keep the camera off.
    expect((await get("/")).headers.get("permissions-policy")).toContain("camera=()");
  });

  it("refuses a selfie it cannot use in words, keeping the name and the consent", async () => {
    const notImage = await post(`/e/${a.token}`, {
      name: "Ravi K",
      consent: "yes",
      selfie: file(new TextEncoder().encode("<html>not a photo</html>"), "text/html"),
    });
    expect(notImage.status).toBe(422);
    const html = await notImage.text();
    expect(html).toContain("That file cannot be used");
    expect(html).toContain('value="Ravi K"');
    expect(html).toMatch(/<input[^>]*id="guest-consent"[^>]*checked/);

    // A PNG that says it is 30,000 px square: a few bytes that would decode to 2.7 GB.
    const bomb = pngHeaderClaiming(30_000, 30_000);
    const refused = await post(`/e/${a.token}`, { name: "Ravi", consent: "yes", selfie: file(bomb, "image/png") });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("too many pixels");

    const noConsent = await post(`/e/${a.token}`, { name: "Ravi K", selfie: file(await seededJpeg(1, 400, 300)) });
    expect(noConsent.status).toBe(400);
    const noConsentHtml = await noConsent.text();
    expect(noConsentHtml).toContain("Tick the box to agree");
    expect(noConsentHtml).toContain('value="Ravi K"');

    const large = await post(`/e/${a.token}`, {
      name: "Ravi",
      consent: "yes",
      // The 50 MB file: refused by its length before a byte of it is read.
      selfie: file(new Uint8Array(FIFTY_MB)),
    });
    expect(large.status).toBe(413);
    expect(await large.text()).toContain("a selfie may be at most");
  });

  it(`allows ${SELFIE_SEARCHES_PER_WINDOW} searches from one address for one event, then asks to wait`, async () => {
    const attempt = () =>
      post(`/e/${b.token}`, {
        name: "Script",
        consent: "yes",
        selfie: file(new TextEncoder().encode("x"), "text/plain"),
      });
    for (let i = 0; i < SELFIE_SEARCHES_PER_WINDOW; i++) expect((await attempt()).status).toBe(422);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many searches");
    // Another event's guests are not held up.
    expect((await post(`/e/${a.token}`, { name: "R", consent: "yes", selfie: file(new Uint8Array([1])) })).status).toBe(
      422,
    );
  });
});

describe("a guest's personal link", () => {
  it("shows their photos only, and lets them download only those, without the camera's metadata", async () => {
    const page = await get(`/e/${a.token}/g/${a.guestToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain(`id="p-${a.mine}"`);
    expect(html).not.toContain(`id="p-${a.notMine}"`);
    expect(html).toMatch(/Your photos, (<!-- -->)?Ravi/);

    const download = (photo: number) => get(`/e/${a.token}/g/${a.guestToken}/download/${photo}`);
    expect((await download(a.mine)).status).toBe(403);
    await setGuestDownloads(store.db, a.id, "web");
    const mine = await download(a.mine);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await mine.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await download(a.notMine)).status).toBe(404);
    // Another gallery's photo, by its id, through this guest's link.
    expect((await download(b.mine)).status).toBe(404);
  });

  it("sends a guest in 60 photos a first document under 100 KB, a page of 30 at a time", async () => {
    const { db } = store;
    const id = await createGallery(db, { title: "Meera & Sanjay" });
    const set = await addGallerySet(db, id, "Reception");
    const first = await addPhotoToSet({ db, storage: store.storage }, set, await seededJpeg(400, 900, 600), "r.jpg");
    const [template] = await db.selectFrom("photos").select("asset_id").where("id", "=", first).execute();
    const copies = await copyAssets(store, [template?.asset_id ?? 0], 59, "guest-budget");
    const photoIds = [first, ...(await appendPhotos(db, set, copies))];
    const face = madeUpFace(20, 0);
    for (const photoId of photoIds) await saveScan(db, { photoId, galleryId: id, faces: [face] });
    await setGuestSearch(db, id, true);
    await chooseGuestSets(db, id, [set]);
    const { token: guest } = await registerGuest(db, {
      galleryId: id,
      name: "Lakshmi",
      descriptor: face.descriptor,
      found: 0,
    });
    const event = (await readGallery(db, id))?.guests.token ?? "";
    const page = await get(`/e/${event}/g/${guest}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html.match(/class="cg-item"/g)?.length).toBe(GUEST_PHOTOS_PER_PAGE);
    expect(html).toMatch(/Page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?2/);
    expect(Buffer.byteLength(html)).toBeLessThan(GUEST_DOCUMENT_BUDGET_BYTES);
  });

  it("loses a photo the couple hides from guests, and finds it again when they show it", async () => {
    const mine = `/e/${a.token}/g/${a.guestToken}`;
    const couple = (readGalleryToken: string, hidden: string) =>
      fetch(`${server.url}/g/${readGalleryToken}/photos`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "guests", photo: String(a.mine), hidden }),
      });
    const coupleToken = (await readGallery(store.db, a.id))?.token ?? "";
    const hidden = await couple(coupleToken, "1");
    expect([hidden.status, await hidden.json()]).toEqual([200, { ok: true, photo: a.mine, hidden: true }]);
    expect(await (await get(mine)).text()).not.toContain(`id="p-${a.mine}"`);
    // The couple's own page marks it, so the viewer's button shows it pressed.
    expect(await (await get(`/g/${coupleToken}`)).text()).toContain("guestHidden");
    expect((await couple(coupleToken, "0")).status).toBe(200);
    expect(await (await get(mine)).text()).toContain(`id="p-${a.mine}"`);
    expect(await (await get(`/g/${coupleToken}`)).text()).not.toContain("guestHidden");
    // Another gallery's photo through this couple's link: not theirs to hide.
    const other = await fetch(`${server.url}/g/${coupleToken}/photos`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "guests", photo: String(b.mine), hidden: "1" }),
    });
    expect(other.status).toBe(404);
  });

  it("is no one's under another event's link, and goes when the studio renews the link, revokes the gallery or turns search off", async () => {
    expect((await get(`/e/${b.token}/g/${a.guestToken}`)).status).toBe(404);
    expect((await get(`/e/${a.token}/g/${"x".repeat(43)}`)).status).toBe(404);

    const c = await wedding(store.db, "Kavya & Vikram", 300);
    await renewEventLink(store.db, c.id);
    expect((await get(`/e/${c.token}`)).status).toBe(404);
    expect((await get(`/e/${c.token}/g/${c.guestToken}`)).status).toBe(404);
    const renewed = (await readGallery(store.db, c.id))?.guests.token ?? "";
    expect((await get(`/e/${renewed}/g/${c.guestToken}`)).status).toBe(200);

    // Past the gallery's last day, the event link and the guests' links close with it.
    const expire = (day: string | null) =>
      store.db.updateTable("client_galleries").set({ expires_on: day }).where("id", "=", c.id).execute();
    await expire("2020-01-31");
    expect((await get(`/e/${renewed}`)).status).toBe(410);
    expect((await get(`/e/${renewed}/g/${c.guestToken}`)).status).toBe(410);
    await expire(null);

    await revokeGalleryLink(store.db, c.id);
    expect((await get(`/e/${renewed}`)).status).toBe(410);
    expect((await get(`/e/${renewed}/g/${c.guestToken}`)).status).toBe(410);

    await setGuestSearch(store.db, c.id, false);
    expect((await get(`/e/${renewed}`)).status).toBe(404);
    expect(await countGalleryFaceData(store.db, c.id)).toEqual({ scans: 0, faces: 0, guests: 0 });
  });
});
