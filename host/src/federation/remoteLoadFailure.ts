import type { ComponentType } from 'react';

/**
 * What the runtime plugin hands back instead of a remote's module when loading failed. `default` is
 * still a component (so anything that renders the module shows the fallback), and the marker lets
 * the shell tell a failure from a real remote.
 */
export interface RemoteLoadFailureModule {
  readonly default: ComponentType<{ onRetry?: () => void }>;
  readonly prdsRemoteLoadFailure: { readonly id: string; readonly error: unknown };
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailureModule {
  return typeof value === 'object' && value !== null && 'prdsRemoteLoadFailure' in value;
}
