// Test helpers for the remotes' suites (`@prds/shared/testing`); never imported by product code.
import { act, fireEvent, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { EMPTY_USER_INFO, type FundItem, type Statics } from '../src/http/fetchUserInfo';
import type { LicenseView } from '../src/licenses/licenseTypes';
import { AppProviders } from '../src/providers/AppProviders';
import { queryKeys } from '../src/query/queryClient';
import { createStore, type PrdsStore } from '../src/state/store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderRemoteOptions {
  /** 'host' mounts the App as the host does: at the root, under its own `*` route. */
  readonly mount?: 'root' | 'host';
  readonly store?: PrdsStore;
  /** Adds `<output data-testid="location">` with the current path and search. */
  readonly withLocation?: boolean;
}

/** Renders a remote's `./App` at `path` inside the providers and router the host gives it. */
export function renderRemoteAt(App: ComponentType, path: string, options: RenderRemoteOptions = {}) {
  const { mount = 'root', store = createStore(), withLocation = false } = options;
  return render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        {mount === 'root' ? (
          <App />
        ) : (
          <Routes>
            <Route path="/" element={null} />
            <Route path="*" element={<App />} />
          </Routes>
        )}
        {withLocation && <LocationProbe />}
      </MemoryRouter>
    </AppProviders>,
  );
}

export interface DateTimeParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** 0–23, whatever clock the page's language shows. */
  readonly hour: number;
  readonly minute: number;
}

/**
 * Types a moment into a `DateTimeField` (found by its test id, once its picker has loaded) the way a
 * user does, segment by segment, in whatever order and clock the page's language shows them.
 */
export function fillDateTime(field: HTMLElement, parts: DateTimeParts): void {
  const segment = (type: string) => field.querySelector<HTMLElement>(`[data-type="${type}"]`);
  const typeInto = (element: HTMLElement, text: string) => {
    act(() => element.focus());
    for (const data of text) {
      act(() => {
        element.dispatchEvent(new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }));
      });
    }
  };
  const twelveHour = segment('dayPeriod') !== null;
  const values: Record<string, string> = {
    year: String(parts.year),
    month: String(parts.month).padStart(2, '0'),
    day: String(parts.day).padStart(2, '0'),
    hour: String(twelveHour ? parts.hour % 12 || 12 : parts.hour).padStart(2, '0'),
    minute: String(parts.minute).padStart(2, '0'),
  };
  for (const [type, text] of Object.entries(values)) {
    const element = segment(type);
    if (element === null) throw new Error(`the date-time field has no ${type} segment`);
    typeInto(element, text);
  }
  const period = segment('dayPeriod');
  // The day period's value is 0 (before noon) or 12: step it when it is the other one.
  if (period !== null && Number(period.getAttribute('aria-valuenow')) !== (parts.hour >= 12 ? 12 : 0)) {
    act(() => period.focus());
    fireEvent.keyDown(period, { key: 'ArrowUp' });
  }
  act(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * One fund-list entry as `/api/user/info` answers it: `balance` in base units, 18 decimals unless
 * told; the token's address does not matter to the pages' tests.
 */
export function fundItem(symbol: string, balance: string | bigint, decimals = 18): FundItem {
  return { symbol, address: '0x0000000000000000000000000000000000000000', decimals, balance: balance.toString() };
}

export interface SeededUserInfo {
  readonly account: string;
  /** The desired chain the page asks for (the devnet's '0x7a69' unless a test changed it). */
  readonly chainId: string;
  readonly fundData?: readonly FundItem[];
  readonly statics?: Statics;
}

/**
 * Puts an account's `/api/user/info` answer in a test's data cache, as if the api had just answered,
 * so `useUserInfo` (balances, funds) reads it without a server.
 */
export function seedUserInfo(queryClient: QueryClient, { account, chainId, fundData, statics }: SeededUserInfo): void {
  queryClient.setQueryData(queryKeys.userInfo(account, chainId), {
    fundData: fundData ?? EMPTY_USER_INFO.fundData,
    statics: statics ?? EMPTY_USER_INFO.statics,
  });
}

/**
 * A License as `/api/ticket/tokens` answers it for an owned, unlisted License of `owner`'s (a common
 * one with 10 uses, every property on); `patch` sets what a test is about.
 */
export function licenseView(owner: string, patch: Partial<LicenseView> & Pick<LicenseView, 'tokenId'>): LicenseView {
  return {
    type: 'common',
    number: Number(patch.tokenId),
    availableTimes: 10,
    properties: { tradable: true, rentable: true, usable: true },
    owner: owner.toLowerCase(),
    holder: owner.toLowerCase(),
    escrowed: false,
    state: 'unsold',
    user: null,
    rentEnd: null,
    salePrice: null,
    rentPricePerDay: null,
    rentMaxDays: null,
    rentMaxIssues: null,
    rentalMaxIssues: null,
    rentalIssuesUsed: null,
    marketsIssued: 0,
    mintPrice: (100n * 10n ** 18n).toString(),
    mintedAt: 1_800_000_000,
    relation: 'owner',
    ...patch,
  };
}
