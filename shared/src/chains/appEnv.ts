import { ACTIVE_CHAINS, type AppEnv, type ChainId } from './chains';
import { readEnv } from './buildEnv';

const APP_ENVS: readonly AppEnv[] = ['devnet', 'testnet', 'production'];

export function getAppEnv(): AppEnv {
  const value = readEnv('PRDS_ENV');
  return APP_ENVS.find((env) => env === value) ?? 'devnet';
}

export function getActiveChains(env: AppEnv = getAppEnv()): readonly ChainId[] {
  return ACTIVE_CHAINS[env];
}

export function getDefaultChainId(env: AppEnv = getAppEnv()): ChainId {
  const first = ACTIVE_CHAINS[env][0];
  if (first === undefined) throw new Error(`No active chain configured for env ${env}`);
  return first;
}

const DEFAULT_API_BASE_URL = 'http://127.0.0.1:8787';

export const API_BASE_URL: string = readEnv('PRDS_API_URL') || DEFAULT_API_BASE_URL;
