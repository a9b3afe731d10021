// One React Refresh runtime per page (issue 31, `pnpm dev`). The host's development build hooks it
// into React before react-dom loads (reactRefreshHook.cjs); a remote on a dev server, loaded into that
// page later, must register its components with the same runtime: a second copy hooked in after
// react-dom would never learn the renderer or the mounted roots, and an edit would change nothing.
// So every development build resolves `react-refresh/runtime` here, and the first container on the
// page lends its copy to the others through a page global. Hooking in twice is a no-op.
const PAGE_KEY = '__prdsReactRefreshRuntime';

if (!globalThis[PAGE_KEY]) {
  const runtime = require('prds-react-refresh-runtime');
  let hooked = false;
  globalThis[PAGE_KEY] = {
    ...runtime,
    injectIntoGlobalHook(target) {
      if (hooked) return;
      hooked = true;
      runtime.injectIntoGlobalHook(target);
    },
  };
}

module.exports = globalThis[PAGE_KEY];
