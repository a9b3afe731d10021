// @ts-check
/**
 * Pins every chunk a release build's runtime loads to its sha384 (Subresource Integrity), so a chunk
 * changed after the release is refused by the browser instead of run.
 *
 * webpack-subresource-integrity cannot do this for a Module Federation container (it leaves
 * "unresolved integrity placeholders" in remoteEntry.js), so this is the small part we need:
 * - webpack's script loader (`__webpack_require__.l`, in each runtime: remoteEntry.js and the
 *   harness's main.js) sets `script.integrity` from a table of file name → hash;
 * - once every chunk's content and name are final (after realContentHash), the table of the hashes of
 *   every .js asset without a runtime is written into the runtimes. A file missing from the table
 *   gets an integrity that matches nothing, so it is refused too.
 * The runtime files themselves are pinned by whoever loads them: the host, from the rollout manifest.
 */
const { createHash } = require('node:crypto');

const NAME = 'PrdsChunkIntegrityPlugin';
const PLACEHOLDER = '"__PRDS_CHUNK_INTEGRITY__"';

/** @param {Buffer | string} content */
function sha384(content) {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

class ChunkIntegrityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        NAME,
        (source) =>
          `${source}\nscript.integrity = JSON.parse(${PLACEHOLDER})[url.slice(url.lastIndexOf("/") + 1).split("?")[0]] || "sha384-unpinned";`,
      );
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        (assets) => {
          /** @type {Record<string, string>} */
          const table = {};
          /** @type {Array<[string, string]>} */
          const runtimes = [];
          for (const [file, asset] of Object.entries(assets)) {
            if (!file.endsWith('.js')) continue;
            const text = asset.source().toString();
            if (text.includes(PLACEHOLDER)) runtimes.push([file, text]);
            else table[file.slice(file.lastIndexOf('/') + 1)] = sha384(asset.buffer());
          }
          const literal = JSON.stringify(JSON.stringify(table));
          for (const [file, text] of runtimes) {
            compilation.updateAsset(file, new webpack.sources.RawSource(text.split(PLACEHOLDER).join(literal)));
          }
        },
      );
    });
  }
}

module.exports = { ChunkIntegrityPlugin, sha384 };
