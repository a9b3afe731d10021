/**
 * What an uploaded file really is, from its bytes: a PNG, JPEG or WebP whose magic bytes match and
 * whose container structure holds together (chunk / segment lengths inside the file, the required
 * header and image data present, nothing after the end marker). The file name and the declared
 * content type are never trusted: a renamed text file or a truncated image is refused.
 */
export type ImageMime = "image/png" | "image/jpeg" | "image/webp";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_CHUNKS = 100_000;

function ascii(bytes: Buffer, start: number, length: number): string {
  return bytes.subarray(start, start + length).toString("latin1");
}

function isPng(b: Buffer): boolean {
  if (b.length < 8 + 25 + 12 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  // The first chunk is IHDR (13 bytes) with a non-zero width and height.
  if (b.readUInt32BE(8) !== 13 || ascii(b, 12, 4) !== "IHDR") return false;
  if (b.readUInt32BE(16) === 0 || b.readUInt32BE(20) === 0) return false;
  let pos = 8;
  let sawData = false;
  for (let n = 0; n < MAX_CHUNKS; n++) {
    if (pos + 12 > b.length) return false;
    const length = b.readUInt32BE(pos);
    const type = ascii(b, pos + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    const next = pos + 12 + length;
    if (next > b.length) return false;
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return sawData && length === 0 && next === b.length;
    pos = next;
  }
  return false;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function isJpeg(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  let pos = 2;
  let sawFrame = false;
  let sawScan = false;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return false;
    while (b[pos] === 0xff) pos++; // fill bytes
    const marker = b[pos];
    pos++;
    if (marker === undefined) return false;
    if (marker === 0xd9) return sawFrame && sawScan && pos === b.length; // EOI ends the file
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (pos + 2 > b.length) return false;
    const length = b.readUInt16BE(pos);
    if (length < 2 || pos + length > b.length) return false;
    if (SOF_MARKERS.has(marker)) {
      if (length < 8 || b.readUInt16BE(pos + 3) === 0 || b.readUInt16BE(pos + 5) === 0) return false;
      sawFrame = true;
    }
    pos += length;
    if (marker === 0xda) {
      if (!sawFrame) return false;
      sawScan = true;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (
        pos + 1 < b.length &&
        !(b[pos] === 0xff && b[pos + 1] !== 0x00 && !((b[pos + 1] ?? 0) >= 0xd0 && (b[pos + 1] ?? 0) <= 0xd7))
      )
        pos++;
      if (pos + 1 >= b.length) return false;
    }
  }
  return false;
}

function isWebp(b: Buffer): boolean {
  if (b.length < 20 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return false;
  if (b.readUInt32LE(4) + 8 !== b.length) return false;
  let pos = 12;
  let first = true;
  let sawImage = false;
  while (pos < b.length) {
    if (pos + 8 > b.length) return false;
    const fourcc = ascii(b, pos, 4);
    const size = b.readUInt32LE(pos + 4);
    const data = pos + 8;
    if (data + size > b.length) return false;
    if (first && !["VP8 ", "VP8L", "VP8X"].includes(fourcc)) return false;
    if (fourcc === "VP8L" && (size < 5 || b[data] !== 0x2f)) return false;
    // A lossy frame's key-frame start code.
    if (fourcc === "VP8 " && (size < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a)) return false;
    if (fourcc === "VP8X" && size < 10) return false;
    if (fourcc === "VP8 " || fourcc === "VP8L" || fourcc === "ANMF") sawImage = true;
    first = false;
    pos = data + size + (size % 2); // chunks are padded to even length
  }
  return pos === b.length && sawImage;
}

export function sniffImage(bytes: Buffer): ImageMime | null {
  if (isPng(bytes)) return "image/png";
  if (isJpeg(bytes)) return "image/jpeg";
  if (isWebp(bytes)) return "image/webp";
  return null;
}
