import type { MessageDescriptor } from '@prds/shared/i18n';
import type { TxMessages } from '@prds/shared/wallet';
import type { CountError, PriceError } from './amountInput';

// Every License transaction's words: its own success, the spec's 'Transaction failed' / 'Transaction
// cancelled', and a message for each custom error of the call a person can run into.

const FAILED = { failedId: 'license.tx.failed', cancelledId: 'license.tx.cancelled', notConnectedId: 'license.connect' } as const;
const BALANCE = { ERC20InsufficientBalance: { id: 'license.error.insufficientBalance' } } as const;
/** A listing puts the License in the marketplace's escrow: the wallet first lets it move the holder's Licenses. */
const ESCROW = { approvingId: 'license.tx.approveMarketplace' } as const;

export const MINT_TX_MESSAGES: TxMessages = {
  ...FAILED,
  confirmedId: 'license.mint.success',
  revert: { ...BALANCE, SoldOut: { id: 'license.revert.soldOut' } },
};

export const PACKET_TX_MESSAGES: TxMessages = {
  ...FAILED,
  confirmedId: 'license.packet.success',
  revert: { ...BALANCE, SoldOut: { id: 'license.revert.soldOut' }, InvalidPacket: { id: 'license.revert.invalidPacket' } },
};

export const BUY_TX_MESSAGES: TxMessages = {
  ...FAILED,
  confirmedId: 'license.market.buySuccess',
  revert: {
    ...BALANCE,
    PriceChanged: { id: 'license.revert.priceChanged' },
    NotListedForSale: { id: 'license.revert.notForSale' },
    CannotBuyOwnListing: { id: 'license.revert.ownListing' },
  },
};

export const RENT_TX_MESSAGES: TxMessages = {
  ...FAILED,
  confirmedId: 'license.market.rentSuccess',
  revert: {
    ...BALANCE,
    PriceChanged: { id: 'license.revert.priceChanged' },
    NotListedForRent: { id: 'license.revert.notForRent' },
    CannotRentOwnLicense: { id: 'license.revert.ownListing' },
    AlreadyRented: { id: 'license.revert.alreadyRented' },
    InvalidRentalDays: { id: 'license.revert.rentalDays' },
    NoIssuesLeft: { id: 'license.note.noIssuesLeft' },
  },
};

export const SELL_TX_MESSAGES: TxMessages = {
  ...FAILED,
  ...ESCROW,
  confirmedId: 'license.mine.sellSuccess',
  revert: {
    LicenseListedForRent: { id: 'license.note.cancelRentBeforeSale' },
    LicenseNotTradable: { id: 'license.note.notTradable' },
    NotLicenseOwner: { id: 'license.revert.notOwner' },
    InvalidPrice: { id: 'license.price.error.zero' },
  },
};

export const CANCEL_SALE_TX_MESSAGES: TxMessages = {
  ...FAILED,
  confirmedId: 'license.mine.cancelSaleSuccess',
  revert: { NotListedForSale: { id: 'license.revert.notForSale' }, NotSeller: { id: 'license.revert.notOwner' } },
};

export const LIST_RENT_TX_MESSAGES: TxMessages = {
  ...FAILED,
  ...ESCROW,
  confirmedId: 'license.mine.listRentSuccess',
  revert: {
    LicenseNotRentable: { id: 'license.note.notRentable' },
    LicenseNotUsable: { id: 'license.note.notUsable' },
    NoIssuesLeft: { id: 'license.note.noIssuesLeft' },
    InvalidMaxDays: { id: 'license.rentOut.error.days' },
    InvalidMaxIssues: { id: 'license.rentOut.error.issues' },
    NotLicenseOwner: { id: 'license.revert.notOwner' },
    InvalidPrice: { id: 'license.price.error.zero' },
  },
};

export const CANCEL_RENT_TX_MESSAGES: TxMessages = {
  ...FAILED,
  confirmedId: 'license.mine.cancelRentSuccess',
  revert: {
    RentalActive: { id: 'license.revert.rentalActive' },
    NotListedForRent: { id: 'license.revert.notForRent' },
    NotRentListingOwner: { id: 'license.revert.notOwner' },
  },
};

/** The message of each price error (one literal key per case for the locale check). */
export const PRICE_ERROR_MESSAGE = {
  empty: { id: 'license.price.error.empty' },
  negative: { id: 'license.price.error.negative' },
  format: { id: 'license.price.error.format' },
  decimals: { id: 'license.price.error.decimals' },
  zero: { id: 'license.price.error.zero' },
  tooHigh: { id: 'license.price.error.tooHigh' },
} as const satisfies Record<PriceError, MessageDescriptor>;

/** Days and issues: a whole number within the bounds shown beside the field. */
export const COUNT_ERROR_MESSAGE = {
  empty: { id: 'license.count.error.empty' },
  format: { id: 'license.count.error.format' },
  range: { id: 'license.count.error.range' },
} as const satisfies Record<CountError, MessageDescriptor>;
