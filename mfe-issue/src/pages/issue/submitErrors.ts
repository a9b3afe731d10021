import { isHttpError } from '@prds/shared/http';
import { type TxMessages } from '@prds/shared/wallet';
import { moderationReason } from './moderationReasons';
import type { IssueField, IssueFormError, IssueMessageId, TextField } from './validateIssueForm';

/** A refusal the api gave for one field of the form (or one option), kept there until that field changes. */
export interface FieldRefusal {
  readonly field: Exclude<
    IssueField,
    'network' | 'license' | 'collateral' | 'lastTradingTime' | 'expirationTime' | 'liquidity' | 'margin'
  >;
  /** For `options`: the option's index. */
  readonly option: number | null;
  readonly error: IssueFormError;
}

const TEXT_FIELDS: readonly TextField[] = ['event', 'description', 'resolutionSource', 'url', 'content'];

/** `options.2` → options, 2; `event` → event; anything else → null. */
function fieldOf(path: string | undefined): Pick<FieldRefusal, 'field' | 'option'> | null {
  if (path === undefined) return null;
  const option = /^options\.(\d+)$/.exec(path);
  if (option) return { field: 'options', option: Number(option[1]) };
  if (path === 'options') return { field: 'options', option: null };
  if (path === 'category') return { field: 'category', option: null };
  const text = TEXT_FIELDS.find((field) => field === path);
  return text === undefined ? null : { field: text, option: null };
}

/** The api's rule failures that are the form's own rules: the same words at the same field. */
const SAME_RULE: Readonly<Record<string, IssueMessageId>> = {
  'api.error.eventEmpty': 'issue.error.eventEmpty',
  'api.error.optionsEmpty': 'issue.error.optionsEmpty',
  'api.error.optionsTooFew': 'issue.error.optionsTooFew',
  'api.error.optionEmpty': 'issue.error.optionEmpty',
  'api.error.optionRepeated': 'issue.error.optionsRepeated',
  'api.error.optionsTooMany': 'issue.error.optionsTooMany',
  'api.error.categoryUnknown': 'issue.error.categoryEmpty',
  'api.error.urlInvalid': 'issue.error.urlInvalid',
  'api.error.textInvalid': 'issue.error.textInvalid',
};

const numberIn = (details: Readonly<Record<string, unknown>>, key: string): number | undefined =>
  typeof details[key] === 'number' ? details[key] : undefined;

/**
 * What `/api/issue/submit-underlying`'s refusal says about the form: which field (or option) and in
 * which words — content refused by moderation with its reason, a review's rejection, or one of the
 * form's own rules. Null for a failure that is not about a field (the api down, a time-out, too many
 * requests), which the form shows as an error beside the button.
 */
export function fieldRefusal(error: unknown): FieldRefusal | null {
  if (!isHttpError(error) || error.apiKey === undefined) return null;
  if (error.apiKey === 'api.error.metadataRejected') {
    return {
      field: 'event',
      option: null,
      error: { id: 'issue.error.contentRefused', reason: 'rejectedInReview' },
    };
  }
  const where = fieldOf(error.field);
  if (where === null) return null;
  if (error.apiKey === 'api.error.contentRefused') {
    return { ...where, error: { id: 'issue.error.contentRefused', reason: moderationReason(error.details.reason) } };
  }
  if (error.apiKey === 'api.error.invalidBody') {
    const max = numberIn(error.details, 'maxLength');
    return max === undefined ? null : { ...where, error: { id: 'issue.error.textTooLong', max } };
  }
  const same = SAME_RULE[error.apiKey];
  if (same === undefined) return null;
  const max = numberIn(error.details, 'max');
  return { ...where, error: max === undefined ? { id: same } : { id: same, max } };
}

/**
 * The issue transaction's words (spec §8: 'Issue success', 'Transaction failed', 'Transaction
 * cancelled'), and a revert the contract names for a rule the form states: the rule's words (the
 * decoded error stays beneath). The chain may have moved since the form checked (a block's time, a
 * rental ending, a License used from another device).
 */
export const ISSUE_TX_MESSAGES: TxMessages = {
  confirmedId: 'issue.tx.success',
  failedId: 'issue.tx.failed',
  cancelledId: 'issue.tx.cancelled',
  notConnectedId: 'issue.error.networkNotConnected',
  revert: {
    LastTradingTimeNotInFuture: { id: 'issue.error.lastTradingTimePast' },
    ExpirationBeforeLastTrading: { id: 'issue.error.lastTradingTimeAfterExpiration' },
    RenterCannotStakeLicense: { id: 'issue.error.licenseNotStakeable' },
    DuplicateOption: { id: 'issue.error.optionsRepeated' },
    EmptyOption: { id: 'issue.error.optionEmpty' },
    ERC20InsufficientBalance: { id: 'issue.error.insufficientBalance' },
    NotLicenseUser: { id: 'issue.error.licenseUnavailable' },
    NoIssuesLeft: { id: 'issue.error.licenseUnavailable' },
    LicenseNotUsable: { id: 'issue.error.licenseUnavailable' },
    RentalIssueAllowanceUsed: { id: 'issue.error.licenseUnavailable' },
    ExpirationAfterRentalEnd: { id: 'issue.error.rentalEndsFirst' },
  },
};
