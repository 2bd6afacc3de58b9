// The deterministic ZIP: a real unzip (Info-ZIP's, and Python's zipfile) opens it and finds the
// same names and bytes; any range equals the same bytes of the whole; ZIP64 records are written
// past the threshold (lowered here, so no 4 GB file is needed) and read back by both tools.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { parse as parseDisposition } from "content-disposition";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir } from "#fixtures/test-store.ts";
import { layoutZip, type ZipEntry, zipBytes, zipResponse, zipSize } from "./zip.server.ts";

const dir = makeTempDir("zip-test-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MODIFIED = new Date("2026-02-14T09:30:00Z");

function entry(name: string, data: Buffer): ZipEntry {
  return {
    name,
    size: data.length,
    crc32: crc32(data),
    modified: MODIFIED,
    async *read(start, end) {
      // Small chunks, so ranges cross chunk and entry boundaries.
      for (let at = start; at < end; at += 1000) yield data.subarray(at, Math.min(end, at + 1000));
    },
  };
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const FILES: [string, Buffer][] = [
  ["01 Nichayathartham/DSC_0001.jpg", randomBytes(5_000)],
  ["01 Nichayathartham/DSC_0002.jpg", randomBytes(12_345)],
  ["02 Muhurtham/Kalyanam – மணமக்கள்.jpg", randomBytes(777)],
  ["02 Muhurtham/empty.jpg", Buffer.alloc(0)],
];

function checkWithTools(file: string): void {
  expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
  execFileSync("python3", ["-m", "zipfile", "-t", file]);
  const out = path.join(dir, `out-${path.basename(file)}`);
  execFileSync("python3", ["-m", "zipfile", "-e", file, out]);
  for (const [name, data] of FILES) expect(fs.readFileSync(path.join(out, name)).equals(data)).toBe(true);
  const listed = execFileSync(
    "python3",
    ["-c", "import sys,zipfile;print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))", file],
    {
      encoding: "utf8",
    },
  );
  expect(listed.trim().split("\n")).toEqual(FILES.map(([name]) => name));
}

describe("layoutZip", () => {
  it("makes an archive unzip and Python open, with the names, order and bytes given", async () => {
    const layout = layoutZip(FILES.map(([n, d]) => entry(n, d)));
    const whole = await collect(zipBytes(layout));
    expect(whole.length).toBe(layout.size);
    expect(layout.zip64).toBe(false);
    const file = path.join(dir, "plain.zip");
    fs.writeFileSync(file, whole);
    checkWithTools(file);
  });

  it("is the same bytes and ETag for the same entries, another ETag for other content", async () => {
    const a = layoutZip(FILES.map(([n, d]) => entry(n, d)));
    const b = layoutZip(FILES.map(([n, d]) => entry(n, d)));
    expect((await collect(zipBytes(a))).equals(await collect(zipBytes(b)))).toBe(true);
    expect(a.etag).toBe(b.etag);
    const changed = layoutZip(FILES.map(([n, d], i) => entry(n, i === 1 ? randomBytes(d.length) : d)));
    expect(changed.etag).not.toBe(a.etag);
    expect(changed.size).toBe(a.size);
  });

  it("gives any range as the same bytes of the whole archive", async () => {
    const layout = layoutZip(FILES.map(([n, d]) => entry(n, d)));
    const whole = await collect(zipBytes(layout));
    const middle = Math.floor(layout.size / 2);
    for (const [start, end] of [
      [middle, layout.size],
      [0, 1],
      [29, 31],
      [middle - 3000, middle + 7000],
      [layout.size - 22, layout.size],
    ] as const) {
      expect((await collect(zipBytes(layout, start, end))).equals(whole.subarray(start, end))).toBe(true);
    }
  });

  it("writes ZIP64 records past the threshold, and both tools read them", async () => {
    const layout = layoutZip(
      FILES.map(([n, d]) => entry(n, d)),
      { zip64Threshold: 4096 },
    );
    expect(layout.zip64).toBe(true);
    const whole = await collect(zipBytes(layout));
    // The end records hold 0xFFFFFFFF and the real values are in the ZIP64 end record.
    expect(whole.readUInt32LE(whole.length - 22)).toBe(0x06054b50);
    expect(whole.readUInt32LE(whole.length - 22 + 16)).toBe(0xffff_ffff);
    expect(whole.readUInt32LE(whole.length - 22 - 20)).toBe(0x07064b50);
    const file = path.join(dir, "zip64.zip");
    fs.writeFileSync(file, whole);
    checkWithTools(file);
  });

  it("says an archive's length from names and sizes alone, ZIP64 included", async () => {
    const sized = FILES.map(([name, data]) => ({ name, size: data.length }));
    for (const options of [{}, { zip64Threshold: 4096 }]) {
      const whole = await collect(
        zipBytes(
          layoutZip(
            FILES.map(([n, d]) => entry(n, d)),
            options,
          ),
        ),
      );
      expect(zipSize(sized, options)).toBe(whole.length);
    }
  });

  it("refuses a name twice", () => {
    expect(() => layoutZip([entry("a.jpg", Buffer.alloc(1)), entry("a.jpg", Buffer.alloc(2))])).toThrow(/twice/);
  });
});

describe("zipResponse", () => {
  const layout = layoutZip(FILES.map(([n, d]) => entry(n, d)));
  const url = "http://studio.test/g/x/download/all.zip";

  it("answers the whole archive with its length, ETag and Accept-Ranges", async () => {
    const response = zipResponse(new Request(url), layout, "Anitha & Karthik.zip");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(layout.size));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("ETag")).toBe(layout.etag);
    expect(parseDisposition(response.headers.get("Content-Disposition") ?? "")).toEqual({
      type: "attachment",
      parameters: { filename: "Anitha & Karthik.zip" },
    });
    expect(Buffer.from(await response.arrayBuffer()).length).toBe(layout.size);
  });

  it("names a download in any script: its UTF-8 name beside an ASCII one for older clients", () => {
    const name = "மீரா & Karthik.zip";
    const header = zipResponse(new Request(url), layout, name).headers.get("Content-Disposition") ?? "";
    // The header is bytes: a name outside ASCII goes as filename* (RFC 8187), percent-encoded.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(parseDisposition(header).parameters.filename).toBe(name);
  });

  it("resumes from the middle with 206 when If-Range matches, and sends it all when it does not", async () => {
    const whole = await collect(zipBytes(layout));
    const half = Math.floor(layout.size / 2);
    const resumed = zipResponse(
      new Request(url, { headers: { Range: `bytes=${half}-`, "If-Range": layout.etag } }),
      layout,
      "all.zip",
    );
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get("Content-Range")).toBe(`bytes ${half}-${layout.size - 1}/${layout.size}`);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(whole.subarray(half))).toBe(true);
    const stale = zipResponse(
      new Request(url, { headers: { Range: `bytes=${half}-`, "If-Range": '"old"' } }),
      layout,
      "all.zip",
    );
    expect(stale.status).toBe(200);
    const past = zipResponse(new Request(url, { headers: { Range: `bytes=${layout.size}-` } }), layout, "all.zip");
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${layout.size}`);
  });
});
