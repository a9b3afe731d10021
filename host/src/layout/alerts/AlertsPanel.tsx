import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { type AlertItem, type AlertsAnswer } from '@prds/shared/live';
import { styled } from '@prds/shared/theme';
import { Button, ErrorNotice, Skeleton, visuallyHidden } from '@prds/shared/ui';
import { alertLink, alertText } from './alertText';
import { useNotifyPermission } from './backgroundNotifications';

// Under the header at the window's end (the header is the panel's containing block: its backdrop
// filter makes it one), as wide as a phone allows.
const Panel = styled.div`
  position: fixed;
  top: calc(100% + 6px);
  inset-inline-end: 12px;
  z-index: 30;
  width: min(380px, calc(100vw - 24px));
  max-height: calc(100vh - 90px);
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  &:focus {
    outline: none;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const List = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.xs};
  list-style: none;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Item = styled(Link)`
  display: grid;
  grid-template-columns: 10px minmax(0, 1fr);
  gap: 2px ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  .alert-dot {
    grid-row: 1;
    align-self: center;
    width: 8px;
    height: 8px;
    border-radius: 50%;
  }
  &[data-unread='true'] .alert-dot {
    background: ${({ theme }) => theme.colors.primary};
  }
  .alert-text {
    grid-column: 2;
    overflow-wrap: anywhere;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  &[data-unread='true'] .alert-text {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  .alert-time {
    grid-column: 2;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Foot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.spacing.sm};
`;

export interface AlertsPanelProps {
  readonly alerts: {
    readonly data: AlertsAnswer | undefined;
    readonly error: unknown;
    readonly isError: boolean;
    readonly refetch: () => unknown;
  };
  readonly read: ReadonlySet<string>;
  readonly markRead: (keys: readonly string[]) => boolean;
  /** Closes the panel; true puts the focus back on the bell. */
  readonly onClose: (returnFocus: boolean) => void;
}

function AlertRow({ alert, unread, onOpen }: { alert: AlertItem; unread: boolean; onOpen: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <li>
      <Item to={alertLink(alert)} data-testid={`alert-${alert.key}`} data-kind={alert.kind} data-unread={unread} onClick={onOpen}>
        <span className="alert-dot" aria-hidden="true" />
        <span className="alert-text" dir="auto">
          {unread && (
            <Hidden>
              <FormattedMessage id="host.alerts.unread" />{' '}
            </Hidden>
          )}
          {alertText(intl, alert)}
        </span>
        <span className="alert-time">
          {alert.deadline === null ? (
            format.dateTime(alert.at)
          ) : (
            <FormattedMessage id="host.alerts.deadline" values={{ time: format.dateTime(alert.deadline) }} />
          )}
        </span>
      </Item>
    </li>
  );
}

/** The account's alerts, newest first, each a link to the place to act; unread ones marked. */
export function AlertsPanel({ alerts, read, markRead, onClose }: AlertsPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { permission, request } = useNotifyPermission();
  const [notSaved, setNotSaved] = useState(false);
  const remember = (keys: readonly string[]) => setNotSaved(!markRead(keys));
  const list = alerts.data?.list ?? [];
  const unread = list.filter((alert) => !read.has(alert.key));

  // Opened: the focus moves into the panel (Escape, handled by the bell, brings it back).
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  let body;
  if (alerts.isError && alerts.data === undefined) {
    body = (
      <Body>
        <ErrorNotice error={alerts.error} onRetry={() => void alerts.refetch()} data-testid="alerts-error" />
      </Body>
    );
  } else if (alerts.data === undefined) {
    body = (
      <Body>
        <Skeleton height="3em" />
      </Body>
    );
  } else if (list.length === 0) {
    body = (
      <Empty data-testid="alerts-empty">
        <FormattedMessage id="host.alerts.empty" />
      </Empty>
    );
  } else {
    body = (
      <List data-testid="alerts-list">
        {list.map((alert) => (
          <AlertRow
            key={alert.key}
            alert={alert}
            unread={!read.has(alert.key)}
            onOpen={() => {
              remember([alert.key]);
              onClose(false);
            }}
          />
        ))}
      </List>
    );
  }

  return (
    <Panel ref={panelRef} id="alerts-panel" role="dialog" aria-labelledby={titleId} tabIndex={-1} data-testid="alerts-panel">
      <Head>
        <h2 id={titleId}>
          <FormattedMessage id="host.alerts.title" />
        </h2>
        <Button
          variant="ghost"
          size="sm"
          data-testid="alerts-mark-all"
          disabled={unread.length === 0}
          onClick={() => remember(unread.map((alert) => alert.key))}
        >
          <FormattedMessage id="host.alerts.markAllRead" />
        </Button>
      </Head>
      {notSaved && (
        <Empty role="alert" data-testid="alerts-not-saved">
          <FormattedMessage id="host.alerts.readNotSaved" />
        </Empty>
      )}
      {body}
      {permission !== 'unsupported' && (
        <Foot data-testid="alerts-notify">
          {permission === 'default' && (
            <Button variant="secondary" size="sm" data-testid="alerts-notify-enable" onClick={() => void request()}>
              <FormattedMessage id="host.alerts.notifyEnable" />
            </Button>
          )}
          {permission === 'granted' && <FormattedMessage id="host.alerts.notifyOn" />}
          {permission === 'denied' && <FormattedMessage id="host.alerts.notifyBlocked" />}
        </Foot>
      )}
    </Panel>
  );
}
