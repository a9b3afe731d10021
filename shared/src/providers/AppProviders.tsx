import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as pageQueryClient } from '@prds/shared/query';
import { WalletController } from '@prds/shared/wallet';
import { DeviceSync } from '@prds/shared/theme';
import { I18nProvider } from '@prds/shared/i18n';
import type { ScopeMessages } from '@prds/shared/i18n';
import { StoreProvider, type PrdsStore } from '@prds/shared/state';
import { ThemeProvider } from '@prds/shared/theme';

export interface AppProvidersProps {
  readonly children: ReactNode;
  /** Tests pass their own store; the page uses the one shared store. */
  readonly store?: PrdsStore;
  /** Shown until the first language's messages arrive. */
  readonly fallback?: ReactNode;
  /** Tests pass their own cache; the page uses the one shared cache. */
  readonly queryClient?: QueryClient;
  /** The first language's messages, already loaded (a server render and the page hydrating it). */
  readonly initialMessages?: ScopeMessages;
}

/** Everything a page needs around it. The host renders it once; remotes inside the host never do. */
export function AppProviders({ children, store, fallback, queryClient = pageQueryClient, initialMessages }: AppProvidersProps) {
  return (
    <StoreProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <DeviceSync />
          <WalletController />
          <I18nProvider fallback={fallback} initialMessages={initialMessages}>
            {children}
          </I18nProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </StoreProvider>
  );
}
