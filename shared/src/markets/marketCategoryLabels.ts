import type { MessageDescriptor } from 'react-intl';
import type { MarketCategory } from '@prds/contracts/metadata';

/**
 * What each market category is called, for every page that names one (the market list's filter and
 * rows, a market's header, the issue form's category choice). One literal descriptor per value, so
 * the locale check finds every key in the source.
 */
export const MARKET_CATEGORY_LABELS = {
  crypto: { id: 'market.category.crypto' },
  finance: { id: 'market.category.finance' },
  politics: { id: 'market.category.politics' },
  technology: { id: 'market.category.technology' },
  science: { id: 'market.category.science' },
  sports: { id: 'market.category.sports' },
  culture: { id: 'market.category.culture' },
  other: { id: 'market.category.other' },
} as const satisfies Record<MarketCategory, MessageDescriptor>;
