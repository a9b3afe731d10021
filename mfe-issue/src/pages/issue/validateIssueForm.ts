import { checkOptions, isBlankText } from '@prds/shared';
import { parseTokenAmount } from './tokenAmount';

export type CollateralKind = 'token' | 'nft';

/** What the user typed. Times are `<input type="datetime-local">` values (local time), '' when unset. */
export interface IssueFormValues {
  readonly licenseId: string;
  readonly event: string;
  readonly options: readonly string[];
  readonly lastTradingTime: string;
  readonly expirationTime: string;
  readonly liquidity: string;
  readonly collateral: CollateralKind;
  readonly margin: string;
}

/** A License the connected wallet may issue with: its own, or one it rents until `rentalEndDate`. */
export interface IssueLicense {
  readonly id: string;
  readonly owned: boolean;
  /** Epoch ms when the rental ends; null for a License the wallet owns. */
  readonly rentalEndDate: number | null;
}

/** Everything the rules need that does not come from the form. */
export interface IssueValidationContext {
  /** Epoch ms; the chain's "now" once one is connected. */
  readonly now: number;
  readonly networkConnected: boolean;
  readonly licenses: readonly IssueLicense[];
  /** Pay-token balance in base units; null while unknown (no wallet yet), which skips the balance rule. */
  readonly balance: bigint | null;
}

export type IssueMessageId =
  | 'issue.error.selectLicense'
  | 'issue.error.licenseNotStakeable'
  | 'issue.error.networkNotConnected'
  | 'issue.error.eventEmpty'
  | 'issue.error.lastTradingTimeEmpty'
  | 'issue.error.expirationTimeEmpty'
  | 'issue.error.optionsEmpty'
  | 'issue.error.optionsTooFew'
  | 'issue.error.optionEmpty'
  | 'issue.error.optionsRepeated'
  | 'issue.error.lastTradingTimePast'
  | 'issue.error.lastTradingTimeAfterExpiration'
  | 'issue.error.eventEndAfterRentalEnd'
  | 'issue.error.insufficientBalance'
  | 'issue.error.amountInvalid';

export interface IssueFormError {
  readonly id: IssueMessageId;
  /** Epoch ms values for the message's placeholders; the view formats them in the user's language. */
  readonly dates?: { readonly eventEndDate: number; readonly rentalEndDate: number };
}

export type IssueField =
  'network' | 'license' | 'collateral' | 'event' | 'options' | 'lastTradingTime' | 'expirationTime' | 'liquidity' | 'margin';

export interface IssueValidation {
  readonly valid: boolean;
  /** At most one message per field: the first rule that fails. */
  readonly fields: Partial<Record<IssueField, IssueFormError>>;
  /** One entry per option, null where that option is fine. */
  readonly options: readonly (IssueFormError | null)[];
}

/** Parses a datetime-local value; JS reads a date-time without offset as local time, as the input means it. */
export function parseLocalDateTime(value: string): number | null {
  if (value.trim() === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Spec §5's option rules on what a reader sees — the api's own check (@prds/shared's checkOptions):
 * an option of invisible characters is empty, and 'Yes', 'YES ' and 'Ｙｅｓ' are the same option.
 */
function validateOptions(options: readonly string[]): {
  list: IssueFormError | undefined;
  each: (IssueFormError | null)[];
} {
  const check = checkOptions(options);
  if (check.list === 'optionsEmpty') return { list: { id: 'issue.error.optionsEmpty' }, each: [] };
  const each = check.each.map((problem): IssueFormError | null => {
    if (problem === null) return null;
    return { id: problem.rule === 'optionEmpty' ? 'issue.error.optionEmpty' : 'issue.error.optionsRepeated' };
  });
  return { list: check.list === 'optionsTooFew' ? { id: 'issue.error.optionsTooFew' } : undefined, each };
}

/**
 * The issue form's rules (spec §5) that can be checked before a transaction is sent.
 * Pure: the caller passes "now", the wallet's network state, its Licenses and its balance.
 */
export function validateIssueForm(values: IssueFormValues, context: IssueValidationContext): IssueValidation {
  const fields: Partial<Record<IssueField, IssueFormError>> = {};

  if (!context.networkConnected) fields.network = { id: 'issue.error.networkNotConnected' };

  const license = context.licenses.find((candidate) => candidate.id === values.licenseId);
  if (!license) fields.license = { id: 'issue.error.selectLicense' };
  // Staking the License as the bond is for its owner only: a renter cannot lock someone else's token.
  else if (values.collateral === 'nft' && !license.owned) fields.collateral = { id: 'issue.error.licenseNotStakeable' };

  if (isBlankText(values.event)) fields.event = { id: 'issue.error.eventEmpty' };

  const options = validateOptions(values.options);
  if (options.list) fields.options = options.list;

  const lastTrading = parseLocalDateTime(values.lastTradingTime);
  const expiration = parseLocalDateTime(values.expirationTime);
  if (lastTrading === null) fields.lastTradingTime = { id: 'issue.error.lastTradingTimeEmpty' };
  else if (lastTrading <= context.now) fields.lastTradingTime = { id: 'issue.error.lastTradingTimePast' };
  else if (expiration !== null && lastTrading > expiration) {
    fields.lastTradingTime = { id: 'issue.error.lastTradingTimeAfterExpiration' };
  }
  if (expiration === null) fields.expirationTime = { id: 'issue.error.expirationTimeEmpty' };
  else if (license && license.rentalEndDate !== null && expiration > license.rentalEndDate) {
    // A renter may only issue markets that end before the rental does.
    fields.expirationTime = {
      id: 'issue.error.eventEndAfterRentalEnd',
      dates: { eventEndDate: expiration, rentalEndDate: license.rentalEndDate },
    };
  }

  const liquidity = parseTokenAmount(values.liquidity);
  const margin = values.collateral === 'token' ? parseTokenAmount(values.margin) : 0n;
  if (liquidity === null || liquidity === 0n) fields.liquidity = { id: 'issue.error.amountInvalid' };
  if (margin === null || (values.collateral === 'token' && margin === 0n)) fields.margin = { id: 'issue.error.amountInvalid' };
  if (
    context.balance !== null &&
    liquidity !== null &&
    margin !== null &&
    fields.liquidity === undefined &&
    liquidity + margin > context.balance
  ) {
    fields.liquidity = { id: 'issue.error.insufficientBalance' };
  }

  const valid = Object.keys(fields).length === 0 && options.each.every((error) => error === null);
  return { valid, fields, options: options.each };
}
