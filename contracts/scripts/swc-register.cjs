// Lets plain `node` run the TypeScript scripts (devnet, seed, generate) with the swc already in the
// workspace, so no extra TS runner has to be installed.
const fs = require("node:fs");
const { transformSync } = require("@swc/core");

require.extensions[".ts"] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, "utf8");
  const { code } = transformSync(source, {
    filename,
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  });
  module._compile(code, filename);
};
