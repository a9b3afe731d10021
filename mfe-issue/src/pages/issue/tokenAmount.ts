/** Decimals of the pay token (spec §3: USDT, 18 decimals). */
export const PAY_TOKEN_DECIMALS = 18;

/**
 * Parses a decimal amount typed by the user into base units, exactly (no floating point).
 * Returns null for anything that is not a plain non-negative decimal with at most `decimals` places.
 */
export function parseTokenAmount(text: string, decimals: number = PAY_TOKEN_DECIMALS): bigint | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}
