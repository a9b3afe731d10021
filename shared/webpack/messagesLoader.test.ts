import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { keysUsedIn } from '../../locales/keyScan.cjs';

const repo = path.resolve(__dirname, '../..');
const sharedSrc = path.join(repo, 'shared/src');

/**
 * Runs the loader as webpack does, in plain Node (it imports the ES-module parser, which jest's
 * module system cannot), with a minimal loader context; answers the JSON it produced.
 */
function runLoader(app: string, lang: string, { query = '', isHost = false } = {}): Record<string, unknown> {
  const file = path.join(repo, 'locales', `${lang}.json`);
  const options = { appDir: path.join(repo, app), sharedSrc, isHost };
  const script = `
    const fs = require('node:fs');
    const loader = require(${JSON.stringify(path.join(__dirname, 'messagesLoader.cjs'))});
    loader.call({
      resourcePath: ${JSON.stringify(file)},
      resourceQuery: ${JSON.stringify(query)},
      getOptions: () => (${JSON.stringify(options)}),
      addContextDependency: () => undefined,
      async: () => (error, json) => {
        if (error) { console.error(error); process.exit(1); }
        process.stdout.write(json);
      },
    }, fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 26 })) as Record<
    string,
    unknown
  >;
}

describe('messagesLoader', () => {
  it("gives the host the keys the host and shared name, and a remote's own chunk the keys its sources name", () => {
    const shell = runLoader('host', 'en', { isHost: true });
    const own = runLoader('mfe-market', 'en', { query: '?messages=own' });
    expect(new Set(Object.keys(shell))).toEqual(keysUsedIn([sharedSrc, path.join(repo, 'host/src')]));
    expect(new Set(Object.keys(own))).toEqual(keysUsedIn([path.join(repo, 'mfe-market/src')]));
    expect(Object.keys(shell)).toContain('common.retry');
    expect(Object.keys(shell).some((key) => key.startsWith('market.'))).toBe(false);
    expect(Object.keys(own)).toContain('market.list.title');
  });

  it("gives a remote's harness (no query) only shared's keys", () => {
    const harness = runLoader('mfe-claim', 'en');
    expect(new Set(Object.keys(harness))).toEqual(keysUsedIn([sharedSrc]));
  });

  it('precompiles every message to the ICU AST react-intl formats', () => {
    const own = runLoader('mfe-market', 'fr', { query: '?messages=own' });
    const fr = JSON.parse(fs.readFileSync(path.join(repo, 'locales/fr.json'), 'utf8')) as Record<string, string>;
    const literal = Object.keys(own).find((key) => !/[{}<']/.test(fr[key] ?? '{'));
    expect(literal).toBeDefined();
    expect(own[literal ?? '']).toEqual([{ type: 0, value: fr[literal ?? ''] }]);
    const withArgument = Object.keys(own).find((key) => /\{\w+\}/.test(fr[key] ?? ''));
    expect(JSON.stringify(own[withArgument ?? ''])).toContain('"type":1');
    for (const ast of Object.values(own)) expect(Array.isArray(ast)).toBe(true);
  });
});
