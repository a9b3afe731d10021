/**
 * The api's portfolio answers as types only (api/README "Calls"): `/api/bought`, `/api/user-dealt`,
 * `/api/user/history`, `/api/user/claims`, `/api/referral/rewards` and `/api/user/snapshots`, for the
 * portfolio remote. Types only, so nothing of the portfolio reaches another page's first render: the
 * fetchers live in the portfolio remote. Amounts are decimal strings of 18-decimal token units (wei).
 */

import type {
  BoughtExtra,
  BoughtItem,
  ClaimItem,
  ClaimsExtra,
  DealtItem,
  ReferralExtra,
  ReferralItem,
  SnapshotItem,
  SnapshotsExtra,
  UserHistoryExtra,
  UserHistoryItem,
} from '@prds/api-schema';
import type { Answer } from '@prds/api-schema';

export type { BoughtStatus, HistoryKind } from '@prds/api-schema/literals';
/** One market the account holds a position in, with the position's figures (ARCHITECTURE "Position figures"). */
export type HoldingItem = BoughtItem;
/** `/api/bought`'s totals over every market the account is in. */
export type HoldingTotals = Answer<typeof BoughtExtra>['totals'];
/** One buy of the account (`/api/user-dealt`). */
export type DealtTrade = DealtItem;
/** One USDT movement of the account's positions (`/api/user/history`). */
export type HistoryEntry = UserHistoryItem;
export type HistoryTotals = UserHistoryExtra['totals'];
/** What the protocol owes the account in one market (`/api/user/claims`). */
export type ClaimDue = ClaimItem;
export type ClaimTotals = ClaimsExtra['totals'];
/** A referrer's share in one market (`/api/referral/rewards`). */
export type ReferralReward = ReferralItem;
export type ReferralSummary = Answer<typeof ReferralExtra>;
/** One UTC day of the account's running totals (`/api/user/snapshots`). */
export type DailySnapshot = SnapshotItem;
export type SnapshotsSummary = Answer<typeof SnapshotsExtra>;
