import type { MessageDescriptor } from 'react-intl';
import type { LabelKey } from '@prds/api-schema/literals';
import type { BadgeTone } from '@prds/shared/ui';

/**
 * Every page that shows a market's state (home shelves, the market list and detail, the portfolio)
 * uses this one table. The api's `label.key` (api/README "State labels", spec §4) → what the badge says and its tone.
 * Keyed by the api's own `LabelKey`: a label the api can answer without an entry here does not compile.
 * One literal key per case so the locale tests see every key; `…Option` messages name the option
 * through `{option}`.
 */
export const MARKET_STATE_LABELS = {
  guaranteeing: { message: { id: 'common.marketState.guaranteeing' }, tone: 'success' },
  marketClosed: { message: { id: 'common.marketState.marketClosed' }, tone: 'warning' },
  waitingConfirmation: { message: { id: 'common.marketState.waitingConfirmation' }, tone: 'warning' },
  waitingGovernance: { message: { id: 'common.marketState.waitingGovernance' }, tone: 'warning' },
  appealing: { message: { id: 'common.marketState.appealing' }, tone: 'danger' },
  waitResult: { message: { id: 'common.marketState.waitResult' }, tone: 'warning' },
  eventFinished: { message: { id: 'common.marketState.eventFinished' }, tone: 'neutral' },
  eventCancelled: { message: { id: 'common.marketState.eventCancelled' }, tone: 'neutral' },
  void: { message: { id: 'common.marketState.void' }, tone: 'neutral' },
  invalid: { message: { id: 'common.marketState.invalid' }, tone: 'neutral' },
  confirmedEarlyOccurred: { message: { id: 'common.marketState.confirmedEarlyOccurred' }, tone: 'primary' },
  confirmedEarlyNotOccurred: { message: { id: 'common.marketState.confirmedEarlyNotOccurred' }, tone: 'primary' },
  confirmedEarlyOption: { message: { id: 'common.marketState.confirmedEarlyOption' }, tone: 'primary' },
  confirmedOccurred: { message: { id: 'common.marketState.confirmedOccurred' }, tone: 'primary' },
  confirmedNotOccurred: { message: { id: 'common.marketState.confirmedNotOccurred' }, tone: 'primary' },
  confirmedOption: { message: { id: 'common.marketState.confirmedOption' }, tone: 'primary' },
  challengingOccurred: { message: { id: 'common.marketState.challengingOccurred' }, tone: 'danger' },
  challengingNotOccurred: { message: { id: 'common.marketState.challengingNotOccurred' }, tone: 'danger' },
  challengingOption: { message: { id: 'common.marketState.challengingOption' }, tone: 'danger' },
  challengeFailedOccurred: { message: { id: 'common.marketState.challengeFailedOccurred' }, tone: 'neutral' },
  challengeFailedNotOccurred: { message: { id: 'common.marketState.challengeFailedNotOccurred' }, tone: 'neutral' },
  challengeFailedOption: { message: { id: 'common.marketState.challengeFailedOption' }, tone: 'neutral' },
  confirmedByGovernanceOccurred: { message: { id: 'common.marketState.confirmedByGovernanceOccurred' }, tone: 'neutral' },
  confirmedByGovernanceNotOccurred: { message: { id: 'common.marketState.confirmedByGovernanceNotOccurred' }, tone: 'neutral' },
  confirmedByGovernanceOption: { message: { id: 'common.marketState.confirmedByGovernanceOption' }, tone: 'neutral' },
  appealFailedOccurred: { message: { id: 'common.marketState.appealFailedOccurred' }, tone: 'neutral' },
  appealFailedNotOccurred: { message: { id: 'common.marketState.appealFailedNotOccurred' }, tone: 'neutral' },
  appealFailedOption: { message: { id: 'common.marketState.appealFailedOption' }, tone: 'neutral' },
} as const satisfies Record<LabelKey, { readonly message: MessageDescriptor; readonly tone: BadgeTone }>;

export type MarketLabelKey = LabelKey;

export function isMarketLabelKey(value: string): value is MarketLabelKey {
  return Object.hasOwn(MARKET_STATE_LABELS, value);
}
