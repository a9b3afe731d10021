// @ts-check
/**
 * The declarations of a remote's exposed modules, in Module Federation's folder layout (@mf-types/):
 * `<expose>.d.ts` per exposed module (`App.d.ts` for `./App`), re-exporting the declarations of its
 * source and of the remote's own files those name, under `compiled-types/` (paths as in the remote).
 *
 * Ours rather than MF's type plugin (`dts` in ModuleFederationPlugin, @module-federation/dts-plugin):
 * its host side takes the remotes from the host's build-time `remotes` and downloads each one's
 * `@mf-types.zip` over HTTP from the running remote, while our host registers its remotes at run
 * time from the rollout manifest (host/src/federation/remoteLoader.ts), so it has none to declare
 * and the typecheck would need the remotes served; and on the remote side the module a container
 * exposes as `./App` is shared/webpack/remoteApp.tsx, whose App is a webpack alias the plugin's tsc
 * cannot follow (and a file outside the remote's rootDir), so the remote's props would be lost.
 *
 * `./App`'s declaration is the remote's own App's (its src/App.tsx): remoteApp.tsx (and a release
 * build's releasedApp.tsx) render it with the props the host gives them, unchanged.
 *
 * Used by the production build (createConfig: dist/@mf-types beside remoteEntry.js, so a release
 * carries them) and by the host's typecheck (scripts/types/remoteTypes.mjs), which checks every
 * remote's ./App against what the host's RemoteApp passes.
 */
const fs = require('node:fs');
const path = require('node:path');

/** MF's names: the folder beside remoteEntry.js and the declarations of the sources inside it. */
const TYPES_FOLDER = '@mf-types';
const COMPILED_TYPES = 'compiled-types';

/**
 * A webpack config's federation options, as createConfig records them on the function it returns.
 * @param {string} dir the remote's folder (its webpack.config.cjs)
 * @returns {{ name: string, exposes: Record<string, string> }}
 */
function federationOf(dir) {
  const config = require(path.join(dir, 'webpack.config.cjs'));
  const federation = config?.prdsFederation;
  if (!federation) throw new Error(`${path.join(dir, 'webpack.config.cjs')} is not made by @prds/shared/webpack createConfig`);
  return federation;
}

/** './App' → 'App', './routes/prefetch' → 'routes/prefetch'. */
function exposeFile(key) {
  return key.replace(/^\.\//, '');
}

/** @param {string} from @param {string} to a module path without extension */
function relativeModule(from, to) {
  const rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Parsed files by name, shared by the programs of one process (the host's check emits every remote's). */
const parsedFiles = new Map();

/**
 * A compiler host that parses a file once per process: the remotes' programs share @prds/shared,
 * React's types and the libraries, which are most of each one's files.
 * @param {typeof import('typescript')} ts @param {import('typescript').CompilerOptions} options
 * @returns {import('typescript').CompilerHost}
 */
function cachingHost(ts, options) {
  const host = ts.createCompilerHost(options);
  // What parsing and binding depend on: the remotes' options, less the paths that name each remote.
  const { rootDir: _rootDir, configFilePath: _config, ...settings } = options;
  const optionsKey = JSON.stringify(settings);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const key = `${fileName}\0${JSON.stringify(languageVersion)}\0${optionsKey}`;
    let file = parsedFiles.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, ...rest);
      if (file) parsedFiles.set(key, file);
    }
    return file;
  };
  return host;
}

/**
 * The declarations of the modules `exposes` names (keys like './App', values relative to `dir`).
 * @param {{ dir: string, exposes: Record<string, string>, tsconfig?: string }} options
 * @returns {{ files: Map<string, string>, errors: string[] }} files: path inside @mf-types/ → text
 */
function exposedTypes({ dir, exposes, tsconfig = path.join(dir, 'tsconfig.json') }) {
  /** @type {typeof import('typescript')} */
  const ts = require('typescript');
  const root = path.resolve(dir);
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) return { files: new Map(), errors: [ts.flattenDiagnosticMessageText(read.error.messageText, '\n')] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig));
  /** @type {import('typescript').CompilerOptions} */
  const options = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    incremental: false,
    composite: false,
    tsBuildInfoFile: undefined,
    outDir: undefined,
    declarationDir: undefined,
    rootDir: root,
  };
  const exposed = Object.entries(exposes).map(([key, file]) => ({ key, file: path.resolve(root, file) }));
  const program = ts.createProgram({ rootNames: exposed.map(({ file }) => file), options, host: cachingHost(ts, options) });
  const checker = program.getTypeChecker();
  /** @type {Map<string, string>} */
  const files = new Map();
  /** @type {string[]} */
  const errors = [];
  const format = (/** @type {readonly import('typescript').Diagnostic[]} */ diagnostics) =>
    ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    });
  /** The declaration's path inside @mf-types/ of a source of the remote. */
  const compiledPath = (/** @type {string} */ source) =>
    [COMPILED_TYPES, ...path.relative(root, source).split(path.sep)].join('/').replace(/\.(tsx?|mts|cts)$/, '.d.ts');

  // The exposed sources, then every local file their declarations import (breadth first).
  const queue = exposed.map(({ file }) => file);
  const done = new Set();
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (done.has(file)) continue;
    done.add(file);
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) {
      errors.push(`${file}: a declaration of ${root}'s exposed modules names this file outside the remote`);
      continue;
    }
    const source = program.getSourceFile(file);
    if (!source) {
      errors.push(`${file}: not found`);
      continue;
    }
    /** @type {string} */
    let text;
    if (source.isDeclarationFile) {
      text = source.text;
    } else {
      let emitted = '';
      const result = program.emit(source, (_name, data) => (emitted = data), undefined, true);
      if (result.diagnostics.length > 0) errors.push(format(result.diagnostics));
      text = emitted;
    }
    files.set(compiledPath(file), text);
    // Relative imports and import types in the declaration: the remote's own files it needs.
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]*)\1/g)) {
      const resolved = ts.resolveModuleName(/** @type {string} */ (match[2]), file, options, ts.sys).resolvedModule;
      if (resolved && /\.(d\.ts|tsx?)$/.test(resolved.resolvedFileName)) queue.push(path.resolve(resolved.resolvedFileName));
    }
  }

  // One entry per exposed module, as MF's consumers import it (`<container>/<expose>`).
  for (const { key, file } of exposed) {
    const entry = `${exposeFile(key)}.d.ts`;
    const target = relativeModule(entry, compiledPath(file).replace(/\.d\.ts$/, ''));
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    const hasDefault = symbol ? checker.getExportsOfModule(symbol).some((s) => s.escapedName === 'default') : false;
    const lines = [
      `// ${key} of ${path.basename(root)} (${path.relative(root, file).split(path.sep).join('/')}), generated by @prds/shared/webpack remoteTypes.cjs`,
    ];
    if (key === './App')
      lines.push('// The container exposes it inside shared/webpack/remoteApp.tsx, which passes it the props it is given.');
    lines.push(`export * from '${target}';`);
    if (hasDefault) lines.push(`export { default } from '${target}';`);
    files.set(entry, `${lines.join('\n')}\n`);
  }
  return { files, errors };
}

/**
 * Writes `files` (exposedTypes) into `folder` (an @mf-types/ folder), replacing what it held.
 * @param {string} folder @param {Map<string, string>} files
 */
function writeTypes(folder, files) {
  fs.rmSync(folder, { recursive: true, force: true });
  for (const [file, text] of files) {
    const target = path.join(folder, ...file.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
}

/**
 * Emits the exposed modules' declarations into the build's output (`@mf-types/` beside
 * remoteEntry.js) as assets, so `pnpm release` carries them with the release. A declaration the
 * compiler cannot write fails the build.
 */
class RemoteTypesPlugin {
  /** @param {{ dir: string, exposes: Record<string, string> }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RemoteTypesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteTypesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { files, errors } = exposedTypes(this.options);
          for (const error of errors) compilation.errors.push(new WebpackError(`remote types: ${error}`));
          for (const [file, text] of files) compilation.emitAsset(`${TYPES_FOLDER}/${file}`, new sources.RawSource(text));
        },
      );
    });
  }
}

module.exports = { TYPES_FOLDER, COMPILED_TYPES, federationOf, exposedTypes, writeTypes, RemoteTypesPlugin };
