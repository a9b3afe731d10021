import type { ComponentType } from 'react';
import type { RemoteName } from '@prds/shared/routes';
import { remoteModuleId } from './remotes';
import { isRemoteLoadFailure } from './remoteLoadFailure';
import type { FederationRuntime } from './remoteLoaderTypes';

/** One try at a remote's `./App`: its component, or why not (a value, never a throw). */
export type RemoteAppAttempt =
  { readonly ok: true; readonly Component: ComponentType } | { readonly ok: false; readonly error: unknown };

function hasDefaultComponent(value: unknown): value is { default: ComponentType } {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const candidate = value.default;
  // Function components, classes, and React.memo/forwardRef objects are all renderable.
  return typeof candidate === 'function' || (typeof candidate === 'object' && candidate !== null && '$$typeof' in candidate);
}

/** Loads `<remote>/App` through the runtime and checks it has a component to render. */
export async function loadRemoteApp(runtime: FederationRuntime, remote: RemoteName): Promise<RemoteAppAttempt> {
  let module: unknown;
  try {
    module = await runtime.loadRemote(remoteModuleId(remote));
  } catch (error) {
    return { ok: false, error };
  }
  if (isRemoteLoadFailure(module)) return { ok: false, error: module.prdsRemoteLoadFailure.error };
  if (!hasDefaultComponent(module))
    return { ok: false, error: new Error(`${remote}/App has no component as its default export`) };
  return { ok: true, Component: module.default };
}
