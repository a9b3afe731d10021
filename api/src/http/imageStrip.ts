import type { ImageMime } from "./imageType";

/**
 * An evidence image reduced to what draws it: chunks and segments that only carry data beside the
 * picture (text, EXIF with its GPS position, XMP, ICC profiles, thumbnails, private chunks) are
 * dropped, and the picture's own data may not be larger than its dimensions can need. Without this
 * a 1×1 PNG carried 2 MiB of private chunks into storage (issue 24). Runs on bytes sniffImage has
 * accepted (their structure holds together); answers null when the picture data is out of bounds.
 * An image with nothing to drop comes back byte for byte, so its hash stays the same.
 */
export function stripImage(bytes: Buffer, mime: ImageMime): Buffer | null {
  switch (mime) {
    case "image/png":
      return stripPng(bytes);
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/webp":
      return stripWebp(bytes);
  }
}

/** Slack for headers, tables and block framing beside the bound the pixels set. */
const SLACK = 4096;

/** Ancillary PNG chunks that change how the picture is drawn (transparency, colour, pixel size). */
const PNG_KEPT = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "sBIT", "pHYs"]);
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function stripPng(b: Buffer): Buffer | null {
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  const depth = b[24] ?? 8;
  const channels = PNG_CHANNELS[b[25] ?? 2] ?? 4;
  // Filtered scanlines (one filter byte each; an interlaced image has at most 7 passes of them),
  // deflated: stored blocks add 5 bytes per 65,535, zlib 6.
  const raw = height * (1 + Math.ceil((width * channels * depth) / 8)) + 7 * height;
  const kept: Buffer[] = [b.subarray(0, 8)];
  let data = 0;
  let pos = 8;
  while (pos < b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString("latin1", pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (PNG_KEPT.has(type)) kept.push(b.subarray(pos, end));
    if (type === "IDAT") data += length;
    pos = end;
  }
  if (data > raw + Math.ceil(raw / 65_535) * 5 + SLACK) return null;
  return sameOrJoined(b, kept);
}

function sameOrJoined(original: Buffer, parts: Buffer[]): Buffer {
  const total = parts.reduce((n, p) => n + p.length, 0);
  return total === original.length ? original : Buffer.concat(parts, total);
}

/**
 * JPEG markers kept: frames, tables, scans, restarts, and of the application segments only a JFIF
 * header without thumbnail (APP0, 16 bytes) and Adobe's colour transform (APP14), which decoders need
 * for CMYK and RGB files. EXIF (APP1: camera, GPS), ICC (APP2), XMP and comments go.
 */
function keepJpegSegment(marker: number, segment: Buffer): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker === 0xe0) return segment.length <= 2 + 2 + 14 && segment.toString("latin1", 4, 9) === "JFIF\0";
  if (marker === 0xee) return segment.toString("latin1", 4, 9) === "Adobe";
  return !(marker >= 0xe1 && marker <= 0xef);
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function stripJpeg(b: Buffer): Buffer | null {
  const kept: Buffer[] = [b.subarray(0, 2)];
  let pos = 2;
  let pixels = 0;
  let components = 3;
  let scanBytes = 0;
  while (pos < b.length) {
    const start = pos;
    while (b[pos] === 0xff) pos++;
    const marker = b[pos] ?? 0xd9;
    pos++;
    if (marker === 0xd9) {
      kept.push(b.subarray(start, pos));
      break;
    }
    const length = b.readUInt16BE(pos);
    let end = pos + length;
    if (SOF_MARKERS.has(marker)) {
      const height = b.readUInt16BE(pos + 3);
      const width = b.readUInt16BE(pos + 5);
      components = b[pos + 7] ?? 3;
      // Coded in 16×16 blocks at most (subsampled MCUs).
      pixels = Math.ceil(width / 16) * 16 * Math.ceil(height / 16) * 16;
    }
    if (marker === 0xda) {
      const scanStart = end;
      while (
        end + 1 < b.length &&
        !(b[end] === 0xff && b[end + 1] !== 0x00 && !((b[end + 1] ?? 0) >= 0xd0 && (b[end + 1] ?? 0) <= 0xd7))
      )
        end++;
      scanBytes += end - scanStart;
    }
    if (keepJpegSegment(marker, b.subarray(start, pos + length))) kept.push(b.subarray(start, end));
    pos = end;
  }
  // Huffman-coded 8×8 blocks: at most 64 coefficients of ≤ 27 bits each per block and component,
  // about 3.4 bytes a pixel; progressive files spread that over several scans.
  if (scanBytes > pixels * components * 4 + SLACK) return null;
  return sameOrJoined(b, kept);
}

/** WebP chunks that draw the picture; ICCP, EXIF, XMP and unknown chunks go (and their VP8X flags). */
const WEBP_KEPT = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"]);
const VP8X_METADATA_FLAGS = 0x20 | 0x08 | 0x04; // ICC, EXIF, XMP

function stripWebp(b: Buffer): Buffer | null {
  const kept: Buffer[] = [];
  let pixels = 0;
  let frames = 0;
  let data = 0;
  let pos = 12;
  while (pos < b.length) {
    const fourcc = b.toString("latin1", pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2);
    const body = pos + 8;
    if (WEBP_KEPT.has(fourcc)) {
      let chunk = b.subarray(pos, end);
      if (fourcc === "VP8X") {
        chunk = Buffer.from(chunk);
        chunk[8] = (chunk[8] ?? 0) & ~VP8X_METADATA_FLAGS;
        pixels = (chunk.readUIntLE(12, 3) + 1) * (chunk.readUIntLE(15, 3) + 1);
      }
      kept.push(chunk);
    }
    if (fourcc === "VP8 " && pixels === 0) pixels = (b.readUInt16LE(body + 6) & 0x3fff) * (b.readUInt16LE(body + 8) & 0x3fff);
    if (fourcc === "VP8L" && pixels === 0) {
      const bits = b.readUInt32LE(body + 1);
      pixels = ((bits & 0x3fff) + 1) * (((bits >>> 14) & 0x3fff) + 1);
    }
    if (fourcc === "ANMF") frames++;
    if (fourcc !== "VP8X" && WEBP_KEPT.has(fourcc)) data += size;
    pos = end;
  }
  // Lossless or lossy, a frame codes at most a few bytes a pixel (alpha included).
  if (data > pixels * Math.max(frames, 1) * 5 + SLACK) return null;
  const body = Buffer.concat(kept);
  if (body.length + 12 === b.length && body.equals(b.subarray(12))) return b;
  const head = Buffer.from(b.subarray(0, 12));
  head.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([head, body]);
}
