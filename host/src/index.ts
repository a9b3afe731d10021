import { hasEmbeddedManifest, ROLLOUT_MANIFEST_URL, startEarlyFetch } from './federation/earlyFetch';

// The rollout manifest is the first step of every remote route. The web server puts it into the
// page (a JSON block); without one (another server), ask for it while the shared modules and the
// bootstrap chunk load (remoteLoaderInstance takes this answer).
if (!hasEmbeddedManifest()) startEarlyFetch(ROLLOUT_MANIFEST_URL);

// Async boundary: shared singletons (react, @prds/shared, …) are negotiated by the federation
// runtime before any code that imports them runs.
import('./bootstrap');
