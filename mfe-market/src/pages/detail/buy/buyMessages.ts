import type { MessageDescriptor } from '@prds/shared/i18n';
import type { TxMessages } from '@prds/shared/wallet';
import type { BuyAmountError } from './validateBuy';

/** The buy flow's words; every custom error of `Markets.buy` a buyer can hit gets its own. */
export const BUY_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.detail.buy.success',
  failedId: 'market.detail.buy.failed',
  cancelledId: 'market.detail.buy.cancelled',
  notConnectedId: 'market.detail.buy.connect',
  revert: {
    MarketNotFound: { id: 'market.detail.buy.revert.marketNotFound' },
    MarketNotOpen: { id: 'market.detail.buy.revert.marketNotOpen' },
    TradingClosed: { id: 'market.detail.buy.revert.tradingClosed' },
    InvalidOption: { id: 'market.detail.buy.revert.invalidOption' },
    AmountBelowMinimum: { id: 'market.detail.buy.revert.belowMinimum' },
    IssuerCannotBuy: { id: 'market.detail.buy.revert.issuerCannotBuy' },
    SelfReferral: { id: 'market.detail.buy.revert.selfReferral' },
    CapacityExceeded: { id: 'market.detail.buy.revert.capacityExceeded' },
    PayoutBelowMinimum: { id: 'market.detail.buy.revert.payoutBelowMinimum' },
    ERC20InsufficientBalance: { id: 'market.detail.buy.error.insufficientBalance' },
  },
};

/** The message of each amount error (one literal key per case for the locale check). */
export const AMOUNT_ERROR_MESSAGE = {
  empty: { id: 'market.detail.buy.error.empty' },
  format: { id: 'market.detail.buy.error.format' },
  decimals: { id: 'market.detail.buy.error.decimals' },
  notPositive: { id: 'market.detail.buy.error.notPositive' },
  belowMinimum: { id: 'market.detail.buy.error.belowMinimum' },
  capacity: { id: 'market.detail.buy.error.capacity' },
  insufficientBalance: { id: 'market.detail.buy.error.insufficientBalance' },
} as const satisfies Record<BuyAmountError['kind'], MessageDescriptor>;
