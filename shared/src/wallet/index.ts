// `@prds/shared/wallet`: Wallet and chain (the connectors, ethers and the ABIs load lazily behind these).
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Wallet and chain (the connectors, ethers and the ABIs load lazily behind these)
export { useWallet, type WalletView } from './useWallet';
export { useUserInfo, type UserInfoView, type UserInfoOptions } from './useUserInfo';
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
} from './walletActions';
export { walletStatusAtom, walletErrorAtom, connectDialogOpenAtom, walletConnectUriAtom } from './walletState';
export { isWalletConnectAvailable } from './walletConnectAvailable';
export { ConnectWalletButton } from './ConnectWalletButton';
export { WALLET_STORAGE_KEY, readWalletChoice } from './storedChoice';
export { explorerTxUrl, explorerAddressUrl, shortAddress, isChainAvailable, isDevWalletAvailable } from './chainLinks';
export type { WalletOption, WalletChoice, WalletError, WalletStatus } from './walletTypes';
export { useTransaction, type TransactionControls } from './useTransaction';
export { usePayBalance } from './usePayBalance';
export { TransactionStatus, type TransactionStatusProps } from './TransactionStatus';
export {
  addTokenToWallet,
  watchableTokens,
  watchAssetRequest,
  TOKEN_ICON_PATHS,
  PAY_TOKEN_WATCH_CHAINS,
  type WatchAssetOutcome,
  type WatchAssetRequest,
} from './watchAsset';
export { AddTokenButton, type AddTokenButtonProps } from './AddTokenButton';
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
} from './transactionTypes';
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
} from '../contracts/contractTypes';
export { optionalContract } from '../contracts/roles';

// Used by other domains of @prds/shared (not the pages).
export { WalletController } from './WalletController';
