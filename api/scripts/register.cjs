// Lets plain `node` run the api's TypeScript (server, benchmarks) with the workspace's swc, so no
// extra TS runner is installed: the same hook the contracts package uses for its scripts.
require("@prds/contracts/swc-register");
