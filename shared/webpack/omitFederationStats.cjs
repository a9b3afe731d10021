// @ts-check
/**
 * Keeps Module Federation's build stats (mf-stats.json) out of a remote's build. The manifest plugin
 * emits them beside mf-manifest.json, and they name the building machine's paths (each shared
 * module's `import`, e.g. /home/ci/prds/shared/webpack/routerExports.mjs). Nothing reads them: the
 * federation runtime, the host's loader and `pnpm release` read mf-manifest.json, which holds no
 * path of the machine. So they are not shipped.
 */
const NAME = 'PrdsOmitFederationStatsPlugin';
const STATS_FILE = 'mf-stats.json';

class OmitFederationStatsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // After every optimizing stage, where the manifest plugin writes both files.
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        if (compilation.getAsset(STATS_FILE)) compilation.deleteAsset(STATS_FILE);
      });
    });
  }
}

module.exports = { OmitFederationStatsPlugin, STATS_FILE };
