import { existsSync, readFileSync } from "node:fs";
import { keccak256, toUtf8Bytes } from "ethers";
import { ERRORS } from "../src/http/errors";
import { evidencePath } from "../src/http/evidenceStore";
import { MAX_IMAGE_BYTES } from "../src/http/routes/evidence";
import { listen, request, startHttpHarness, type HttpHarness } from "./helpers/http";
import { GIF, JPEG, png, WEBP_LOSSLESS, WEBP_VP8X } from "./helpers/httpImages";
import { dumpTables } from "./helpers/httpRows";

/**
 * /api/evidence/upload (multipart; PNG/JPEG/WebP checked by content, ≤ 2 MiB on this route only,
 * stored content-addressed), GET /api/evidence/:hash and /api/evidence/detail.
 */
let h: HttpHarness;
let base: string;

interface Uploaded {
  evidenceHash: string;
  imageHash: string | null;
  imageUrl: string | null;
  mime: string | null;
  size: number;
  text: string;
}

function upload(parts: { image?: { bytes: Buffer; name?: string; type?: string; field?: string }; text?: string }) {
  const form = new FormData();
  if (parts.text !== undefined) form.set("text", parts.text);
  if (parts.image) {
    const { bytes, name = "evidence.png", type = "image/png", field = "image" } = parts.image;
    form.set(field, new Blob([bytes], { type }), name);
  }
  return request<Uploaded>(base, "POST", "/api/evidence/upload", { body: form });
}

const hashOf = (image: string | null, text: string) => keccak256(toUtf8Bytes(JSON.stringify({ image, text }))).toLowerCase();

beforeAll(async () => {
  h = await startHttpHarness("evidence");
  base = await listen(h.app);
});
afterAll(async () => h?.close());

describe("accepted images", () => {
  test.each([
    ["PNG", png(), "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["WebP (VP8X with alpha)", WEBP_VP8X, "image/webp"],
    ["WebP (lossless)", WEBP_LOSSLESS, "image/webp"],
  ])("%s: stored content-addressed, hash = keccak256 of {image, text}", async (_name, bytes, mime) => {
    const text = "The referee's report, page 2";
    // The declared type is ignored: the bytes decide.
    const r = await upload({ image: { bytes, name: "whatever.bin", type: "application/octet-stream" }, text });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    const imageHash = keccak256(bytes).toLowerCase();
    expect(r.body.data).toEqual({
      evidenceHash: hashOf(imageHash, text),
      imageHash,
      imageUrl: `/api/evidence/${imageHash}`,
      mime,
      size: bytes.length,
      text,
    });
    expect(readFileSync(evidencePath(h.config.evidenceDir, imageHash)).equals(bytes)).toBe(true);
    expect(
      await h.db.kysely.selectFrom("evidence_files").selectAll().where("hash", "=", imageHash).executeTakeFirst(),
    ).toMatchObject({ mime, size: bytes.length });
    expect(
      await h.db.kysely.selectFrom("evidence").selectAll().where("hash", "=", hashOf(imageHash, text)).executeTakeFirst(),
    ).toMatchObject({
      image_hash: imageHash,
      text,
    });

    // Served back with its type, never sniffed as anything else.
    const served = await fetch(`${base}/api/evidence/${imageHash}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(mime);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test("the same image twice is stored once; another text is another evidence", async () => {
    const bytes = png(8, 8, [1, 2, 3]);
    const imageHash = keccak256(bytes).toLowerCase();
    const first = await upload({ image: { bytes }, text: "one" });
    const second = await upload({ image: { bytes, name: "copy.png" }, text: "one" });
    const third = await upload({ image: { bytes }, text: "two" });
    expect(second.body.data).toEqual(first.body.data);
    expect(third.body.data.imageHash).toBe(imageHash);
    expect(third.body.data.evidenceHash).not.toBe(first.body.data.evidenceHash);
    const files = await h.db.kysely.selectFrom("evidence_files").selectAll().where("hash", "=", imageHash).execute();
    expect(files).toHaveLength(1);
    expect(await h.db.kysely.selectFrom("evidence").selectAll().where("image_hash", "=", imageHash).execute()).toHaveLength(2);
  });

  test("text-only evidence: image null in the hash", async () => {
    const r = await upload({ text: "  Witness statement  " });
    expect(r.body.data).toEqual({
      evidenceHash: hashOf(null, "Witness statement"),
      imageHash: null,
      imageUrl: null,
      mime: null,
      size: 0,
      text: "Witness statement",
    });
  });

  test("an image of exactly 2 MiB is accepted", async () => {
    const bytes = png(2, 2, [9, 9, 9], MAX_IMAGE_BYTES);
    expect(bytes.length).toBe(MAX_IMAGE_BYTES);
    const r = await upload({ image: { bytes } });
    expect([r.status, r.body.code, r.body.data.size]).toEqual([200, 0, MAX_IMAGE_BYTES]);
  });

  test("/api/evidence/detail answers a stored evidence by its hash", async () => {
    const bytes = png(3, 3);
    const up = await upload({ image: { bytes }, text: "detail" });
    const r = await h.post("/api/evidence/detail", { hash: up.body.data.evidenceHash.toUpperCase().replace("0X", "0x") });
    expect(r.body).toMatchObject({
      code: 0,
      data: {
        hash: up.body.data.evidenceHash,
        imageHash: up.body.data.imageHash,
        imageUrl: up.body.data.imageUrl,
        text: "detail",
      },
    });
  });
});

describe("refused uploads change nothing", () => {
  const wrongImages: [string, Buffer][] = [
    ["a text file renamed .png", Buffer.from("hello, this is not an image\n")],
    ["HTML", Buffer.from("<html><script>alert(1)</script></html>")],
    ["a GIF", GIF],
    ["a truncated PNG", png().subarray(0, 40)],
    ["a PNG with bytes after IEND", Buffer.concat([png(), Buffer.from("<script>")])],
    ["a JPEG with HTML after its end", Buffer.concat([JPEG, Buffer.from("<html></html>")])],
    ["a WebP whose RIFF size lies", Buffer.concat([WEBP_LOSSLESS, Buffer.alloc(4)])],
    ["only a PNG signature", png().subarray(0, 8)],
  ];
  test.each(wrongImages)("%s → 422 imageInvalid", async (_name, bytes) => {
    const before = await dumpTables(h.db);
    const r = await upload({ image: { bytes, name: "evidence.png", type: "image/png" }, text: "x" });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: ERRORS.imageInvalid.code,
      msg: "api.error.imageInvalid",
      data: null,
      extra: { field: "image" },
    });
    expect(await dumpTables(h.db)).toEqual(before);
    expect(existsSync(evidencePath(h.config.evidenceDir, keccak256(bytes)))).toBe(false);
  });

  test("above 2 MiB → 413 fileTooLarge", async () => {
    const before = await dumpTables(h.db);
    const bytes = png(2, 2, [7, 7, 7], MAX_IMAGE_BYTES + 1);
    const r = await upload({ image: { bytes }, text: "big" });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: ERRORS.fileTooLarge.code, msg: "api.error.fileTooLarge", data: null });
    const huge = await upload({ image: { bytes: Buffer.alloc(5 * 1024 * 1024, 1) } });
    expect([huge.status, huge.body.code]).toEqual([413, ERRORS.fileTooLarge.code]);
    expect(await dumpTables(h.db)).toEqual(before);
  });

  test("nothing to store → 422 evidenceEmpty; JSON → 400 multipartRequired; other mistakes → 400", async () => {
    const before = await dumpTables(h.db);
    expect((await upload({ text: "   " })).body.code).toBe(ERRORS.evidenceEmpty.code);
    expect((await upload({ image: { bytes: Buffer.alloc(0) } })).body.code).toBe(ERRORS.evidenceEmpty.code);
    const json = await h.post("/api/evidence/upload", { text: "hi" });
    expect([json.status, json.body.code]).toEqual([400, ERRORS.multipartRequired.code]);
    const wrongField = await upload({ image: { bytes: png(), field: "file" } });
    expect([wrongField.status, wrongField.body.code]).toEqual([400, ERRORS.invalidBody.code]);
    const longText = await upload({ text: "x".repeat(2001) });
    expect([longText.status, longText.body.code]).toEqual([400, ERRORS.invalidBody.code]);
    const control = await upload({ text: "bad\u0000text" });
    expect([control.status, control.body.code]).toEqual([422, ERRORS.textInvalid.code]);
    expect(await dumpTables(h.db)).toEqual(before);
  });

  test("GET of an unknown or malformed hash → 404 envelope", async () => {
    for (const path of [
      `/api/evidence/0x${"0".repeat(64)}`,
      "/api/evidence/not-a-hash",
      "/api/evidence/..%2F..%2Fetc%2Fpasswd",
    ]) {
      const r = await request(base, "GET", path);
      expect([r.status, r.body.code]).toEqual([404, ERRORS.evidenceNotFound.code]);
    }
    const detail = await h.post("/api/evidence/detail", { hash: `0x${"0".repeat(64)}` });
    expect([detail.status, detail.body.code]).toEqual([404, ERRORS.evidenceNotFound.code]);
  });
});
