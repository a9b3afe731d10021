import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as pageQueryClient } from '../query/queryClient';
import { WalletController } from '../wallet/WalletController';
import { DeviceSync } from '../device/DeviceSync';
import { I18nProvider } from '../i18n/I18nProvider';
import { StoreProvider, type PrdsStore } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';

export interface AppProvidersProps {
  readonly children: ReactNode;
  /** Tests pass their own store; the page uses the one shared store. */
  readonly store?: PrdsStore;
  /** Shown until the first language's messages arrive. */
  readonly fallback?: ReactNode;
  /** Tests pass their own cache; the page uses the one shared cache. */
  readonly queryClient?: QueryClient;
}

/** Everything a page needs around it. The host renders it once; remotes inside the host never do. */
export function AppProviders({ children, store, fallback, queryClient = pageQueryClient }: AppProvidersProps) {
  return (
    <StoreProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <DeviceSync />
          <WalletController />
          <I18nProvider fallback={fallback}>{children}</I18nProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </StoreProvider>
  );
}
