import { useContext, useSyncExternalStore, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { REMOTE_NAMES } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Button } from '@prds/shared/ui';
import { NO_DEV_OVERRIDES, withoutRemoteDev, type DevOverrideState, type DevRefusalReason } from '../federation/devOverride';
import { RemoteLoaderContext } from '../federation/RemoteLoaderContext';
import { Banner } from './Banner';

const REASONS = {
  'missing-at': { id: 'host.remoteDev.reason.missingAt' },
  'unknown-remote': { id: 'host.remoteDev.reason.unknownRemote' },
  'not-url': { id: 'host.remoteDev.reason.notUrl' },
  'not-http': { id: 'host.remoteDev.reason.notHttp' },
  'not-loopback': { id: 'host.remoteDev.reason.notLoopback' },
  'not-entry': { id: 'host.remoteDev.reason.notEntry' },
} as const satisfies Record<DevRefusalReason, { id: string }>;

const EXAMPLE = `mfe_market@http://127.0.0.1:3001/mf-manifest.json`;

const Lines = styled.ul`
  flex: 1 1 16em;
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-wrap: anywhere;
`;

/** A name or an address: kept left to right inside a right-to-left sentence. */
const Code = styled.bdi`
  font-family: ${({ theme }) => theme.font.mono};
`;

const code = (text: string): ReactNode => <Code dir="ltr">{text}</Code>;

const subscribeNever = () => () => undefined;

/**
 * Says on every page that remotes come from a local dev server (`?remote-dev=`, development builds
 * only) and which values were refused and why, with the one-click way back: the kept overrides are
 * forgotten and the page reloads without the param. In the page's flow under the header, so it
 * covers nothing (the footer's controls included).
 *
 * `leave` goes to an address (tests pass their own; the page replaces its history entry, so Back does
 * not return to the override's URL).
 */
export function RemoteDevBadge({ leave = (href: string) => window.location.replace(href) }: { leave?: (href: string) => void }) {
  const loader = useContext(RemoteLoaderContext);
  const intl = useIntl();
  // The server's render never has an override: a page hydrating its HTML shows the badge right after.
  const state: DevOverrideState = useSyncExternalStore(
    subscribeNever,
    () => loader.devOverrides?.() ?? NO_DEV_OVERRIDES,
    () => NO_DEV_OVERRIDES,
  );
  if (state.active.length === 0 && state.refused.length === 0) return null;
  const clear = () => {
    loader.clearDevOverrides?.();
    leave(withoutRemoteDev(window.location.href));
  };
  return (
    <Banner tone="warning" role="status" testId="remote-dev-badge">
      <Lines>
        {state.active.map(({ remote, origin }) => (
          <li key={remote} data-testid="remote-dev-active" data-remote={remote} data-origin={origin}>
            <FormattedMessage id="host.remoteDev.active" values={{ remote: code(remote), origin: code(origin) }} />
          </li>
        ))}
        {state.refused.map(({ value, reason }, index) => (
          <li key={`${index}:${value}`} data-testid="remote-dev-refused" data-reason={reason}>
            <FormattedMessage
              id="host.remoteDev.refused"
              values={{
                value: code(value),
                reason: intl.formatMessage(REASONS[reason], { example: EXAMPLE, names: REMOTE_NAMES.join(', ') }),
              }}
            />
          </li>
        ))}
      </Lines>
      <Button size="sm" variant="secondary" data-testid="remote-dev-clear" onClick={clear}>
        <FormattedMessage id="host.remoteDev.clear" />
      </Button>
    </Banner>
  );
}
