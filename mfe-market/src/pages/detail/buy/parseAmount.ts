/** A decimal token amount typed by the user, in base units; never through floating point. */
export type ParsedAmount =
  { readonly ok: true; readonly wei: bigint } | { readonly ok: false; readonly reason: 'empty' | 'format' | 'decimals' };

// Digits with an optional fraction ("12", "12.5", ".5", "12."); no sign, exponent or grouping.
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

export function parseAmount(text: string, decimals = 18): ParsedAmount {
  const value = text.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  if (!DECIMAL.test(value)) return { ok: false, reason: 'format' };
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > decimals) return { ok: false, reason: 'decimals' };
  const wei = BigInt(whole === '' ? '0' : whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return { ok: true, wei };
}
