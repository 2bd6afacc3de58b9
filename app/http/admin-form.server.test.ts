// The admin's one-pass form reader: url-encoded bodies left readable for the action, multipart
// bodies streamed with the CSRF token checked before a file is kept, an oversized file skipped
// and named while the fields after it still arrive, and a body cut short refused.
import { describe, expect, it } from "vitest";
import { MAX_SOURCE_BYTES } from "#domain/media/constants.ts";
import { parseAdminForm } from "./admin-form.server.ts";

const TOKEN = "csrf-token";
const FIELD = "csrf";
const valid = (token: FormDataEntryValue | null) => token === TOKEN;

const URL_ = "http://studio.test/admin/settings";

function post(body: BodyInit, headers?: Record<string, string>): Request {
  return new Request(URL_, { method: "POST", body, headers });
}

/**
 * A multipart request whose body is plain bytes, as a server receives it. (undici's own
 * FormData stream throws "already closed" when its reader is cancelled early.)
 */
async function multipart(form: FormData, { cutBytes = 0, chunkBytes = 0 } = {}): Promise<Request> {
  const encoded = new Request(URL_, { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer()).subarray(0, -cutBytes || undefined);
  const headers = { "Content-Type": encoded.headers.get("Content-Type") ?? "" };
  if (chunkBytes === 0) return post(bytes, headers);
  // Arriving in odd-sized pieces, so boundaries and headers straddle them, as on a network.
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
  return new Request(URL_, { method: "POST", body: stream, headers, duplex: "half" } as RequestInit);
}

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
}

describe("parseAdminForm", () => {
  it("checks a url-encoded form's token and leaves the body for the action", async () => {
    const request = post(new URLSearchParams({ [FIELD]: TOKEN, name: "Nila" }));
    const parsed = await parseAdminForm(request, FIELD, valid);
    expect(parsed.form.get("name")).toBe("Nila");
    expect((await request.formData()).get("name")).toBe("Nila");
    expect(await statusOf(parseAdminForm(post(new URLSearchParams({ [FIELD]: "forged" })), FIELD, valid))).toBe(403);
  });

  it("reads a multipart form's fields and files", async () => {
    const body = new FormData();
    body.set(FIELD, TOKEN);
    body.set("name", "Nila Studio");
    body.set("logoFile", new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" }));
    body.set("aboutPhotoFile", new File([], "", { type: "application/octet-stream" }));
    const parsed = await parseAdminForm(await multipart(body), FIELD, valid);
    expect(parsed.form.get("name")).toBe("Nila Studio");
    const file = parsed.form.get("logoFile");
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe("logo.png");
    expect([...new Uint8Array(await (file as File).arrayBuffer())]).toEqual([1, 2, 3]);
    // An empty file input sends an empty part: nothing was chosen.
    expect(parsed.form.has("aboutPhotoFile")).toBe(false);
    expect(parsed.oversized).toEqual([]);
  });

  it.each([
    { arrives: "in one piece", chunkBytes: 0 },
    { arrives: "in odd-sized pieces", chunkBytes: 7_919 },
  ])(
    "skips a file over the limit, naming it, and keeps the fields and files after it ($arrives)",
    async ({ chunkBytes }) => {
      const body = new FormData();
      body.set(FIELD, TOKEN);
      body.set("before", "typed first");
      body.set("logoFile", new File([new Uint8Array(MAX_SOURCE_BYTES + 1)], "huge.tif", { type: "image/tiff" }));
      body.set("after", "typed later");
      body.set("posterFile", new File([new Uint8Array([9])], "small.jpg", { type: "image/jpeg" }));
      const parsed = await parseAdminForm(await multipart(body, { chunkBytes }), FIELD, valid);
      expect(parsed.oversized).toEqual([{ field: "logoFile", fileName: "huge.tif" }]);
      expect(parsed.form.get("before")).toBe("typed first");
      expect(parsed.form.get("after")).toBe("typed later");
      expect(parsed.form.has("logoFile")).toBe(false);
      expect((parsed.form.get("posterFile") as File).name).toBe("small.jpg");
    },
  );

  it("refuses a file sent without a valid token before keeping it", async () => {
    const forged = new FormData();
    forged.set(FIELD, "forged");
    forged.set("logoFile", new File([new Uint8Array(10)], "x.png"));
    expect(await statusOf(parseAdminForm(await multipart(forged), FIELD, valid))).toBe(403);
    const tokenless = new FormData();
    tokenless.set("logoFile", new File([new Uint8Array(10)], "x.png"));
    expect(await statusOf(parseAdminForm(await multipart(tokenless), FIELD, valid))).toBe(403);
  });

  it("refuses a body cut short instead of saving half a form", async () => {
    const body = new FormData();
    body.set(FIELD, TOKEN);
    body.set("name", "Nila Studio");
    expect(await statusOf(parseAdminForm(await multipart(body, { cutBytes: 20 }), FIELD, valid))).toBe(400);
  });

  it("refuses part headers that are not UTF-8 with 400, not an exception", async () => {
    const bytes = Buffer.from(
      `--x\r\nContent-Disposition: form-data; name="${FIELD}"\r\n\r\n${TOKEN}\r\n` +
        '--x\r\nContent-Disposition: form-data; name="logo"; filename="\xe9.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n',
      "latin1",
    );
    const request = post(bytes, { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await statusOf(parseAdminForm(request, FIELD, valid))).toBe(400);
  });
});
