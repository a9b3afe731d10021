import { keccak256, toUtf8Bytes } from "ethers";

/**
 * A challenge's evidence as the chain keeps it: the api stores the image (content-addressed by the
 * keccak256 of its bytes) and the text, and the challenge carries keccak256 of the JSON
 * `{"image": <image hash or null>, "text": <text as stored>}`, so anyone can check an evidence
 * against the chain. The api (/api/evidence/upload) and the devnet seed hash it here.
 */
export function evidenceImageHash(bytes: Uint8Array): string {
  return keccak256(bytes);
}

/** The bytes32 a challenge carries: `text` as the api stores it (normalizeMarketText of what was sent). */
export function evidenceHash(imageHash: string | null, text: string): string {
  return keccak256(toUtf8Bytes(JSON.stringify({ image: imageHash, text })));
}
