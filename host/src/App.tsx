import { BrowserRouter } from 'react-router-dom';
import { type ScopeMessages } from '@prds/shared/i18n';
import { LiveUpdates } from '@prds/shared/live';
import { AppProviders } from '@prds/shared/providers';
import { AppContent } from './AppContent';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext';
import { RolloutAccountSync } from './federation/RolloutAccountSync';
import { remoteLoader } from './federation/remoteLoaderInstance';
import { PreferenceCookies } from './layout/PreferenceCookies';

/**
 * What only the page does (its effects render nothing): keep the rollout and preference cookies in
 * step, and run the page's one live stream.
 */
function BrowserSync() {
  return (
    <>
      <RolloutAccountSync />
      <PreferenceCookies />
      <LiveUpdates />
    </>
  );
}

/**
 * The page. `initialMessages`: the first language's, already loaded, when it hydrates server HTML.
 * The server's render (server/renderPage.tsx) has the same two children under AppProviders, so
 * React's useId gives the same ids on both sides (a label's or a tab's id is its place in the tree).
 */
export function App({ initialMessages }: { readonly initialMessages?: ScopeMessages } = {}) {
  return (
    <AppProviders initialMessages={initialMessages}>
      <BrowserSync />
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <BrowserRouter>
          <AppContent />
        </BrowserRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>
  );
}
