import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { keccak256, toUtf8Bytes } from "ethers";
import { ERRORS } from "../src/http/errors";
import { evidencePath } from "../src/http/evidenceStore";
import { MAX_IMAGE_BYTES } from "../src/http/routes/evidence";
import { listen, request, startHttpHarness, type HttpHarness } from "./helpers/http";
import { sweepUnclaimedContent } from "../src/http/contentSweep";
import { GIF, JPEG, png, pngChunk, WEBP_LOSSLESS, WEBP_VP8X } from "./helpers/httpImages";
import { dumpTables, insertMarket, insertMetadata } from "./helpers/httpRows";

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

  test("an upload of exactly 2 MiB is accepted (and its padding chunk dropped)", async () => {
    const bytes = png(2, 2, [9, 9, 9], MAX_IMAGE_BYTES);
    expect(bytes.length).toBe(MAX_IMAGE_BYTES);
    const r = await upload({ image: { bytes } });
    expect([r.status, r.body.code, r.body.data.size]).toEqual([200, 0, png(2, 2, [9, 9, 9]).length]);
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

describe("only the picture is stored (issue 24: a 1×1 PNG carried 2 MiB of private chunks)", () => {
  /** The stored file and its row for an upload's answer. */
  const stored = async (imageHash: string) => ({
    file: readFileSync(evidencePath(h.config.evidenceDir, imageHash)),
    row: await h.db.kysely.selectFrom("evidence_files").selectAll().where("hash", "=", imageHash).executeTakeFirstOrThrow(),
  });

  test("a 1×1 PNG with 2 MiB of random private chunks: stored as the bare 1×1 PNG", async () => {
    const clean = png(1, 1, [10, 20, 30]);
    const random = randomBytes(MAX_IMAGE_BYTES - clean.length - 12 - 200);
    const padded = Buffer.concat([
      clean.subarray(0, -12),
      pngChunk("prVt", random),
      pngChunk("tEXt", Buffer.from("Comment\0hi")),
      clean.subarray(-12),
    ]);
    expect(padded.length).toBeGreaterThan(2 * 1024 * 1024 - 300);
    const r = await upload({ image: { bytes: padded }, text: "padded" });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    const imageHash = keccak256(clean).toLowerCase();
    expect(r.body.data).toMatchObject({ imageHash, size: clean.length, evidenceHash: hashOf(imageHash, "padded") });
    const { file, row } = await stored(imageHash);
    expect(file.equals(clean)).toBe(true);
    expect(row.size).toBe(clean.length);
  });

  test("JPEG: EXIF (camera, GPS), XMP and comments dropped, the picture kept byte for byte", async () => {
    const segment = (marker: number, body: Buffer) => {
      const head = Buffer.from([0xff, marker, 0, 0]);
      head.writeUInt16BE(body.length + 2, 2);
      return Buffer.concat([head, body]);
    };
    const exif = segment(0xe1, Buffer.concat([Buffer.from("Exif\0\0"), randomBytes(60_000)]));
    const comment = segment(0xfe, Buffer.from("shot on a phone at 51.5N 0.1W"));
    const withMetadata = Buffer.concat([JPEG.subarray(0, 2), exif, comment, JPEG.subarray(2)]);
    const r = await upload({ image: { bytes: withMetadata, name: "photo.jpg", type: "image/jpeg" } });
    expect([r.status, r.body.code, r.body.data.mime, r.body.data.size]).toEqual([200, 0, "image/jpeg", JPEG.length]);
    expect((await stored(r.body.data.imageHash ?? "")).file.equals(JPEG)).toBe(true);
  });

  test("WebP: EXIF and unknown chunks dropped, their VP8X flag cleared", async () => {
    const chunk = (fourcc: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(fourcc, 0, "latin1");
      head.writeUInt32LE(body.length, 4);
      return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
    };
    const extra = Buffer.concat([chunk("EXIF", randomBytes(40_001)), chunk("JUNK", randomBytes(30_000))]);
    const withMetadata = Buffer.concat([WEBP_VP8X, extra]);
    withMetadata.writeUInt32LE(withMetadata.length - 8, 4);
    withMetadata[20] = (withMetadata[20] ?? 0) | 0x08; // VP8X: has EXIF
    const r = await upload({ image: { bytes: withMetadata, name: "a.webp", type: "image/webp" } });
    expect([r.status, r.body.code, r.body.data.size]).toEqual([200, 0, WEBP_VP8X.length]);
    expect((await stored(r.body.data.imageHash ?? "")).file.equals(WEBP_VP8X)).toBe(true);
  });

  test("picture data larger than its dimensions can need → 422 imageInvalid, nothing stored", async () => {
    const before = await dumpTables(h.db);
    // A 1×1 PNG whose IDAT carries 100 KiB after its deflate stream.
    const clean = png(1, 1);
    const idatStart = 8 + 25;
    const idatLength = clean.readUInt32BE(idatStart);
    const idat = Buffer.concat([clean.subarray(idatStart + 8, idatStart + 8 + idatLength), randomBytes(100 * 1024)]);
    const bloated = Buffer.concat([clean.subarray(0, idatStart), pngChunk("IDAT", idat), clean.subarray(-12)]);
    const r = await upload({ image: { bytes: bloated }, text: "bloated" });
    expect([r.status, r.body.code]).toEqual([422, ERRORS.imageInvalid.code]);
    expect(await dumpTables(h.db)).toEqual(before);
  });
});

describe("evidence and metadata no challenge or market carries are removed after their window", () => {
  const WINDOW = () => h.config.evidenceWindowSeconds;
  const rows = async (table: "evidence" | "evidence_files", hash: string) =>
    (await h.db.kysely.selectFrom(table).select("hash").where("hash", "=", hash).execute()).length;

  test("an unreferenced upload is kept through its window, then its row and file are gone", async () => {
    const bytes = png(5, 5, [4, 5, 6]);
    const uploadedAt = Math.floor(Date.now() / 1000);
    const up = await upload({ image: { bytes }, text: "nobody files this challenge" });
    const { evidenceHash, imageHash } = up.body.data;
    const file = evidencePath(h.config.evidenceDir, imageHash ?? "");
    expect(existsSync(file)).toBe(true);

    await sweepUnclaimedContent(h.db, h.config, uploadedAt + WINDOW() - 5);
    expect([await rows("evidence", evidenceHash), await rows("evidence_files", imageHash ?? ""), existsSync(file)]).toEqual([
      1,
      1,
      true,
    ]);

    const swept = await sweepUnclaimedContent(h.db, h.config, uploadedAt + WINDOW() + 5);
    expect(swept.evidence).toBeGreaterThanOrEqual(1);
    expect([await rows("evidence", evidenceHash), await rows("evidence_files", imageHash ?? ""), existsSync(file)]).toEqual([
      0,
      0,
      false,
    ]);
    const detail = await h.post("/api/evidence/detail", { hash: evidenceHash });
    expect(detail.body.code).toBe(ERRORS.evidenceNotFound.code);
  });

  test("evidence a challenge carries is kept, however old, and so is its image", async () => {
    const bytes = png(6, 6, [7, 8, 9]);
    const uploadedAt = Math.floor(Date.now() / 1000);
    const up = await upload({ image: { bytes }, text: "the challenge's evidence" });
    const { evidenceHash, imageHash } = up.body.data;
    await h.db.kysely
      .insertInto("challenges")
      .values({
        market_id: 1,
        idx: 0,
        challenger: `0x${"c".repeat(40)}`,
        option: 1,
        known_at: uploadedAt,
        evidence_hash: evidenceHash,
        stake: "0",
        status: "Open",
        prds_returned: null,
        compensation: null,
        compensation_claimed: 0,
        filed_at: uploadedAt,
        tx_hash: `0x${"d".repeat(64)}`,
      })
      .execute();
    await sweepUnclaimedContent(h.db, h.config, uploadedAt + 100 * WINDOW());
    expect([await rows("evidence", evidenceHash), await rows("evidence_files", imageHash ?? "")]).toEqual([1, 1]);
    expect(existsSync(evidencePath(h.config.evidenceDir, imageHash ?? ""))).toBe(true);
  });

  test("metadata no market carries goes after its window (from submission or review); a market's stays", async () => {
    const created = 1_700_000_000; // insertMetadata's submission time
    const window = h.config.metadataWindowSeconds;
    const referenced = await insertMarket(h.db, { id: 901, now: created, event: "Referenced market?" });
    const orphan = await insertMetadata(h.db, { event: "Never issued?", options: ["Yes", "No"], category: "other" });
    const reviewed = await insertMetadata(h.db, { event: "Reviewed late?", options: ["Yes", "No"], category: "other" });
    await h.db.kysely
      .updateTable("market_metadata")
      .set({ reviewed_at: created + window })
      .where("hash", "=", reviewed)
      .execute();
    const present = async () =>
      (
        await h.db.kysely
          .selectFrom("market_metadata")
          .select("hash")
          .where("hash", "in", [referenced, orphan, reviewed])
          .execute()
      )
        .map((r) => r.hash)
        .sort();

    await sweepUnclaimedContent(h.db, h.config, created + window - 5);
    expect(await present()).toEqual([referenced, orphan, reviewed].sort());
    await sweepUnclaimedContent(h.db, h.config, created + window + 5);
    expect(await present()).toEqual([referenced, reviewed].sort());
    await sweepUnclaimedContent(h.db, h.config, created + 2 * window + 5);
    expect(await present()).toEqual([referenced]);
  });
});
