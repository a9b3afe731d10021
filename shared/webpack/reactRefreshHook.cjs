// First module of the host's development build: React Refresh's hook must be in place before react-dom
// loads, so a remote served by `pnpm dev` (webpack-dev-server with React Refresh) updates its
// components in place inside the whole site. A production build has no such entry.
require('react-refresh/runtime').injectIntoGlobalHook(globalThis);
