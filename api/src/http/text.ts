/**
 * Stored texts are NFC (one byte form for what looks the same, so the same market text always
 * hashes the same) and trimmed. Control characters (other than tab and line breaks) and bidi
 * overrides are refused: they have no place in a market's text and are used to spoof what a
 * reader sees.
 */
const FORBIDDEN = /(?![\t\n\r])[\p{Cc}\u202a-\u202e\u2066-\u2069\ufff9-\ufffb]/u;

export function canonicalText(text: string): string {
  return text.normalize("NFC").trim();
}

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN.test(text) || /[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""));
}
