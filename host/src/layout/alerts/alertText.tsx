import { useIntl, type IntlShape } from '@prds/shared/i18n';
import { type AlertItem, type AlertKind } from '@prds/shared/live';
import { paths } from '@prds/shared/routes';

/** Each kind's sentence; `{market}` is the market's title. One literal per kind (locales/keyScan.cjs). */
const ALERT_MESSAGES = {
  closingSoon: { id: 'host.alerts.kind.closingSoon' },
  resultConfirmed: { id: 'host.alerts.kind.resultConfirmed' },
  challengeOpened: { id: 'host.alerts.kind.challengeOpened' },
  voteOpened: { id: 'host.alerts.kind.voteOpened' },
  voteEndsSoon: { id: 'host.alerts.kind.voteEndsSoon' },
  claimable: { id: 'host.alerts.kind.claimable' },
  confirmWindowOpened: { id: 'host.alerts.kind.confirmWindowOpened' },
  confirmWindowEndsSoon: { id: 'host.alerts.kind.confirmWindowEndsSoon' },
} as const satisfies Record<AlertKind, { readonly id: string }>;

/** The alert as one sentence in the page language. */
export function alertText(intl: IntlShape, alert: AlertItem): string {
  const market = alert.event ?? intl.formatMessage({ id: 'common.market.untitled' }, { id: alert.marketId });
  return intl.formatMessage(ALERT_MESSAGES[alert.kind], { market });
}

export function useAlertText(alert: AlertItem): string {
  return alertText(useIntl(), alert);
}

/** Where the person acts on it: the portfolio's claims for something claimable, the market otherwise. */
export function alertLink(alert: AlertItem): string {
  return alert.kind === 'claimable' ? paths.portfolio() : paths.detail(alert.marketId);
}
