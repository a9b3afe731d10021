// The host's index.html as the web server answers a page: what it loads first (for Early Hints and
// preloads), and the same document with tags added to its head (the rollout block, link previews).
// The document is the host build's own; nothing here runs script or parses more than tags.

/** A file the host page loads before it renders: its scripts and stylesheets, in document order. */
export interface HostAsset {
  readonly href: string;
  readonly as: 'script' | 'style';
  /** The tag asks for a CORS request (`crossorigin`): a preload must ask the same way to be used. */
  readonly crossorigin: boolean;
}

const TAG = /<(script|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** The attributes of a tag's text (after its name): lowercase names, values unquoted. */
export function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name && !attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** The entities escapeHtml writes and a build may (numeric, and the five named ones). */
function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|quot|apos|lt|gt));/gi,
    (whole, dec?: string, hex?: string, name?: string) => {
      const code = dec !== undefined ? Number(dec) : hex !== undefined ? parseInt(hex, 16) : null;
      if (code !== null) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      return NAMED[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

/** The scripts (`<script src>`, not a data block) and stylesheets `html` loads, in order. */
export function hostAssetsOf(html: string): HostAsset[] {
  const assets: HostAsset[] = [];
  for (const match of html.matchAll(TAG)) {
    const attributes = attributesOf(match[2] ?? '');
    const crossorigin = attributes.has('crossorigin');
    if (match[1]?.toLowerCase() === 'script') {
      const src = attributes.get('src');
      const type = (attributes.get('type') ?? '').toLowerCase();
      if (src && (type === '' || type === 'text/javascript')) assets.push({ href: src, as: 'script', crossorigin });
    } else {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      if (href && rel.includes('stylesheet')) assets.push({ href, as: 'style', crossorigin });
    }
  }
  return assets;
}

/** Text for HTML: `&`, `<`, `>`, `"` and `'` escaped (safe in content and in quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The text of the document's <title>, or null. */
export function titleOf(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/i.exec(html);
  return match ? decodeEntities(match[1] ?? '') : null;
}

/**
 * `html` with `tags` added at the end of its head and, when `title` is given, its <title> text
 * replaced (escaped here). Throws when the document has no head: the host build is not what the
 * server expects, and a page without its rollout block would still work, so the caller sends the
 * file as built instead.
 */
export function withHead(html: string, { title, tags }: { readonly title?: string; readonly tags: readonly string[] }): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) throw new Error('the page has no </head>');
  let head = html.slice(0, end);
  if (title !== undefined) {
    head = /<title>[^<]*<\/title>/i.test(head)
      ? head.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
      : `${head}<title>${escapeHtml(title)}</title>`;
  }
  return `${head}${tags.join('')}${html.slice(end)}`;
}

/** A non-executed JSON block (`type="application/json"`): the CSP runs no inline script, and this is none. */
export function jsonBlock(id: string, json: string): string {
  if (/<\/script/i.test(json)) throw new Error('a JSON block must not contain </script');
  return `<script type="application/json" id="${escapeHtml(id)}">${json}</script>`;
}
