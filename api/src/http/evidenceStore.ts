import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Evidence images on disk, content-addressed: the file's name is the keccak256 of its bytes, under a
 * two-hex-digit fan-out folder. The same image uploaded twice is stored once; a file is written to a
 * temporary name and renamed into place, so a reader never sees half an image.
 */
export function evidencePath(dir: string, hash: string): string {
  const hex = hash.slice(2).toLowerCase();
  return path.join(dir, hex.slice(0, 2), hex);
}

export async function storeEvidenceFile(dir: string, hash: string, bytes: Buffer): Promise<void> {
  const target = evidencePath(dir, hash);
  try {
    await access(target);
    return; // already stored: same hash, same bytes
  } catch {
    // not there yet
  }
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, bytes, { flag: "wx" });
  await rename(temporary, target);
}

export async function readEvidenceFile(dir: string, hash: string): Promise<Buffer | null> {
  try {
    return await readFile(evidencePath(dir, hash));
  } catch {
    return null;
  }
}
