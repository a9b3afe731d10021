import fs from 'node:fs';
import path from 'node:path';
import en from '@prds/locales/en.json';

// Message ids appear in the host as string literals ('host.nav.home', "common.retry").
const KEY_PATTERN = /['"]((?:host|common)\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('host message keys', () => {
  const used = new Set<string>();
  for (const file of sourceFiles(__dirname)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(KEY_PATTERN)) used.add(match[1] ?? '');
  }

  it('finds the keys the shell uses', () => {
    expect(used.has('host.nav.home')).toBe(true);
    expect(used.has('common.retry')).toBe(true);
  });

  it('has every key the shell uses in the English locale', () => {
    const messages: Record<string, string> = en;
    const missing = [...used].filter((key) => !(key in messages));
    expect(missing).toEqual([]);
  });
});
