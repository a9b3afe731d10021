// The public API of @prds/shared. Host and remotes import only from here.

// Chains and tokens
export {
  CHAINS,
  CHAIN_IDS,
  ACTIVE_CHAINS,
  isChainId,
  toChainId,
  getChainConfig,
  type ChainConfig,
  type ChainId,
  type ChainType,
  type NativeCurrency,
  type AppEnv,
} from './chains/chains';
export { getAppEnv, getActiveChains, getDefaultChainId, API_BASE_URL } from './chains/appEnv';
export { PLATFORM_TOKEN, PAY_TOKEN, TOKENS, MAX_UINT256, type TokenInfo, type TokenRole } from './chains/tokens';
// A market's texts: one normalization and one set of rules for the issue form, the api and the hash.
export {
  MARKET_CATEGORIES,
  normalizeMarketText,
  visibleTextKey,
  isBlankText,
  hasBidiControls,
  checkOptions,
  canonicalMetadata,
  metadataPreimage,
  type MarketCategory,
  type MarketMetadata,
  type MarketMetadataInput,
  type OptionsCheck,
  type OptionRule,
} from '@prds/contracts/metadata';

// State
export {
  deviceAtom,
  accountAtom,
  chainIdAtom,
  desireChainIdAtom,
  currentThemeAtom,
  langAtom,
  walletAtom,
  type WalletHandle,
} from './state/atoms';
export {
  atom,
  createStore,
  useAtom,
  useAtomValue,
  useSetAtom,
  prdsStore,
  StoreProvider,
  type Atom,
  type PrimitiveAtom,
  type WritableAtom,
  type PrdsStore,
} from './state/store';

// The browser's storage and settings, read safely (absent on the server)
export { readStorage, matchesMedia, browserLanguages } from './browserEnv';

// i18n
export {
  LANGUAGES,
  DEFAULT_LANG,
  LANG_STORAGE_KEY,
  isLangCode,
  languageDir,
  resolveInitialLang,
  type LangCode,
  type Language,
} from './i18n/languages';
export { I18nProvider, useLang, loadShellMessages } from './i18n/I18nProvider';
// A remote's own messages (the builds wrap its ./App in these: shared/webpack/remoteApp.tsx)
export {
  registerMessages,
  loadRegisteredScopes,
  type Messages,
  type MessagesLoader,
  type ScopeMessages,
} from './i18n/messageScopes';
export { MessagesScope } from './i18n/MessagesScope';
export { useDocumentTitle, documentTitleAtom } from './i18n/documentTitle';
export { FormattedMessage, useIntl, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

// Theme
export {
  dayTheme,
  nightTheme,
  THEMES,
  FONT_FAMILY,
  isThemeMode,
  type PrdsTheme,
  type ThemeMode,
  type ThemeColors,
} from './theme/tokens';
export { resolveInitialTheme, THEME_STORAGE_KEY, PREFERS_DARK_QUERY } from './theme/resolveInitialTheme';
export { ThemeProvider, useThemeMode, type ThemeModeControls } from './theme/ThemeProvider';
export { GlobalStyles, globalStyles } from './theme/GlobalStyles';
export { css, Global, useTheme, keyframes, type Theme } from '@emotion/react';
export { default as styled } from '@emotion/styled';

// Device
export {
  detectDevice,
  rootFontSize,
  TABLET_MIN_WIDTH,
  DESKTOP_MIN_WIDTH,
  DESIGN_WIDTH,
  MAX_ROOT_FONT_SIZE,
  type Device,
} from './device/device';
export { DeviceSync, useDeviceSync, applyDeviceToDocument } from './device/DeviceSync';

// Formatters
// Numbers and date-times in the page language: pages take them from useFormat() (or formatFor(locale)),
// so the locale-free functions below stay inside this package.
export { useFormat, formatFor, type Format } from './format/useFormat';
export { formatProbe } from './format/formatDateTime';
export { DEFAULT_DECIMALS } from './format/formatAmount';
export { fromUnits } from './format/fromUnits';
export { toBigNumber, INVALID_NUMBER, type Numeric } from './format/bigNumber';

// HTTP
export {
  createHttpClient,
  HTTP_TIMEOUT_MS,
  RELOAD_DEBOUNCE_MS,
  type ApiEnvelope,
  type FetchLike,
  type HttpClient,
  type HttpClientOptions,
} from './http/createHttpClient';
export { HttpError, isHttpError, type HttpErrorKind, type HttpErrorInit } from './http/HttpError';
export {
  fetchUserInfo,
  USER_INFO_PATH,
  EMPTY_USER_INFO,
  type UserInfo,
  type UserInfoRequest,
  type FundItem,
  type Statics,
} from './http/fetchUserInfo';
export { getApiClient, authRefusedAtom, retryAfterAuthRefused } from './http/apiClient';

// Routes: every path once, and the remotes that serve them
export {
  ROUTES,
  paths,
  PORTFOLIO_TABS,
  type RouteName,
  type PortfolioTab,
  type MarketListParams,
  type LicenseMarketParams,
  type PathId,
} from './routes/paths';
export { REMOTE_NAMES, isRemoteName, type RemoteName } from './routes/remoteNames';
/** What the shell passes every remote's ./App, and the host typecheck's test of a remote's declaration against it. */
export type { RemoteAppProps, RemoteAppFits } from './federation/remoteAppProps';
/** What a page reports about the remotes it loads (the host's staged rollout; api /api/rollout/report). */
export type { RolloutReportKind } from '@prds/api-schema';
export { RemoteRoutes } from './routes/RemoteRoutes';

// Providers and identity
export { AppProviders, type AppProvidersProps } from './providers/AppProviders';
export { SHARED_INSTANCE_ID, useSharedInstanceId } from './instance';

// UI kit
export { Page } from './ui/Page';
export { PageHeading, type PageHeadingProps } from './ui/PageHeading';
export { Card } from './ui/Card';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './ui/Button';
export { Input } from './ui/Input';
export { Select } from './ui/Select';
export { Tabs, type TabItem, type TabsProps } from './ui/Tabs';
export { ChartAttribution, TRADINGVIEW_URL } from './ui/ChartAttribution';
// A lightweight-charts chart's frame; the library itself stays in the remote's lazily loaded chunk.
export { useChart, chartTheme, CHART_DEFAULTS, type ChartSetup } from './ui/chart/useChart';
export { ChartCanvas, type ChartCanvasProps } from './ui/chart/ChartCanvas';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState';
export { Skeleton, type SkeletonProps } from './ui/Skeleton';
export { Badge, type BadgeTone } from './ui/Badge';
export { Spinner, type SpinnerProps } from './ui/Spinner';
export { ErrorNotice, type ErrorNoticeProps } from './ui/ErrorNotice';
export { visuallyHidden } from './ui/visuallyHidden';
export { tableAsCards } from './ui/tableAsCards';
// One paged table for every list of rows: columns (head, cell, alignment), the list's states, the pager, a phone's cards.
export { TableScroll, Table, CardTable } from './ui/table/tableStyles';
export { DataTable, type Column, type DataTableProps, type DataAttributes } from './ui/table/DataTable';
export { Pager, type PagerProps, type PagerMessages } from './ui/table/Pager';
export { ListState, type ListStateProps } from './ui/table/ListState';
export { PagedTable, usePagedQuery, type PagedTableProps, type PagedQuery, type PageOf } from './ui/table/PagedTable';
export { NotFoundPage, type NotFoundPageProps } from './ui/NotFoundPage';
export { Modal, FOCUSABLE_SELECTOR, type ModalProps } from './ui/Modal';
export { Muted, ErrorText } from './ui/text';
export { TopUpLink } from './ui/TopUpLink';
export { Field } from './ui/Field';
export { DateTimeField, type DateTimeFieldProps } from './ui/DateTimeField';
export { FileButton, type FileButtonProps } from './ui/FileButton';
export { QrCode } from './ui/QrCode';
export { Usdt } from './ui/Usdt';
export { CopyButton, type CopyButtonProps } from './ui/CopyButton';
export { useCopyText, type CopyState, type CopyTextOptions } from './ui/useCopyText';
export { UserText, userTextStyles, type UserTextProps } from './ui/UserText';
export { SharedProbe } from './probe/SharedProbe';
export { useIsConnected } from './state/useIsConnected';

// Wallet and chain (the connectors, ethers and the ABIs load lazily behind these)
export { useWallet, type WalletView } from './wallet/useWallet';
export { useUserInfo, type UserInfoView, type UserInfoOptions } from './wallet/useUserInfo';
export {
  connectWallet,
  disconnectWallet,
  cancelWalletConnect,
  switchNetwork,
  discoverWallets,
  listDevAccounts,
  selectDevAccount,
  readContract,
  readNativeBalance,
  readChainTime,
  marketOptionKeys,
} from './wallet/walletActions';
export { walletStatusAtom, walletErrorAtom, connectDialogOpenAtom, walletConnectUriAtom } from './wallet/walletState';
export { isWalletConnectAvailable } from './wallet/walletConnectAvailable';
export { ConnectWalletButton } from './wallet/ConnectWalletButton';
export { WALLET_STORAGE_KEY, readWalletChoice } from './wallet/storedChoice';
export { explorerTxUrl, explorerAddressUrl, shortAddress, isChainAvailable, isDevWalletAvailable } from './wallet/chainLinks';
export type { WalletOption, WalletChoice, WalletError, WalletStatus } from './wallet/walletTypes';
export { useTransaction, type TransactionControls } from './wallet/useTransaction';
export { usePayBalance } from './wallet/usePayBalance';
export { TransactionStatus, type TransactionStatusProps } from './wallet/TransactionStatus';
export {
  addTokenToWallet,
  watchableTokens,
  watchAssetRequest,
  TOKEN_ICON_PATHS,
  PAY_TOKEN_WATCH_CHAINS,
  type WatchAssetOutcome,
  type WatchAssetRequest,
} from './wallet/watchAsset';
export { AddTokenButton, type AddTokenButtonProps } from './wallet/AddTokenButton';
export {
  DEFAULT_TX_MESSAGES,
  type TxPhase,
  type TxState,
  type TxMessages,
  type TxResult,
  type TransactionRequest,
  type TransactionApproval,
  type SpentToken,
  type MovedNft,
} from './wallet/transactionTypes';
export type {
  Address,
  CheckedContract,
  ContractRef,
  FunctionArgs,
  FunctionResult,
  OptionalRole,
  ReadFunctionName,
  RequiredRole,
  Role,
  RoleOf,
  WriteFunctionName,
} from './contracts/contractTypes';
export { optionalContract } from './contracts/roles';

// Markets
export { MARKET_STATE_LABELS, isMarketLabelKey, type MarketLabelKey } from './markets/marketStateLabels';
export { MARKET_CATEGORY_LABELS } from './markets/marketCategoryLabels';
export {
  MARKET_LIST_STATUSES,
  MARKET_LIST_SORTS,
  marketQueryKeys,
  fetchMarkets,
  fetchMarketDetail,
  fetchMarketHistory,
  fetchMarketTrades,
  uploadEvidence,
  apiUrl,
  fetchIssueConfig,
  issueConfigQueryKey,
  type ProtocolConfig,
  type MarketOptionView,
  type MarketState,
  type MarketSummary,
  type MarketListStatus,
  type MarketListSort,
  type MarketListQuery,
  type MarketListPage,
  type MarketTabTotals,
  type Paged,
  type TrackRecord,
  type MarketDetail,
  type MarketDetailView,
  type PositionOptionView,
  type PositionView,
  type EvidenceView,
  type ChallengeStatus,
  type ChallengeView,
  type VoteChoiceView,
  type VoteBallotView,
  type VoteView,
  type OddsHistory,
  type OddsHistoryPoint,
  type TradeView,
  type UploadedEvidence,
} from './markets/marketApi';
export {
  OptionName,
  MarketEvent,
  Probability,
  formatProbability,
  leadingOptions,
  Countdown,
  useChainNow,
  MarketStateBadge,
  TradingEnds,
} from './markets/marketText';
export { formatMultiplier, PayoutMultiplier } from './markets/PayoutMultiplier';

// Licenses (types only: the fetchers live in the License remote, so none of it is in a first render)
export type {
  LicenseType,
  LicenseState,
  LicenseRelation,
  LicenseMarketKind,
  LicenseMarketSort,
  LicenseEventKind,
  LicenseView,
  LicenseSale,
  LicenseSaleType,
  LicensePacket,
  LicensePackets,
  LicenseEventView,
  LicenseMarketQuery,
  LicenseMarketPage,
  AccountLicensesPage,
  AccountLicensesQuery,
  LicenseTransactionsPage,
  LicenseTransactionsQuery,
} from './licenses/licenseTypes';

// Issuing (types only: the fetchers live in the issue remote)
export type { IssuedMarket, IssuedMarketsQuery, IssuedMarketsExtra, SubmittedMetadata, IssueConfig } from './issue/issueTypes';
export { fetchIssued, issuedQueryKey, type IssuedPage } from './issue/issuedApi';
// The portfolio's answers (types only: the fetchers live in the portfolio remote)
export type {
  BoughtStatus,
  HistoryKind,
  HoldingItem,
  HoldingTotals,
  DealtTrade,
  HistoryEntry,
  HistoryTotals,
  ClaimDue,
  ClaimTotals,
  ReferralReward,
  ReferralSummary,
  DailySnapshot,
  SnapshotsSummary,
} from './portfolio/portfolioTypes';

// The one data cache of the page
export { queryClient, queryKeys, type QueryKey } from './query/queryClient';
export { useQuery, useQueryClient, useMutation, useInfiniteQuery, keepPreviousData, hydrate } from '@tanstack/react-query';
export type { QueryClient, DehydratedState } from '@tanstack/react-query';

// Referral: the `?ref` a visitor arrived with, kept until their first buy (localStorage, 30 days).
export {
  REFERRAL_STORAGE_KEY,
  REFERRAL_TTL_MS,
  ZERO_ADDRESS,
  parseReferralAddress,
  captureReferral,
  readReferral,
  referrerForBuy,
  isOwnReferral,
  clearReferral,
  shareLink,
} from './referral/referral';
export { ReferralCapture } from './referral/ReferralCapture';

// Live updates: the page's one stream (the host mounts LiveUpdates once), its status, the alerts.
export * from './live';
