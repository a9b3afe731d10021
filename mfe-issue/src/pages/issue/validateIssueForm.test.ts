import {
  marketCapacity,
  seededLiquidity,
  validateIssueForm,
  type IssueField,
  type IssueFormError,
  type IssueFormValues,
  type IssueLicense,
  type IssueValidationContext,
} from './validateIssueForm';

const ONE = 10n ** 18n;
const NOW = 1_900_000_000;
const DAY = 86_400;

const owned: IssueLicense = { id: '7', owned: true, rentalEndDate: null, value: 50n * ONE };
const rented: IssueLicense = { id: '9', owned: false, rentalEndDate: NOW + 10 * DAY, value: 200n * ONE };

const good: IssueFormValues = {
  licenseId: '7',
  event: 'Will it rain in Paris on 1 February 2030?',
  options: ['Yes', 'No'],
  category: 'science',
  description: '',
  resolutionSource: 'Météo-France',
  url: '',
  content: '',
  lastTradingTime: NOW + 2 * DAY,
  expirationTime: NOW + 5 * DAY,
  liquidity: '100',
  collateral: 'token',
  margin: '50',
};

const context: IssueValidationContext = {
  now: NOW,
  networkConnected: true,
  licenses: [owned, rented],
  balance: 1000n * ONE,
  // Limits as a deployment sets them (Markets.params(); the devnet's are 100, 100, 20 × and 32).
  protocol: { minLiquidity: 10n * ONE, minMargin: 10n * ONE, capacityMultiple: 20n, maxOptions: 8 },
  textLimits: { event: 300, option: 120, description: 5000, resolutionSource: 500, url: 2048, content: 5000 },
};

function check(values: Partial<IssueFormValues>, ctx: Partial<IssueValidationContext> = {}) {
  return validateIssueForm({ ...good, ...values }, { ...context, ...ctx });
}

interface Case {
  readonly message: string;
  readonly field: IssueField;
  readonly error: IssueFormError;
  /** What triggers it. */
  readonly bad: Partial<IssueFormValues>;
  /** The input just inside the limit, which does not. */
  readonly fine: Partial<IssueFormValues>;
  readonly badContext?: Partial<IssueValidationContext>;
  readonly fineContext?: Partial<IssueValidationContext>;
}

/** Every message of the form: the input that triggers it and the one just inside the limit that does not. */
const CASES: readonly Case[] = [
  {
    message: 'Please select a License',
    field: 'license',
    error: { id: 'issue.error.selectLicense' },
    bad: { licenseId: '' },
    fine: { licenseId: '7' },
  },
  {
    message: 'a License the wallet cannot issue with (a License error)',
    field: 'license',
    error: { id: 'issue.error.licenseUnavailable' },
    bad: { licenseId: '42' },
    fine: { licenseId: '9', expirationTime: NOW + 9 * DAY },
  },
  {
    message: 'License cannot be staked',
    field: 'collateral',
    error: { id: 'issue.error.licenseNotStakeable' },
    bad: { licenseId: '9', expirationTime: NOW + 9 * DAY, collateral: 'nft' },
    fine: { licenseId: '7', collateral: 'nft' },
  },
  {
    message: 'Network not connected',
    field: 'network',
    error: { id: 'issue.error.networkNotConnected' },
    bad: {},
    badContext: { networkConnected: false },
    fine: {},
    fineContext: { networkConnected: true },
  },
  {
    message: 'Event is empty',
    field: 'event',
    error: { id: 'issue.error.eventEmpty' },
    // Invisible characters and blank letters are what a reader sees as nothing.
    bad: { event: ' \u200b\u3164\u2800 ' },
    fine: { event: '?' },
  },
  {
    message: 'the longest event',
    field: 'event',
    error: { id: 'issue.error.textTooLong', max: 300 },
    bad: { event: 'x'.repeat(301) },
    fine: { event: `${'x'.repeat(300)}  ` },
  },
  {
    message: 'Last trading time is empty',
    field: 'lastTradingTime',
    error: { id: 'issue.error.lastTradingTimeEmpty' },
    bad: { lastTradingTime: null },
    fine: { lastTradingTime: NOW + 1 },
  },
  {
    message: 'Expiration time is empty',
    field: 'expirationTime',
    error: { id: 'issue.error.expirationTimeEmpty' },
    bad: { expirationTime: null },
    fine: { expirationTime: NOW + 2 * DAY },
  },
  {
    message: 'Options cannot be empty',
    field: 'options',
    error: { id: 'issue.error.optionsEmpty' },
    bad: { options: [] },
    fine: { options: ['Yes', 'No'] },
  },
  {
    message: 'There cannot be less than two options',
    field: 'options',
    error: { id: 'issue.error.optionsTooFew' },
    bad: { options: ['Yes'] },
    fine: { options: ['Yes', 'No'] },
  },
  {
    message: 'the most options the protocol takes',
    field: 'options',
    error: { id: 'issue.error.optionsTooMany', max: 8 },
    bad: { options: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] },
    fine: { options: ['1', '2', '3', '4', '5', '6', '7', '8'] },
  },
  {
    message: 'Last trading time must be greater than today',
    field: 'lastTradingTime',
    error: { id: 'issue.error.lastTradingTimePast' },
    // The chain's now itself is already too late (Markets.issue: lastTradingTime > block.timestamp).
    bad: { lastTradingTime: NOW },
    fine: { lastTradingTime: NOW + 1 },
  },
  {
    message: 'Last trading time is greater than expiration time',
    field: 'lastTradingTime',
    error: { id: 'issue.error.lastTradingTimeAfterExpiration' },
    bad: { lastTradingTime: NOW + 5 * DAY + 1 },
    // Trading may run until the very expiration.
    fine: { lastTradingTime: NOW + 5 * DAY },
  },
  {
    message: 'Event end time {eventEndDate} is greater than rental end time {rentalEndDate}',
    field: 'expirationTime',
    error: {
      id: 'issue.error.eventEndAfterRentalEnd',
      dates: { eventEndDate: NOW + 10 * DAY, rentalEndDate: NOW + 10 * DAY },
    },
    // License.useForIssue refuses an expiration at the rental's end, not only after it.
    bad: { licenseId: '9', expirationTime: NOW + 10 * DAY },
    fine: { licenseId: '9', expirationTime: NOW + 10 * DAY - 1 },
  },
  {
    message: 'Insufficient balance',
    field: 'liquidity',
    error: { id: 'issue.error.insufficientBalance' },
    bad: { liquidity: '950', margin: '50.000000000000000001' },
    fine: { liquidity: '950', margin: '50' },
  },
  {
    message: 'an amount that is not one',
    field: 'liquidity',
    error: { id: 'issue.error.amountInvalid' },
    bad: { liquidity: '1,5' },
    fine: { liquidity: '10.000000000000000000' },
  },
  {
    message: 'the minimum liquidity',
    field: 'liquidity',
    error: { id: 'issue.error.liquidityBelowMinimum', amount: 10n * ONE },
    bad: { liquidity: '9.999999999999999999' },
    fine: { liquidity: '10' },
  },
  {
    message: 'the minimum margin',
    field: 'margin',
    error: { id: 'issue.error.marginBelowMinimum', amount: 10n * ONE },
    bad: { margin: '9.99' },
    fine: { margin: '10' },
  },
  {
    message: "the market's capacity (20 × the bond) below its own seed",
    field: 'liquidity',
    error: { id: 'issue.error.capacityExceeded', amount: 200n * ONE },
    // 20 × a margin of 10. The seed is an equal whole share per option, so 1 wei over the capacity
    // is not seeded (the issuer keeps it) and 2 wei are.
    bad: { liquidity: '200.000000000000000002', margin: '10' },
    fine: { liquidity: '200.000000000000000001', margin: '10' },
  },
  {
    message: 'no category',
    field: 'category',
    error: { id: 'issue.error.categoryEmpty' },
    bad: { category: '' },
    fine: { category: 'other' },
  },
  {
    message: 'a link that is not http(s)',
    field: 'url',
    error: { id: 'issue.error.urlInvalid' },
    bad: { url: 'javascript:alert(1)' },
    fine: { url: ' https://example.org/result ' },
  },
  {
    message: 'the longest resolution source',
    field: 'resolutionSource',
    error: { id: 'issue.error.textTooLong', max: 500 },
    bad: { resolutionSource: 'é'.repeat(501) },
    // Counted as stored: 'e' + a combining accent is one character once normalized (NFC).
    fine: { resolutionSource: 'e\u0301'.repeat(500) },
  },
  {
    message: 'a text that reorders what a reader sees',
    field: 'description',
    error: { id: 'issue.error.textInvalid' },
    bad: { description: 'Pays \u202eYES\u202c' },
    fine: { description: 'Pays YES' },
  },
];

describe('validateIssueForm', () => {
  it('accepts a complete form', () => {
    expect(check({})).toEqual({ valid: true, fields: {}, options: [null, null] });
  });

  describe.each(CASES)('$message', ({ field, error, bad, fine, badContext, fineContext }) => {
    it('is the message for the input that breaks the rule', () => {
      const result = check(bad, badContext);
      expect(result.valid).toBe(false);
      expect(result.fields[field]).toEqual(error);
    });

    it('is not given for the input just inside the limit', () => {
      const result = check(fine, fineContext);
      expect(result.fields[field]).toBeUndefined();
      expect(result.valid).toBe(true);
    });
  });

  it('marks each empty option and each repeat, judged on what a reader sees', () => {
    const result = check({ options: ['Yes', ' ', 'No', 'yes ', '\u2060\ufeff', 'ＮＯ'] });
    expect(result.valid).toBe(false);
    expect(result.fields.options).toBeUndefined();
    expect(result.options).toEqual([
      null,
      { id: 'issue.error.optionEmpty' },
      null,
      { id: 'issue.error.optionsRepeated' },
      { id: 'issue.error.optionEmpty' },
      { id: 'issue.error.optionsRepeated' },
    ]);
  });

  it('holds each option to the longest option', () => {
    expect(check({ options: ['x'.repeat(121), 'No'] }).options).toEqual([{ id: 'issue.error.textTooLong', max: 120 }, null]);
    expect(check({ options: ['x'.repeat(120), 'No'] }).valid).toBe(true);
  });

  it('reports a single empty option both as too few and as empty', () => {
    const result = check({ options: [''] });
    expect(result.fields.options).toEqual({ id: 'issue.error.optionsTooFew' });
    expect(result.options).toEqual([{ id: 'issue.error.optionEmpty' }]);
  });

  it('lets an owner stake the License with no token margin, its value counting towards the capacity', () => {
    // 50 staked × 20 = 1,000 of capacity: a seed of 1,000 fits, 1,000.000000000000000002 does not.
    expect(check({ collateral: 'nft', margin: '', liquidity: '1000' }).valid).toBe(true);
    expect(
      check({ collateral: 'nft', margin: '', liquidity: '1000.000000000000000002' }, { balance: 2000n * ONE }).fields.liquidity,
    ).toEqual({
      id: 'issue.error.capacityExceeded',
      amount: 1000n * ONE,
    });
    // Only the liquidity is paid then.
    expect(check({ collateral: 'nft', margin: '9999', liquidity: '1000' }).valid).toBe(true);
  });

  it('waits for the protocol limits and the balance before applying them', () => {
    expect(check({ liquidity: '1', margin: '1000000' }, { protocol: null, balance: null }).valid).toBe(true);
    expect(check({ options: ['x'.repeat(1000), 'No'] }, { textLimits: null }).valid).toBe(true);
  });

  it('reports every empty field of a blank form at once', () => {
    const result = validateIssueForm(
      {
        licenseId: '',
        event: '',
        options: [],
        category: '',
        description: '',
        resolutionSource: '',
        url: '',
        content: '',
        lastTradingTime: null,
        expirationTime: null,
        liquidity: '',
        collateral: 'token',
        margin: '',
      },
      { ...context, networkConnected: false, licenses: [], balance: null },
    );
    expect(result.fields).toEqual({
      network: { id: 'issue.error.networkNotConnected' },
      license: { id: 'issue.error.selectLicense' },
      event: { id: 'issue.error.eventEmpty' },
      options: { id: 'issue.error.optionsEmpty' },
      category: { id: 'issue.error.categoryEmpty' },
      lastTradingTime: { id: 'issue.error.lastTradingTimeEmpty' },
      expirationTime: { id: 'issue.error.expirationTimeEmpty' },
      liquidity: { id: 'issue.error.amountInvalid' },
      margin: { id: 'issue.error.amountInvalid' },
    });
  });
});

describe('the contract arithmetic the form shows', () => {
  it('seeds an equal whole share per option, as Markets.issue does', () => {
    expect(seededLiquidity(100n, 3)).toBe(99n);
    expect(seededLiquidity(100n, 2)).toBe(100n);
  });

  it('gives a capacity of the multiple times the whole bond', () => {
    expect(marketCapacity(10n * ONE, 50n * ONE, 20n)).toBe(1200n * ONE);
    expect(marketCapacity(0n, 0n, 20n)).toBe(0n);
  });
});
