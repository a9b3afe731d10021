import { toBigNumber } from '@prds/shared/format';

/** The probability as a bar width in percent (0–100), 0 while unknown. */
export function probabilityWidth(probability: string | null): number {
  const value = toBigNumber(probability);
  if (value === null) return 0;
  return Math.min(100, Math.max(0, value.shiftedBy(2).toNumber()));
}

/** The option that won or stands confirmed, once there is a result (the api's standing result). */
export function isResultOption(index: number, result: number | null): boolean {
  return result !== null && result === index;
}
