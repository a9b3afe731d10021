import { startTransition, useCallback, useContext, useEffect, useState, type ComponentType } from 'react';
import { type RemoteAppProps } from '@prds/shared/federation';
import { type RemoteName } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Spinner } from '@prds/shared/ui';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { RemoteLoaderContext } from './RemoteLoaderContext';
import type { RemoteLoadResult } from './remoteLoader';

const Loading = styled.div`
  min-height: 3rem;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * What every remote's `./App` is rendered with. The host's typecheck holds each remote's published
 * declaration of `./App` to this contract (scripts/types/remoteTypes.mjs writes the check).
 */
const REMOTE_APP_PROPS: RemoteAppProps = {};

function RemoteLoading() {
  return (
    <Loading data-testid="remote-loading">
      <Spinner size="0.32rem" />
    </Loading>
  );
}

/**
 * Mounts a remote's `./App` inside the shell's router and providers. Each retry is a new attempt:
 * the loader drops whatever the failed attempt left cached, and the error boundary is remounted.
 */
export function RemoteApp({ remote }: { remote: RemoteName }) {
  const remoteLoader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  // A result belongs to the attempt that loaded it: another remote or a retry shows the loading state
  // until its own load answers.
  const [settled, setSettled] = useState<{
    readonly remote: RemoteName;
    readonly attempt: number;
    readonly result: RemoteLoadResult;
  } | null>(() => {
    // A load that has ended already (the page hydrating server HTML waited for it; the server's own
    // loader) renders in the first pass, as the server did.
    const ready = remoteLoader.peek?.(remote) ?? null;
    return ready === null ? null : { remote, attempt: 0, result: ready };
  });
  const result = settled !== null && settled.remote === remote && settled.attempt === attempt ? settled.result : null;

  useEffect(() => {
    let current = true;
    remoteLoader.load(remote).then((loaded) => {
      if (!current) return;
      if (loaded.status === 'failed') console.error(`Remote ${remote} failed to load (${loaded.reason})`, loaded.error);
      // A transition: a remote page whose lazy chunks are loaded already (the route prefetch asked
      // for them) renders in this pass. An urgent update would commit its Suspense fallback first,
      // and React holds the content back until 300 ms after a fallback was shown.
      startTransition(() => setSettled({ remote, attempt, result: loaded }));
    });
    return () => {
      current = false;
    };
  }, [remoteLoader, remote, attempt]);

  // A retry starts the remote from scratch (fresh manifest, entry and module), also after a render
  // crash. Merely navigating back to a crashed remote re-renders the module already loaded.
  const retry = useCallback(() => {
    remoteLoader.invalidate(remote);
    setAttempt((n) => n + 1);
  }, [remoteLoader, remote]);

  // A render crash marks that version bad for this visitor; when the rollout has another version to
  // offer (a crashing canary, stable behind it), it is loaded at once instead of showing the fallback.
  const version = result?.status === 'ready' ? result.version : null;
  const renderFailed = useCallback(() => {
    if (version !== null && remoteLoader.renderFailed(remote, version)) setAttempt((n) => n + 1);
  }, [remoteLoader, remote, version]);

  if (!result) return <RemoteLoading />;
  if (result.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const Component: ComponentType<RemoteAppProps> = result.Component;
  return (
    <RemoteErrorBoundary key={attempt} fallback={<RemoteFallback onRetry={retry} />} onError={renderFailed}>
      <Component {...REMOTE_APP_PROPS} />
    </RemoteErrorBoundary>
  );
}
