// Album proofing's rules on a real database (SQLite here, PostgreSQL in its run): spreads made by
// the pipeline into a draft the couple cannot see, a version sent and answered, comments with a
// swap photo, what a new version changed and answered, approval kept and locking the version.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetVisibleTo, galleryAudience, PUBLIC, STUDIO } from "#domain/catalog/audience.server.ts";
import { findImagePage } from "#domain/catalog/image-picker.server.ts";
import { variantKey } from "#domain/catalog/ingest.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { ImageRejectedError, planSpreadVariants } from "#domain/media/pipeline.server.ts";
import { sourceFile } from "#domain/media/source.server.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { pdfOf } from "#tests/helpers/pdf.ts";
import { byFileName, MAX_SPREAD_NUMBER, spreadNumberOf } from "./numbering.ts";
import {
  addComment,
  albumTitles,
  albumVersions,
  approveVersion,
  createAlbum,
  galleryAlbums,
  markSpreadOk,
  markViewed,
  NAME_MAX_CHARS,
  ProofingRefusal,
  removeComment,
  renameGalleryAlbum,
  resolveComment,
  type SpreadView,
  sendChanges,
  sendDraft,
} from "./proofing.server.ts";
import { ingestPdfSpreads, ingestSpread, markSpreadsAgain, spreadsMarkedOtherwise } from "./spreads.server.ts";

/** A spread-shaped JPEG (2:1) whose bytes are its seed's. */
const spread = (seed: number) => seededJpeg(seed, 960, 480);

describe("album proofing", () => {
  let store: TestStore;
  let galleryId: number;
  let otherGalleryId: number;
  let photoId: number;
  let otherPhotoId: number;
  const amma = { visitorId: 0, name: "Amma" };
  const priya = { visitorId: 0, name: "Priya" };

  beforeAll(async () => {
    store = await createTestStore();
    const deps = { db: store.db, storage: store.storage };
    galleryId = await createGallery(store.db, { title: "Priya weds Karthik" });
    otherGalleryId = await createGallery(store.db, { title: "Another wedding" });
    photoId = await addPhotoToSet(
      deps,
      await addGallerySet(store.db, galleryId, "Muhurtham"),
      await seededJpeg(1),
      "paati.jpg",
    );
    otherPhotoId = await addPhotoToSet(
      deps,
      await addGallerySet(store.db, otherGalleryId, "Reception"),
      await seededJpeg(2),
      "someone-else.jpg",
    );
    const people = await store.db
      .insertInto("gallery_visitors")
      .values([
        { gallery_id: galleryId, name: "Amma", name_key: "amma", pin_hash: "x" },
        { gallery_id: galleryId, name: "Priya", name_key: "priya", pin_hash: "x" },
      ])
      .returning("id")
      .execute();
    amma.visitorId = people[0]?.id ?? 0;
    priya.visitorId = people[1]?.id ?? 0;
  }, 60_000);
  afterAll(() => store.cleanup());

  const upload = (albumId: number, fileName: string, seed: number, place = 1) =>
    spread(seed).then((data) =>
      ingestSpread({ db: store.db, storage: store.storage }, galleryId, {
        uploadId: `up-${albumId}-${fileName}-${seed}`,
        albumId,
        fileName,
        place,
        source: data,
      }),
    );
  const couple = (albumId: number) => albumVersions(store.db, galleryAudience(galleryId), galleryId, albumId, "Album");
  const studio = (albumId: number) => albumVersions(store.db, STUDIO, galleryId, albumId, "Album");
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "accepted",
      (error: unknown) => (error instanceof ProofingRefusal ? `${error.status} ${error.message}` : String(error)),
    );

  /** The outbox's rows about these versions, in the order they were queued. */
  const mailsAbout = async (versionIds: number[]) =>
    (
      await store.db
        .selectFrom("mail_outbox")
        .select(["kind", "album_version_id"])
        .where("album_version_id", "in", versionIds)
        .orderBy("id")
        .execute()
    ).map((m) => [m.kind, m.album_version_id]);

  it("numbers spreads by their file names, a name without one by its place", () => {
    expect(["spread 10.jpg", "spread 2.jpg", "Spread 1.jpg"].sort(byFileName)).toEqual([
      "Spread 1.jpg",
      "spread 2.jpg",
      "spread 10.jpg",
    ]);
    expect(spreadNumberOf("Priya-Karthik_07.jpg", 3)).toBe(7);
    expect(spreadNumberOf("2026-02-14 spread 12.jpeg", 3)).toBe(12);
    expect(spreadNumberOf("cover.jpg", 3)).toBe(3);
    expect(spreadNumberOf("IMG_2031.jpg", 4)).toBe(4);
  });

  it("keeps a draft's spreads from the couple and every spread from the public, then shows a sent version", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "  Priya and Karthik  ");
    await upload(albumId, "album_01.jpg", 101);
    await upload(albumId, "album_02.jpg", 102);
    expect((await studio(albumId))[0]?.spreads.map((s) => s.number)).toEqual([1, 2]);
    // The draft: nothing for the couple, not even the album's name; its images load for no one but the studio.
    expect(await couple(albumId)).toEqual([]);
    expect(await galleryAlbums(store.db, galleryAudience(galleryId), galleryId)).toEqual([]);
    const spreadAssets = await store.db.selectFrom("album_spreads").select("asset_id").execute();
    const visible = (audience: Parameters<typeof assetVisibleTo>[0]) =>
      store.db
        .selectFrom("assets")
        .select("id")
        .where(
          "id",
          "in",
          spreadAssets.map((s) => s.asset_id),
        )
        .where(assetVisibleTo(audience))
        .execute()
        .then((rows) => rows.length);
    expect([await visible(galleryAudience(galleryId)), await visible(PUBLIC)]).toEqual([0, 0]);
    // Nor does the studio's image picker offer a spread for a banner or a cover: those are public.
    expect((await findImagePage(store.db, { q: "album_0" })).items).toEqual([]);

    await sendDraft(store.db, galleryId, albumId);
    const [sent] = await couple(albumId);
    expect(sent).toMatchObject({ number: 1, state: "sent" });
    expect(sent?.spreads.map((s) => [s.number, s.image.width, s.image.height])).toEqual([
      [1, 960, 480],
      [2, 960, 480],
    ]);
    // The screen's AVIF, then the viewing JPEG for zooming (the spread is 960 px: no 1280 rung);
    // a browser without AVIF, the viewing JPEG alone.
    const [firstSpread] = sent?.spreads ?? [];
    expect(firstSpread?.image.sources).toEqual([
      {
        type: "image/avif",
        srcSet: expect.stringMatching(/^\/media\/\S+-720-\w+\.avif 720w, \/media\/\S+-960-\w+\.jpg 960w$/),
      },
      { type: "image/webp", srcSet: expect.stringMatching(/^\/media\/\S+-960-\w+\.jpg 960w$/) },
    ]);
    expect(firstSpread?.image.fallback).toMatch(/-960-\w+\.jpg$/);
    // Every file the page names was made, and each AVIF is one.
    for (const url of [
      firstSpread?.image.fallback ?? "",
      ...(firstSpread?.image.sources ?? []).flatMap((s) => s.srcSet.split(", ").map((e) => e.split(" ")[0] ?? "")),
    ]) {
      const data = await store.storage.public.get(url.replace(/^\/media\//, ""));
      expect((await sharp(data).metadata()).format, url).toBe(url.endsWith(".avif") ? "heif" : "jpeg");
    }
    // A spread made before the AVIF plan (its row says plan 1) is shown with the WebPs it has.
    await store.db.updateTable("album_spreads").set({ plan: 1 }).where("number", "=", 2).execute();
    const [legacy] = await couple(albumId);
    expect(legacy?.spreads[1]?.image.sources).toEqual([
      {
        type: "image/webp",
        srcSet: expect.stringMatching(/^\/media\/\S+-720-\w+\.webp 720w, \/media\/\S+-960-\w+\.jpg 960w$/),
      },
    ]);
    await store.db.updateTable("album_spreads").set({ plan: 2 }).where("number", "=", 2).execute();
    // Sent: the couple loads them; the public, another gallery's link and the guests still never.
    expect([
      await visible(galleryAudience(galleryId)),
      await visible(galleryAudience(otherGalleryId)),
      await visible(PUBLIC),
      await visible({ kind: "guest", galleryId }),
    ]).toEqual([2, 0, 0, 0]);
    const [summary] = await galleryAlbums(store.db, galleryAudience(galleryId), galleryId);
    expect(summary).toMatchObject({ title: "Priya and Karthik", latest: { number: 1, state: "sent", viewedAt: null } });
    await markViewed(store.db, galleryId, albumId);
    expect((await galleryAlbums(store.db, STUDIO, galleryId))[0]?.latest?.viewedAt).not.toBeNull();
  });

  it("takes each person's pins as theirs, a swap photo only from this gallery, and sends changes", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "Amma's album");
    await upload(albumId, "a-1.jpg", 201);
    await upload(albumId, "a-2.jpg", 202);
    const { id: versionId } = await sendDraft(store.db, galleryId, albumId);
    const pin = { spread: 2, x: 0.25, y: 0.5, text: "Swap this for the one with paati", swapPhotoId: photoId };
    await addComment(store.db, galleryId, albumId, versionId, amma, pin);
    await addComment(store.db, galleryId, albumId, versionId, priya, {
      spread: 1,
      x: null,
      y: null,
      text: "Lovely",
      swapPhotoId: null,
    });
    expect(
      await refusal(addComment(store.db, galleryId, albumId, versionId, amma, { ...pin, swapPhotoId: otherPhotoId })),
    ).toBe("422 That photo is not in this gallery.");
    expect(await refusal(addComment(store.db, galleryId, albumId, versionId, amma, { ...pin, spread: 9 }))).toBe(
      "422 There is no such spread.",
    );
    expect(await refusal(addComment(store.db, galleryId, albumId, versionId, amma, { ...pin, x: 1.5 }))).toBe(
      "422 That spot is not on the spread.",
    );
    expect(
      await refusal(
        addComment(store.db, galleryId, albumId, versionId, amma, { ...pin, text: " ", swapPhotoId: null }),
      ),
    ).toBe("422 Write what to change, or choose a photo to swap in.");
    await markSpreadOk(store.db, galleryId, albumId, versionId, priya, 1, true);
    const [version] = await couple(albumId);
    expect(version?.comments.map((c) => [c.spread, c.author, c.visitorId, c.text, c.swapPhotoId, c.x])).toEqual([
      [1, "Priya", priya.visitorId, "Lovely", null, null],
      [2, "Amma", amma.visitorId, "Swap this for the one with paati", photoId, 0.25],
    ]);
    expect(version?.oks).toEqual({ [priya.visitorId]: [1] });
    // One's comment is not another's to take back.
    const ammas = version?.comments.find((c) => c.author === "Amma")?.id ?? 0;
    expect(await refusal(removeComment(store.db, galleryId, albumId, versionId, priya, ammas))).toMatch(/^404/);
    await sendChanges(store.db, galleryId, albumId, versionId);
    expect((await couple(albumId))[0]?.state).toBe("changes");
  });

  it("a new version starts from the last, shows what changed and which comments it answers; approval locks it", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "Couple's album");
    for (const n of [1, 2, 3]) await upload(albumId, `spread-${n}.jpg`, 300 + n);
    const v1 = await sendDraft(store.db, galleryId, albumId);
    await addComment(store.db, galleryId, albumId, v1.id, amma, {
      spread: 2,
      x: 0.5,
      y: 0.5,
      text: "Swap",
      swapPhotoId: photoId,
    });
    await addComment(store.db, galleryId, albumId, v1.id, priya, {
      spread: 3,
      x: 0.1,
      y: 0.9,
      text: "Brighter?",
      swapPhotoId: null,
    });
    await sendChanges(store.db, galleryId, albumId, v1.id);
    const [withComments] = await studio(albumId);
    const swap = withComments?.comments.find((c) => c.spread === 2)?.id ?? 0;
    await resolveComment(store.db, galleryId, albumId, swap, true);
    // Only spread 2 is exported again; the rest carry over from version 1.
    await upload(albumId, "spread-2.jpg", 392);
    expect(await couple(albumId).then((v) => v.map((x) => x.number))).toEqual([1]);
    const v2 = await sendDraft(store.db, galleryId, albumId);
    const [latest, first] = await couple(albumId);
    expect(latest?.number).toBe(2);
    expect(latest?.spreads.map((s) => [s.number, s.changed])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect(latest?.answers.map((c) => [c.spread, c.text, c.answeredIn])).toEqual([[2, "Swap", 2]]);
    expect(first?.comments.find((c) => c.spread === 3)?.answeredIn).toBeNull();
    // Version 1 is history now: the couple answers version 2.
    expect(
      await refusal(
        addComment(store.db, galleryId, albumId, v1.id, amma, {
          spread: 1,
          x: null,
          y: null,
          text: "x",
          swapPhotoId: null,
        }),
      ),
    ).toBe("409 A newer version of this album has been sent: look at that one.");

    const approval = await approveVersion(store.db, galleryId, albumId, v2.id, priya, {
      name: "  Priya  Raman ",
      address: "203.0.113.7",
    });
    expect(approval).toMatchObject({ name: "Priya Raman", address: "203.0.113.7", visitorId: priya.visitorId });
    const [approved] = await studio(albumId);
    expect(approved?.state).toBe("approved");
    expect(approved?.approval?.spreads).toEqual(approved?.spreads.map((s) => ({ number: s.number, sha256: s.sha256 })));
    const locked = "409 This version is approved and cannot change. A change is a new version, approved again.";
    expect(
      await refusal(
        addComment(store.db, galleryId, albumId, v2.id, amma, {
          spread: 1,
          x: null,
          y: null,
          text: "x",
          swapPhotoId: null,
        }),
      ),
    ).toBe(locked);
    expect(await refusal(markSpreadOk(store.db, galleryId, albumId, v2.id, amma, 1, true))).toBe(locked);
    expect(
      await refusal(approveVersion(store.db, galleryId, albumId, v2.id, amma, { name: "Amma", address: "x" })),
    ).toBe(locked);
    expect(await refusal(sendChanges(store.db, galleryId, albumId, v2.id))).toBe(locked);
    // A change after approval is a new version, the approved one untouched.
    const v3 = await upload(albumId, "spread-3.jpg", 393);
    expect(v3.versionId).not.toBe(v2.id);
    const [draft, stillApproved] = await studio(albumId);
    expect([draft?.number, draft?.state, stillApproved?.state]).toEqual([3, "draft", "approved"]);
    expect(stillApproved?.spreads.map((s) => s.sha256)).toEqual(approved?.spreads.map((s) => s.sha256));
    // Each answer queued the studio's mail with it, and a refused one nothing; this gallery has no
    // address for the couple, so their mails (the versions sent, the approval's copy) were not queued.
    expect(await mailsAbout([v1.id, v2.id, v3.versionId])).toEqual([
      ["album-changes", v1.id],
      ["album-approved", v2.id],
    ]);
  });

  it("spreads of a new version uploaded at once share one draft, started from the last version; the same number twice keeps one", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "Amma's album");
    for (const n of [1, 2, 3, 4]) await upload(albumId, `amma-${n}.jpg`, 500 + n);
    const v1 = await sendDraft(store.db, galleryId, albumId);
    // As the uploader sends them (several at once) and the server makes each as it finishes.
    await Promise.all([
      upload(albumId, "amma-2.jpg", 602),
      upload(albumId, "amma-3.jpg", 603),
      upload(albumId, "amma-3-new.jpg", 613, 3),
      upload(albumId, "amma-5.jpg", 605),
    ]);
    const [draft, sent] = await studio(albumId);
    expect(sent?.id).toBe(v1.id);
    expect([draft?.number, draft?.state]).toEqual([2, "draft"]);
    expect(draft?.spreads.map((s) => [s.number, s.changed])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, false],
      [5, true],
    ]);
    const three = draft?.spreads.find((s) => s.number === 3)?.fileName;
    expect(["amma-3.jpg", "amma-3-new.jpg"]).toContain(three);
  });

  it("a file that is not an image, or one cut short, is refused by name, and the draft keeps what it had", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "Appa's album");
    await upload(albumId, "1.jpg", 501);
    const broken = ingestSpread({ db: store.db, storage: store.storage }, galleryId, {
      uploadId: "broken",
      albumId,
      fileName: "2.jpg",
      place: 2,
      source: new TextEncoder().encode("not a photo"),
    });
    await expect(broken).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(broken).rejects.toThrow(/2\.jpg/);
    // A spread cut short is refused by the pipeline's own strict decode, before any file is kept.
    const whole = await spread(502);
    const cut = ingestSpread({ db: store.db, storage: store.storage }, galleryId, {
      uploadId: "cut",
      albumId,
      fileName: "3.jpg",
      place: 3,
      source: whole.subarray(0, Math.floor(whole.byteLength * 0.6)),
    });
    await expect(cut).rejects.toThrow(/3\.jpg.*cut short/);
    expect((await studio(albumId))[0]?.spreads.map((s) => s.number)).toEqual([1]);
  });

  it("takes a finished upload's file where it lies: the original is the file's bytes, kept once the upload goes", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "From the disk");
    const staged = path.join(store.dataDir, "staged-upload");
    const data = await spread(611);
    fs.writeFileSync(staged, data);
    await ingestSpread({ db: store.db, storage: store.storage }, galleryId, {
      uploadId: "on-disk",
      albumId,
      fileName: "1.jpg",
      place: 1,
      source: await sourceFile(staged),
    });
    // The upload's name goes (tus removes it); the original stays, byte for byte.
    fs.rmSync(staged);
    const [made] = (await studio(albumId))[0]?.spreads ?? [];
    expect(made?.sha256).toBe(createHash("sha256").update(data).digest("hex"));
    const asset = await store.db
      .selectFrom("assets")
      .select(["original_key", "original_bytes", "width", "height"])
      .where("sha256", "=", made?.sha256 ?? "")
      .executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ original_bytes: data.byteLength, width: 960, height: 480 });
    expect(await store.storage.originals.get(asset.original_key)).toEqual(data);
    expect(made?.image.sources.length).toBeGreaterThan(0);

    // A file cut short on the disk is refused as one in memory is, by name.
    fs.writeFileSync(staged, data.subarray(0, Math.floor(data.byteLength * 0.6)));
    const cut = ingestSpread({ db: store.db, storage: store.storage }, galleryId, {
      uploadId: "on-disk-cut",
      albumId,
      fileName: "2.jpg",
      place: 2,
      source: await sourceFile(staged),
    });
    await expect(cut).rejects.toThrow(/2\.jpg.*cut short/);
    fs.rmSync(staged);
  });

  it("makes each page of a PDF the spread of its number, whatever the PDF is called; its JPEG pages kept as exported", async () => {
    const { albumId } = await createAlbum(store.db, galleryId, "From a PDF");
    const deps = { db: store.db, storage: store.storage };
    const first = await spread(621);
    const pdf = pdfOf([
      { jpeg: first, width: 960, height: 480 },
      { text: "Spread 2" },
      { jpeg: await spread(622), width: 960, height: 480 },
    ]);
    const upload = { uploadId: "pdf-1", albumId, fileName: "Priya-Karthik_v2.pdf", source: pdf };
    expect((await ingestPdfSpreads(deps, galleryId, upload)).numbers).toEqual([1, 2, 3]);
    const spreads = async () => (await studio(albumId))[0]?.spreads ?? [];
    expect((await spreads()).map((s) => [s.number, s.fileName])).toEqual([
      [1, "Priya-Karthik_v2.pdf, page 1"],
      [2, "Priya-Karthik_v2.pdf, page 2"],
      [3, "Priya-Karthik_v2.pdf, page 3"],
    ]);
    // Page 1's spread is the exported JPEG itself: its hash is the approval record's.
    expect((await spreads())[0]?.sha256).toBe(createHash("sha256").update(first).digest("hex"));
    // The same upload again (a retry) makes nothing twice.
    await ingestPdfSpreads(deps, galleryId, upload);
    expect(await spreads()).toHaveLength(3);
    // A damaged PDF is refused by name, and the draft keeps what it had.
    const broken = ingestPdfSpreads(deps, galleryId, { ...upload, uploadId: "pdf-2", source: pdf.subarray(0, 200) });
    await expect(broken).rejects.toThrow(/^Priya-Karthik_v2\.pdf: a PDF that cannot be read/);
    // So is one of more pages than an album has spreads, before any page is made.
    const long = pdfOf(Array.from({ length: MAX_SPREAD_NUMBER + 1 }, (_, i) => ({ text: `Page ${i + 1}` })));
    await expect(ingestPdfSpreads(deps, galleryId, { ...upload, uploadId: "pdf-3", source: long })).rejects.toThrow(
      `Priya-Karthik_v2.pdf: the PDF has ${MAX_SPREAD_NUMBER + 1} pages; an album has at most ${MAX_SPREAD_NUMBER} spreads`,
    );
    expect(await spreads()).toHaveLength(3);
  });

  it("draws the gallery's watermark into every spread file; a new watermark leaves them shown as made until marked again", async () => {
    const marked = await createGallery(store.db, { title: "Marked" });
    const setMark = (text: string) =>
      store.db
        .updateTable("client_galleries")
        .set({ watermark_text: text, watermark_position: "center", watermark_opacity: 40 })
        .where("id", "=", marked)
        .execute();
    await setMark("Studio");
    const deps = { db: store.db, storage: store.storage };
    const { albumId } = await createAlbum(store.db, marked, "Marked album");
    await ingestSpread(deps, marked, {
      uploadId: "m1",
      albumId,
      fileName: "1.jpg",
      place: 1,
      source: await spread(601),
    });
    const draft = async () => (await albumVersions(store.db, STUDIO, marked, albumId, "A"))[0]?.spreads[0];
    const files = async () =>
      (await draft())?.image.sources.flatMap((s) => s.srcSet.split(", ").map((e) => e.split(" ")[0] ?? "")) ?? [];
    const made = async (urls: readonly string[]) =>
      Promise.all(urls.map((url) => store.storage.public.has(url.replace(/^\/media\//, ""))));
    const first = await files();
    // A 960 px spread: the phone's AVIF and the viewing JPEG, every one made, every one marked.
    expect(first.map((url) => url.split(".").at(-1))).toEqual(["avif", "jpg", "jpg"]);
    expect(await made(first)).toEqual(first.map(() => true));
    expect((await draft())?.watermark).toEqual({ text: "Studio", position: "center", opacityPercent: 40 });
    // The unmarked plan's names were never made for this gallery's spread.
    const sha256 = (await draft())?.sha256 ?? "";
    const unmarked = planSpreadVariants({ width: 960, height: 480 }, null, 2).map((spec) => variantKey(sha256, spec));
    expect(await Promise.all(unmarked.map((key) => store.storage.public.has(key)))).toEqual(unmarked.map(() => false));

    // The studio changes the watermark: the page still names the files that were made.
    await setMark("Nila Studio");
    expect(await files()).toEqual(first);
    const now = { text: "Nila Studio", position: "center", opacityPercent: 40 } as const;
    expect(spreadsMarkedOtherwise([(await draft()) as SpreadView], now)).toHaveLength(1);
    // Marked again: the new mark's files are made and named; a second time there is nothing to do.
    expect(await markSpreadsAgain(deps, marked, albumId)).toEqual({ marked: 1, watermark: now });
    const second = await files();
    expect(second.filter((url) => first.includes(url))).toEqual([]);
    expect(await made(second)).toEqual(second.map(() => true));
    expect((await draft())?.watermark).toEqual(now);
    expect(spreadsMarkedOtherwise([(await draft()) as SpreadView], now)).toEqual([]);
    expect((await markSpreadsAgain(deps, marked, albumId)).marked).toBe(0);
    // No mark at all is a mark too: its spreads are made unmarked, and named so.
    await setMark("   ");
    expect(await markSpreadsAgain(deps, marked, albumId)).toEqual({ marked: 1, watermark: null });
    expect((await draft())?.watermark).toBeNull();
    expect(await made(await files())).toEqual(first.map(() => true));
  });

  it("names an album in Tamil too: saved when made and renamed, cleared when emptied, refused past the English limit", async () => {
    const TAMIL = "பிரியா & கார்த்திக்";
    const { albumId } = await createAlbum(store.db, galleryId, { title: "Priya and Karthik", titleTa: `  ${TAMIL} ` });
    const named = async () => (await galleryAlbums(store.db, STUDIO, galleryId)).find((a) => a.id === albumId) ?? null;
    expect(await named()).toMatchObject({ title: "Priya and Karthik", titleTa: TAMIL });
    // Left empty it is not translated (null): the couple's Tamil pages show the English.
    expect(albumTitles("Amma's album", "   ")).toEqual({ title: "Amma's album", titleTa: null });
    expect(await renameGalleryAlbum(store.db, galleryId, albumId, "Our album", "")).toEqual({
      title: "Our album",
      titleTa: null,
    });
    expect(await named()).toMatchObject({ title: "Our album", titleTa: null });
    await renameGalleryAlbum(store.db, galleryId, albumId, "Our album", "எங்கள்   ஆல்பம்");
    expect(await named()).toMatchObject({ title: "Our album", titleTa: "எங்கள் ஆல்பம்" });

    // Refused beside its own field, with its own words; nothing changes.
    const refusal = (run: () => unknown) =>
      Promise.resolve()
        .then(run)
        .then(
          () => null,
          (error: unknown) =>
            error instanceof ProofingRefusal
              ? { status: error.status, field: error.field, message: error.message }
              : error,
        );
    expect(
      await refusal(() => renameGalleryAlbum(store.db, galleryId, albumId, "Ours", "ம".repeat(NAME_MAX_CHARS + 1))),
    ).toEqual({ status: 422, field: "titleTa", message: `The Tamil name is at most ${NAME_MAX_CHARS} characters.` });
    expect(await refusal(() => renameGalleryAlbum(store.db, galleryId, albumId, " ", TAMIL))).toMatchObject({
      status: 422,
      field: "title",
    });
    expect(albumTitles("Ours", "ம".repeat(NAME_MAX_CHARS)).titleTa).toHaveLength(NAME_MAX_CHARS);
    // Another gallery's album is not renamed through this one.
    expect(await refusal(() => renameGalleryAlbum(store.db, otherGalleryId, albumId, "Not yours", ""))).toEqual({
      status: 404,
      field: undefined,
      message: "There is no such album.",
    });
    expect(await named()).toMatchObject({ title: "Our album", titleTa: "எங்கள் ஆல்பம்" });
  });
});
