import * as shared from './index';

// The seam other rooms build on (notes/shared-api.md): removing or renaming any of these breaks them.
const AGREED = [
  'CHAINS',
  'ACTIVE_CHAINS',
  'getAppEnv',
  'PLATFORM_TOKEN',
  'PAY_TOKEN',
  'MAX_UINT256',
  'fundDataAtom',
  'staticsAtom',
  'deviceAtom',
  'accountAtom',
  'chainIdAtom',
  'desireChainIdAtom',
  'currentThemeAtom',
  'langAtom',
  'walletAtom',
  'useAtom',
  'useAtomValue',
  'useSetAtom',
  'atom',
  'createStore',
  'StoreProvider',
  'prdsStore',
  'LANGUAGES',
  'I18nProvider',
  'FormattedMessage',
  'useIntl',
  'defineMessages',
  'dayTheme',
  'nightTheme',
  'resolveInitialTheme',
  'ThemeProvider',
  'useThemeMode',
  'styled',
  'css',
  'Global',
  'useTheme',
  'detectDevice',
  'rootFontSize',
  'DeviceSync',
  'formatAmount',
  'formatCompact',
  'formatShort',
  'formatRate',
  'fromUnits',
  'createHttpClient',
  'HttpError',
  'fetchUserInfo',
  'API_BASE_URL',
  'AppProviders',
  'SHARED_INSTANCE_ID',
  'Page',
  'PageHeading',
  'Card',
  'Button',
  'Input',
  'Select',
  'Tabs',
  'EmptyState',
  'Skeleton',
  'Badge',
  'Spinner',
  'ErrorNotice',
] as const;

describe('@prds/shared public API', () => {
  it.each(AGREED)('exports %s', (name) => {
    expect(shared[name]).toBeDefined();
  });

  it('defaults: devnet env, devnet desire chain, api on 127.0.0.1:8787', () => {
    expect(shared.getAppEnv()).toBe('devnet');
    expect(shared.prdsStore.get(shared.desireChainIdAtom)).toBe('0x7a69');
    expect(shared.API_BASE_URL).toBe('http://127.0.0.1:8787');
  });
});
