// An album's spreads uploaded over tus (issue 32) through the real upload handler, as the admin's
// uploader sends them: each names an album of a gallery instead of a shoot and becomes a spread
// of the album's draft before the answer; a file that is not an image is refused 422 with the
// reason the uploader shows beside its name; an album of another gallery is refused at the
// start; a finished upload whose instance died before making it a spread is made one when its
// uploader asks where it stands. The photos' uploads are uploads.test.ts's.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { Upload } from "@tus/server";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededJpeg } from "#fixtures/gallery-fixture.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { createUploadOwner } from "#tests/helpers/upload-owner.ts";
import { albumVersions, createAlbum } from "../domain/albums/proofing.server.ts";
import { STUDIO } from "../domain/catalog/audience.server.ts";
import { createGallery } from "../domain/galleries/galleries.server.ts";
import { UPLOAD_CSRF_HEADER, UPLOADS_PATH } from "../domain/media/upload-constants.ts";
import { closeDb, getDb, migrate } from "../platform/db/db.server.ts";
import { createUploads, type Uploads } from "./uploads.ts";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe("an album's spreads uploaded over tus", () => {
  let dataDir: string;
  let server: http.Server;
  let uploads: Uploads;
  let origin: string;
  let session: Record<string, string>;
  let galleryId: number;
  let albumId: number;
  let otherAlbumId: number;

  function request(method: string, pathname: string, headers: Record<string, string>, body?: Buffer) {
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${origin}${pathname}`, { method, headers });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  const tus = (extra: Record<string, string> = {}) => ({ ...session, "Tus-Resumable": "1.0.0", ...extra });
  /** The uploader's metadata for the file at `index` (0-based) of a batch sorted by name. */
  const spreadMetadata = (fileName: string, album: number, index = 0) => ({
    filename: fileName,
    galleryId: String(galleryId),
    albumId: String(album),
    batch: "batch-album-spreads",
    index: String(index),
  });
  const encoded = (metadata: Record<string, string>) =>
    Object.entries(metadata)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
      .join(",");

  async function upload(fileName: string, data: Buffer, album = albumId, index = 0) {
    const created = await request(
      "POST",
      UPLOADS_PATH,
      tus({ "Upload-Length": String(data.length), "Upload-Metadata": encoded(spreadMetadata(fileName, album, index)) }),
    );
    if (created.status !== 201) return created;
    return request(
      "PATCH",
      created.headers.location ?? "",
      tus({ "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }),
      data,
    );
  }

  const draftSpreads = async () => {
    const [newest] = await albumVersions(getDb(), STUDIO, galleryId, albumId, "Album");
    return { state: newest?.state, spreads: newest?.spreads.map((s) => [s.number, s.fileName]) };
  };

  beforeAll(async () => {
    dataDir = makeTempDir("studio-album-uploads-");
    setEnv({ DATA_DIR: dataDir });
    await closeDb();
    const db = getDb();
    await migrate(db);
    const owner = await createUploadOwner(db);
    galleryId = await createGallery(db, { title: "Priya weds Karthik" });
    const otherGalleryId = await createGallery(db, { title: "Another wedding" });
    ({ albumId } = await createAlbum(db, galleryId, "Priya and Karthik"));
    ({ albumId: otherAlbumId } = await createAlbum(db, otherGalleryId, "Their album"));
    uploads = createUploads(dataDir);
    const app = express();
    app.use(UPLOADS_PATH, uploads.handler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    session = {
      Cookie: owner.sessionCookie,
      [UPLOAD_CSRF_HEADER]: owner.csrf,
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
    };
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await closeDb();
    restoreEnv();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("an upload becomes a spread of the album's draft, at the number its name gives, before the answer", async () => {
    // Third of the files chosen, but its name says spread 7.
    expect((await upload("Priya-Karthik_07.jpg", await seededJpeg(71, 400, 200), albumId, 2)).status).toBe(204);
    // A name without a number takes its place among the files chosen.
    expect((await upload("cover.jpg", await seededJpeg(72, 400, 200), albumId, 0)).status).toBe(204);
    expect(await draftSpreads()).toEqual({
      state: "draft",
      spreads: [
        [1, "cover.jpg"],
        [7, "Priya-Karthik_07.jpg"],
      ],
    });
    // Made into the spread's files: nothing waits in the staging for a job.
    expect(fs.readdirSync(`${dataDir}/uploads`).filter((f) => !f.startsWith("."))).toEqual([]);
  });

  it("a file that is not an image is refused 422 with the reason shown beside its name, and is no spread", async () => {
    const refused = await upload("spread-03.jpg", Buffer.from("these are the couple's notes, not a spread"));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatch(/image/);
    expect((await draftSpreads()).spreads).not.toContainEqual([3, "spread-03.jpg"]);
  });

  it("an upload naming an album of another gallery is refused before a byte is sent", async () => {
    const refused = await upload("spread-04.jpg", await seededJpeg(74, 400, 200), otherAlbumId);
    expect(refused.status).toBe(404);
    expect(refused.body).toBe("That album no longer exists.");
    const [theirs] = await albumVersions(getDb(), STUDIO, galleryId, otherAlbumId, "Album");
    expect(theirs).toBeUndefined();
  });

  it("a finished upload whose instance died before making it a spread is made one when its uploader asks", async () => {
    const data = await seededJpeg(75, 400, 200);
    // The state a killed instance leaves: every byte staged, the tus hooks never run.
    const staged = new Upload({
      id: "lost-album-upload",
      size: data.length,
      offset: 0,
      metadata: spreadMetadata("spread 5.jpg", albumId, 4),
    });
    await uploads.store.create(staged);
    await uploads.store.write(Readable.from([data]), staged.id, 0);
    expect((await draftSpreads()).spreads).not.toContainEqual([5, "spread 5.jpg"]);

    const head = await request("HEAD", `${UPLOADS_PATH}/${staged.id}`, tus());
    expect((await draftSpreads()).spreads).toContainEqual([5, "spread 5.jpg"]);
    // Made a spread, its bytes are gone (finished uploads are never swept): the uploader hears
    // 404, sends the file again and hears the answer; the same file is the same one spread 5.
    expect(head.status).toBe(404);
    expect((await upload("spread 5.jpg", data, albumId, 4)).status).toBe(204);
    expect((await draftSpreads()).spreads?.filter(([n]) => n === 5)).toEqual([[5, "spread 5.jpg"]]);
  });
});
