// The wallet's lazy half: web3-react connectors, ethers and the contracts' ABIs. Loaded on the first
// connect (or a remembered one), a chain read or a transaction, never in a page's first render.
export {
  connect,
  disconnect,
  switchNetwork,
  selectDevAccount,
  cancelWalletConnect,
  currentSession,
  addChainParameter,
  type SwitchOutcome,
} from './session';
export { discoverInjectedWallets } from './eip6963';
export { listDevAccounts } from './devWalletProvider';
export { readContract, nativeBalance, contractAddress, latestBlockTime } from './chainAccess';
// How an option goes on chain (Markets.issue): needs keccak256, so it lives with ethers in this chunk.
export { optionKey } from '@prds/contracts/metadata-hash';
export { executeTransaction } from './transaction';
export { watchAsset } from './watchAsset';
