/**
 * The api's License answers and closed sets, as types only (api/README "Calls"): the /nft pages and
 * the issue form's License picker type their reads with them. Types only, so nothing License-specific
 * reaches the first render of every page (the /market budget): the fetchers live with the pages that
 * call them. Amounts are decimal strings of 18-decimal pay-token units (wei); times unix seconds.
 */

import type {
  LicenseEventItem,
  LicenseItem,
  LicenseMarketBody,
  LicenseMarketData,
  Packet,
  PacketsData,
  SaleData,
  SaleType,
  TokensBody,
  TokensData,
  TransactionsBody,
  TransactionsData,
} from '@prds/api-schema';

export type {
  LicenseType,
  LicenseState,
  LicenseRelation,
  LicenseMarketKind,
  LicenseMarketSort,
  LicenseEventKind,
} from '@prds/api-schema/literals';
/** One License as every License call answers it. */
export type LicenseView = LicenseItem;
/** `/api/ticket-sale/sale`. */
export type LicenseSale = SaleData;
export type LicenseSaleType = SaleType;
export type LicensePacket = Packet;
/** `/api/ticket-market/packets`. */
export type LicensePackets = PacketsData;
export type LicenseEventView = LicenseEventItem;
/** `/api/ticket-market/detail`'s body and answer. */
export type LicenseMarketQuery = LicenseMarketBody;
export type LicenseMarketPage = LicenseMarketData;
/** `/api/ticket/tokens`'s answer, and its body without the account. */
export type AccountLicensesPage = TokensData;
export type AccountLicensesQuery = Omit<TokensBody, 'account'>;
/** `/api/ticket/transactions`'s body and answer. */
export type LicenseTransactionsQuery = TransactionsBody;
export type LicenseTransactionsPage = TransactionsData;
