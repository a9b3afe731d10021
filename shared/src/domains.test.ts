import fs from 'node:fs';
import path from 'node:path';
import pkg from '../package.json';

// Issue 32: @prds/shared's domains are sub-paths, each shared as a singleton of its own
// (shared/webpack/sharedModules.cjs). Webpack puts into a sub-path's chunks every module its index
// reaches by relative imports, so a module two domains both reach that way would exist twice in the
// page (two stores, two contexts); and a domain that imports another which imports it back would have
// each one's chunk wait for the other's at load. Both are checked here on the sources.
const SRC = __dirname;
const DOMAINS = Object.entries(pkg.exports)
  .filter(([, file]) => /^\.\/src\/[a-z0-9]+\/index\.ts$/.test(file))
  .map(([key]) => key.slice(2));
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm;

function resolve(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const found = [`${base}.ts`, `${base}.tsx`, base, path.join(base, 'index.ts')].find(
    (file) => fs.existsSync(file) && fs.statSync(file).isFile(),
  );
  if (!found) throw new Error(`${path.relative(SRC, from)}: cannot resolve ${spec}`);
  return found;
}

/** Lines that import values (type-only imports are erased and load nothing). */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8').replace(/^(import|export) type [^;]*;/gm, '');
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]!);
}

/** The files a domain's index reaches by relative imports, and the domains it imports by sub-path. */
function reach(domain: string): { files: Set<string>; domains: Set<string> } {
  const files = new Set<string>();
  const domains = new Set<string>();
  const todo = [path.join(SRC, domain, 'index.ts')];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.json')) continue;
    for (const spec of valueImports(file)) {
      if (spec.startsWith('.')) todo.push(resolve(file, spec));
      else if (spec.startsWith('@prds/shared/') && DOMAINS.includes(spec.slice('@prds/shared/'.length))) {
        domains.add(spec.slice('@prds/shared/'.length));
      }
    }
  }
  return { files, domains };
}

describe('@prds/shared domains', () => {
  const reached = new Map(DOMAINS.map((domain) => [domain, reach(domain)]));

  it('each module belongs to one domain (another domain imports it by its sub-path)', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [domain, { files }] of reached) {
      for (const file of files) {
        const first = owner.get(file);
        if (first && !file.endsWith('.json')) twice.push(`${path.relative(SRC, file)}: ${first} and ${domain}`);
        owner.set(file, first ?? domain);
      }
    }
    expect(twice).toEqual([]);
  });

  it('domains import one another without a cycle', () => {
    const cycles: string[] = [];
    const visit = (domain: string, trail: string[]): void => {
      if (trail.includes(domain)) {
        cycles.push([...trail.slice(trail.indexOf(domain)), domain].join(' → '));
        return;
      }
      for (const next of reached.get(domain)!.domains) visit(next, [...trail, domain]);
    };
    for (const domain of DOMAINS) visit(domain, []);
    expect(cycles).toEqual([]);
  });
});
