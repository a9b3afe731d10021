import { type IssueConfig } from '@prds/shared/issue';
import { checkOptions, hasBidiControls, isBlankText, normalizeMarketText } from '@prds/shared/markets';
import type { ModerationReason } from './moderationReasons';
import { parseTokenAmount } from './tokenAmount';

export type CollateralKind = 'token' | 'nft';

/** What the user typed. Times are unix seconds (chain time's unit), null while empty. */
export interface IssueFormValues {
  readonly licenseId: string;
  readonly event: string;
  readonly options: readonly string[];
  readonly category: string;
  readonly description: string;
  readonly resolutionSource: string;
  readonly url: string;
  readonly content: string;
  readonly lastTradingTime: number | null;
  readonly expirationTime: number | null;
  readonly liquidity: string;
  readonly collateral: CollateralKind;
  readonly margin: string;
}

/** A License the connected wallet can issue with now: its own, or one it rents until `rentalEndDate`. */
export interface IssueLicense {
  readonly id: string;
  readonly owned: boolean;
  /** Unix seconds when the rental ends; null for a License the wallet owns. */
  readonly rentalEndDate: number | null;
  /** What a staked License adds to the bond (its type's sale price, License.typePrice), in pay-token units. */
  readonly value: bigint;
}

/** Texts' longest lengths (characters, after normalization): the api's limits, from /api/config/issue. */
export type TextLimits = IssueConfig['limits'];

/**
 * The protocol's limits, read from the chain (Markets.params()): the same numbers the contract checks,
 * never a copy. Null while they load; the rules that need them wait for them.
 */
export interface ProtocolLimits {
  readonly minLiquidity: bigint;
  readonly minMargin: bigint;
  readonly capacityMultiple: bigint;
  readonly maxOptions: number;
}

/** Everything the rules need that does not come from the form. */
export interface IssueValidationContext {
  /** Unix seconds: the chain's "now". */
  readonly now: number;
  readonly networkConnected: boolean;
  /** The Licenses the wallet can issue with now. */
  readonly licenses: readonly IssueLicense[];
  /** Pay-token balance in base units; null while unknown (no wallet yet), which skips the balance rule. */
  readonly balance: bigint | null;
  readonly protocol: ProtocolLimits | null;
  readonly textLimits: TextLimits | null;
}

export type IssueMessageId =
  | 'issue.error.selectLicense'
  | 'issue.error.licenseUnavailable'
  | 'issue.error.licenseNotStakeable'
  | 'issue.error.networkNotConnected'
  | 'issue.error.eventEmpty'
  | 'issue.error.lastTradingTimeEmpty'
  | 'issue.error.expirationTimeEmpty'
  | 'issue.error.optionsEmpty'
  | 'issue.error.optionsTooFew'
  | 'issue.error.optionsTooMany'
  | 'issue.error.optionEmpty'
  | 'issue.error.optionsRepeated'
  | 'issue.error.lastTradingTimePast'
  | 'issue.error.lastTradingTimeAfterExpiration'
  | 'issue.error.eventEndAfterRentalEnd'
  | 'issue.error.insufficientBalance'
  | 'issue.error.amountInvalid'
  | 'issue.error.liquidityBelowMinimum'
  | 'issue.error.marginBelowMinimum'
  | 'issue.error.capacityExceeded'
  | 'issue.error.categoryEmpty'
  | 'issue.error.textTooLong'
  | 'issue.error.textInvalid'
  | 'issue.error.urlInvalid'
  | 'issue.error.contentRefused'
  | 'issue.error.rentalEndsFirst';

export interface IssueFormError {
  readonly id: IssueMessageId;
  /** Unix seconds for the rental message's placeholders; the view formats them in the user's language. */
  readonly dates?: { readonly eventEndDate: number; readonly rentalEndDate: number };
  /** Pay-token units for the message's amount (the minimum, the capacity); the view formats it. */
  readonly amount?: bigint;
  /** A count for the message (the most options, the longest text). */
  readonly max?: number;
  /** Why the api refused the text (content refused); null for a reason this page does not name. */
  readonly reason?: ModerationReason | null;
}

export type TextField = 'event' | 'description' | 'resolutionSource' | 'url' | 'content';

export type IssueField =
  | 'network'
  | 'license'
  | 'collateral'
  | 'category'
  | 'options'
  | 'lastTradingTime'
  | 'expirationTime'
  | 'liquidity'
  | 'margin'
  | TextField;

export interface IssueValidation {
  readonly valid: boolean;
  /** At most one message per field: the first rule that fails. */
  readonly fields: Partial<Record<IssueField, IssueFormError>>;
  /** One entry per option, null where that option is fine. */
  readonly options: readonly (IssueFormError | null)[];
}

/** The issuer's seeded liquidity as the contract takes it: an equal whole share per option (Markets.issue). */
export function seededLiquidity(liquidity: bigint, optionCount: number): bigint {
  if (optionCount <= 0) return liquidity;
  const n = BigInt(optionCount);
  return (liquidity / n) * n;
}

/** Buys stop once the pool would pass this: capacityMultiple × (token margin + a staked License's value). */
export function marketCapacity(margin: bigint, licenseValue: bigint, capacityMultiple: bigint): bigint {
  return (margin + licenseValue) * capacityMultiple;
}

/** Length as the api counts it: code points of the normalized (stored) text. */
function length(text: string): number {
  return [...normalizeMarketText(text)].length;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A free text's own rules: reordering characters (refused by the api), then its length. */
function textError(text: string, max: number | undefined): IssueFormError | undefined {
  if (hasBidiControls(text)) return { id: 'issue.error.textInvalid' };
  if (max !== undefined && length(text) > max) return { id: 'issue.error.textTooLong', max };
  return undefined;
}

/**
 * Spec §5's option rules on what a reader sees — the api's own check (@prds/shared's checkOptions):
 * an option of invisible characters is empty, and 'Yes', 'YES ' and 'Ｙｅｓ' are the same option —
 * then the protocol's most options and the api's longest option.
 */
function validateOptions(
  options: readonly string[],
  maxOptions: number | undefined,
  maxLength: number | undefined,
): { list: IssueFormError | undefined; each: (IssueFormError | null)[] } {
  const check = checkOptions(options);
  if (check.list === 'optionsEmpty') return { list: { id: 'issue.error.optionsEmpty' }, each: [] };
  const each = check.each.map((problem, index): IssueFormError | null => {
    if (problem !== null) {
      return { id: problem.rule === 'optionEmpty' ? 'issue.error.optionEmpty' : 'issue.error.optionsRepeated' };
    }
    return textError(options[index] ?? '', maxLength) ?? null;
  });
  let list: IssueFormError | undefined;
  if (check.list === 'optionsTooFew') list = { id: 'issue.error.optionsTooFew' };
  else if (maxOptions !== undefined && options.length > maxOptions) list = { id: 'issue.error.optionsTooMany', max: maxOptions };
  return { list, each };
}

/**
 * The issue form's rules (spec §5, and the protocol's and the api's limits) that can be checked before
 * anything is sent. Each is the rule the contract (Markets.issue, License.useForIssue) or the api
 * (/api/issue/submit-underlying) enforces, with the limits they enforce it with. Pure: the caller
 * passes the chain's "now", the wallet's network state, its Licenses, its balance and the limits.
 */
export function validateIssueForm(values: IssueFormValues, context: IssueValidationContext): IssueValidation {
  const fields: Partial<Record<IssueField, IssueFormError>> = {};
  const { protocol, textLimits } = context;

  if (!context.networkConnected) fields.network = { id: 'issue.error.networkNotConnected' };

  const license = context.licenses.find((candidate) => candidate.id === values.licenseId);
  if (values.licenseId === '') fields.license = { id: 'issue.error.selectLicense' };
  else if (!license) fields.license = { id: 'issue.error.licenseUnavailable' };
  // Staking the License as the bond is for its owner only: a renter cannot lock someone else's token.
  else if (values.collateral === 'nft' && !license.owned) fields.collateral = { id: 'issue.error.licenseNotStakeable' };

  if (isBlankText(values.event)) fields.event = { id: 'issue.error.eventEmpty' };
  else {
    const error = textError(values.event, textLimits?.event);
    if (error) fields.event = error;
  }

  const options = validateOptions(values.options, protocol?.maxOptions, textLimits?.option);
  if (options.list) fields.options = options.list;

  if (values.category === '') fields.category = { id: 'issue.error.categoryEmpty' };

  for (const field of ['description', 'resolutionSource', 'content'] as const) {
    const error = textError(values[field], textLimits?.[field]);
    if (error) fields[field] = error;
  }
  const urlError = textError(values.url, textLimits?.url);
  if (urlError) fields.url = urlError;
  else if (!isBlankText(values.url) && !isHttpUrl(normalizeMarketText(values.url))) fields.url = { id: 'issue.error.urlInvalid' };

  const { lastTradingTime: lastTrading, expirationTime: expiration } = values;
  if (lastTrading === null) fields.lastTradingTime = { id: 'issue.error.lastTradingTimeEmpty' };
  else if (lastTrading <= context.now) fields.lastTradingTime = { id: 'issue.error.lastTradingTimePast' };
  else if (expiration !== null && lastTrading > expiration) {
    fields.lastTradingTime = { id: 'issue.error.lastTradingTimeAfterExpiration' };
  }
  if (expiration === null) fields.expirationTime = { id: 'issue.error.expirationTimeEmpty' };
  else if (license && license.rentalEndDate !== null && expiration >= license.rentalEndDate) {
    // A renter may only issue markets that end before the rental does (License.useForIssue).
    fields.expirationTime = {
      id: 'issue.error.eventEndAfterRentalEnd',
      dates: { eventEndDate: expiration, rentalEndDate: license.rentalEndDate },
    };
  }

  const staked = values.collateral === 'nft';
  const liquidity = parseTokenAmount(values.liquidity);
  const margin = staked ? 0n : parseTokenAmount(values.margin);
  if (liquidity === null || liquidity === 0n) fields.liquidity = { id: 'issue.error.amountInvalid' };
  else if (protocol && liquidity < protocol.minLiquidity) {
    fields.liquidity = { id: 'issue.error.liquidityBelowMinimum', amount: protocol.minLiquidity };
  }
  if (margin === null || (!staked && margin === 0n && (protocol === null || protocol.minMargin === 0n))) {
    fields.margin = { id: 'issue.error.amountInvalid' };
  } else if (!staked && protocol && margin < protocol.minMargin) {
    fields.margin = { id: 'issue.error.marginBelowMinimum', amount: protocol.minMargin };
  }
  if (liquidity !== null && margin !== null && fields.liquidity === undefined && fields.margin === undefined) {
    if (context.balance !== null && liquidity + margin > context.balance) {
      fields.liquidity = { id: 'issue.error.insufficientBalance' };
    } else if (protocol) {
      // The seed may not fill the market past its own capacity (Markets.issue: CapacityExceeded).
      const capacity = marketCapacity(margin, staked ? (license?.value ?? 0n) : 0n, protocol.capacityMultiple);
      if (seededLiquidity(liquidity, Math.max(values.options.length, 1)) > capacity) {
        fields.liquidity = { id: 'issue.error.capacityExceeded', amount: capacity };
      }
    }
  }

  const valid = Object.keys(fields).length === 0 && options.each.every((error) => error === null);
  return { valid, fields, options: options.each };
}
