import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useFormat } from '@prds/shared/format';
import { type HttpClient } from '@prds/shared/http';
import { useIntl } from '@prds/shared/i18n';
import { ALERTS_REFRESH_MS, alertsQueryKey, fetchAlerts } from '@prds/shared/live';
import { useQuery } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { useAlertReadState } from './alertReadState';
import { useBackgroundNotifications } from './backgroundNotifications';

// The panel's code loads on the first click, not with every page.
const AlertsPanel = lazy(() =>
  import(/* webpackChunkName: "alerts-panel" */ './AlertsPanel').then((m) => ({ default: m.AlertsPanel })),
);

const Anchor = styled.div`
  position: relative;
  flex-shrink: 0;
`;

const BellButton = styled.button`
  position: relative;
  width: 36px;
  height: 36px;
  display: inline-grid;
  place-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  svg {
    width: 18px;
    height: 18px;
  }
`;

const Count = styled.span`
  position: absolute;
  top: -6px;
  inset-inline-end: -6px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 11px;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 18px;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

/** The connected account's bell and panel (its own chunk: only a connected page needs it). */
export function AccountAlerts({ account, client }: { account: string; client?: HttpClient }) {
  const intl = useIntl();
  const format = useFormat();
  const alerts = useQuery({
    queryKey: alertsQueryKey(account),
    queryFn: () => fetchAlerts(account, client),
    // Alerts fall due as the chain's clock moves, not only on events: asked again, in the background too
    // (that is when a notification helps).
    refetchInterval: ALERTS_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const { read, markRead } = useAlertReadState(account);
  useBackgroundNotifications(alerts.data?.list, read);
  const unread = alerts.data?.list.filter((alert) => !read.has(alert.key)).length ?? 0;

  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (anchorRef.current && event.target instanceof Node && !anchorRef.current.contains(event.target)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <Anchor ref={anchorRef} data-testid="alerts">
      <BellButton
        ref={buttonRef}
        type="button"
        data-testid="alerts-bell"
        data-unread={unread}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'alerts-panel' : undefined}
        aria-label={intl.formatMessage({ id: 'host.alerts.bell' }, { count: unread })}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread > 0 && (
          <Count aria-hidden="true" data-testid="alerts-count">
            {unread > 99 ? '99+' : format.integer(unread)}
          </Count>
        )}
      </BellButton>
      {open && (
        <Suspense fallback={null}>
          <AlertsPanel alerts={alerts} read={read} markRead={markRead} onClose={close} />
        </Suspense>
      )}
    </Anchor>
  );
}
