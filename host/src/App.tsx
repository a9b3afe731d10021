import { BrowserRouter } from 'react-router-dom';
import { AppProviders, type ScopeMessages } from '@prds/shared';
import { AppContent } from './AppContent';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext';
import { RolloutAccountSync } from './federation/RolloutAccountSync';
import { remoteLoader } from './federation/remoteLoaderInstance';
import { PreferenceCookies } from './layout/PreferenceCookies';

/** The page. `initialMessages`: the first language's, already loaded, when it hydrates server HTML. */
export function App({ initialMessages }: { readonly initialMessages?: ScopeMessages } = {}) {
  return (
    <AppProviders initialMessages={initialMessages}>
      <RolloutAccountSync />
      <PreferenceCookies />
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <BrowserRouter>
          <AppContent />
        </BrowserRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>
  );
}
