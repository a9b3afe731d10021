import { encodeBytes32String, keccak256, toUtf8Bytes } from "ethers";
import { metadataPreimage, normalizeMarketText, type MarketMetadataInput } from "./metadata";

/**
 * The hash the chain keeps for a market's metadata: keccak256 of metadataPreimage — every field a
 * market page shows (event, category, options, description, resolution source, URL, content),
 * normalized. The api stores the metadata under it and shows a market only the metadata whose hash
 * is the market's, so nobody but the issuer decides what a market says.
 */
export function metadataHash(metadata: MarketMetadataInput): string {
  return keccak256(toUtf8Bytes(metadataPreimage(metadata)));
}

/** An option as stored on chain: its normalized text when it fits in 31 bytes, its hash otherwise. */
export function optionKey(text: string): string {
  const normalized = normalizeMarketText(text);
  const bytes = toUtf8Bytes(normalized);
  return bytes.length <= 31 ? encodeBytes32String(normalized) : keccak256(bytes);
}
