/**
 * The issuer writes the resolution source and URL: they become a link only when they are an absolute
 * http(s) URL (never `javascript:`, `data:` or a relative path), else they are shown as text.
 */
export function safeHttpUrl(text: string | null): string | null {
  if (text === null) return null;
  const value = text.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
