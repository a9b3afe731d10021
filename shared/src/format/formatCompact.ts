import { Big, INVALID_NUMBER, formatDecimals, toBigNumber, type Numeric } from './bigNumber';
import { DEFAULT_DECIMALS } from './formatAmount';

const COMPACT_DECIMALS = 2;

const UNITS = [
  { suffix: 'B', size: new Big('1e9') },
  { suffix: 'M', size: new Big('1e6') },
  { suffix: 'K', size: new Big('1e3') },
] as const;

/** K from 1e3, M from 1e6, B from 1e9 with 2 decimals; smaller values with 4. All rounded down. */
export function formatCompact(value: Numeric, locale: string = 'en'): string {
  const n = toBigNumber(value);
  if (n === null) return INVALID_NUMBER;
  const magnitude = n.abs();
  const unit = UNITS.find((u) => magnitude.gte(u.size));
  if (!unit) return formatDecimals(n, DEFAULT_DECIMALS, locale);
  return `${formatDecimals(n.div(unit.size), COMPACT_DECIMALS, locale)}${unit.suffix}`;
}
