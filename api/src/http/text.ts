import { hasBidiControls, normalizeMarketText } from "@prds/contracts/metadata";

/**
 * Stored texts are what @prds/contracts/metadata's normalizeMarketText makes of them (NFC,
 * meaningless invisible characters removed, trimmed of blank characters): the form, the seed and
 * the api store and hash one form. Control characters (other than tab and line breaks), interlinear annotation marks, bidi
 * embeddings/overrides/isolates and lone surrogates are refused: they have no place in a market's
 * text and are used to spoof what a reader sees.
 */
const CONTROL = /(?![\t\n\r])[\p{Cc}\ufff9-\ufffb]/u;

export function canonicalText(text: string): string {
  return normalizeMarketText(text);
}

export function hasForbiddenCharacters(text: string): boolean {
  return (
    CONTROL.test(text) || hasBidiControls(text) || /[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))
  );
}
