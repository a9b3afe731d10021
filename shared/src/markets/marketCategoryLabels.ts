import type { MessageDescriptor } from 'react-intl';
import type { MarketCategory } from '@prds/contracts/metadata';

/**
 * What each market category is called, for every page that names one (the market list's filter and
 * rows, a market's header, the issue form's category choice). One literal descriptor per value, so
 * the locale check finds every key in the source.
 */
export const MARKET_CATEGORY_LABELS = {
  crypto: { id: 'common.category.crypto' },
  finance: { id: 'common.category.finance' },
  politics: { id: 'common.category.politics' },
  technology: { id: 'common.category.technology' },
  science: { id: 'common.category.science' },
  sports: { id: 'common.category.sports' },
  culture: { id: 'common.category.culture' },
  other: { id: 'common.category.other' },
} as const satisfies Record<MarketCategory, MessageDescriptor>;
