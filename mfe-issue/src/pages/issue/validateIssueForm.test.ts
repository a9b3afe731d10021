import {
  parseLocalDateTime,
  validateIssueForm,
  type IssueField,
  type IssueFormValues,
  type IssueLicense,
  type IssueMessageId,
  type IssueValidationContext,
} from './validateIssueForm';

const ONE = 10n ** 18n;

function at(value: string): number {
  const ms = parseLocalDateTime(value);
  if (ms === null) throw new Error(`bad test date ${value}`);
  return ms;
}

const owned: IssueLicense = { id: '7', owned: true, rentalEndDate: null };
const rented: IssueLicense = { id: '9', owned: false, rentalEndDate: at('2030-01-20T00:00') };

const good: IssueFormValues = {
  licenseId: '7',
  event: 'Will it rain in Paris on 1 February 2030?',
  options: ['Yes', 'No'],
  lastTradingTime: '2030-01-10T12:00',
  expirationTime: '2030-02-01T12:00',
  liquidity: '100',
  collateral: 'token',
  margin: '50',
};

const context: IssueValidationContext = {
  now: at('2030-01-01T12:00'),
  networkConnected: true,
  licenses: [owned, rented],
  balance: 1000n * ONE,
};

function errorsOf(values: Partial<IssueFormValues>, ctx: Partial<IssueValidationContext> = {}) {
  return validateIssueForm({ ...good, ...values }, { ...context, ...ctx });
}

describe('validateIssueForm', () => {
  it('accepts a complete form', () => {
    const result = errorsOf({});
    expect(result).toEqual({ valid: true, fields: {}, options: [null, null] });
  });

  it.each<[string, Partial<IssueFormValues>, Partial<IssueValidationContext>, IssueField, IssueMessageId]>([
    ['no License chosen', { licenseId: '' }, {}, 'license', 'issue.error.selectLicense'],
    ['a License the wallet does not hold', { licenseId: '42' }, {}, 'license', 'issue.error.selectLicense'],
    ['no Licenses at all', {}, { licenses: [] }, 'license', 'issue.error.selectLicense'],
    [
      'a rented License staked as the bond',
      { licenseId: '9', expirationTime: '2030-01-15T00:00', collateral: 'nft' },
      {},
      'collateral',
      'issue.error.licenseNotStakeable',
    ],
    ['no network', {}, { networkConnected: false }, 'network', 'issue.error.networkNotConnected'],
    ['an empty event', { event: '' }, {}, 'event', 'issue.error.eventEmpty'],
    ['an event of spaces', { event: '   \n ' }, {}, 'event', 'issue.error.eventEmpty'],
    ['no last trading time', { lastTradingTime: '' }, {}, 'lastTradingTime', 'issue.error.lastTradingTimeEmpty'],
    ['no expiration time', { expirationTime: '' }, {}, 'expirationTime', 'issue.error.expirationTimeEmpty'],
    ['no options', { options: [] }, {}, 'options', 'issue.error.optionsEmpty'],
    ['one option', { options: ['Yes'] }, {}, 'options', 'issue.error.optionsTooFew'],
    [
      'a last trading time in the past',
      { lastTradingTime: '2029-12-31T12:00' },
      {},
      'lastTradingTime',
      'issue.error.lastTradingTimePast',
    ],
    [
      'a last trading time equal to now',
      { lastTradingTime: '2030-01-01T12:00' },
      {},
      'lastTradingTime',
      'issue.error.lastTradingTimePast',
    ],
    [
      'a last trading time after expiration',
      { lastTradingTime: '2030-02-02T00:00' },
      {},
      'lastTradingTime',
      'issue.error.lastTradingTimeAfterExpiration',
    ],
    ['liquidity above the balance', { liquidity: '951' }, {}, 'liquidity', 'issue.error.insufficientBalance'],
    ['an empty liquidity', { liquidity: '' }, {}, 'liquidity', 'issue.error.amountInvalid'],
    ['a zero liquidity', { liquidity: '0' }, {}, 'liquidity', 'issue.error.amountInvalid'],
    ['a malformed margin', { margin: '5,5' }, {}, 'margin', 'issue.error.amountInvalid'],
  ])('rejects %s', (_name, values, ctx, field, id) => {
    const result = errorsOf(values, ctx);
    expect(result.valid).toBe(false);
    expect(result.fields[field]).toEqual({ id });
  });

  it('names both dates when a rented License ends before the market', () => {
    const result = errorsOf({ licenseId: '9', expirationTime: '2030-01-25T00:00' });
    expect(result.valid).toBe(false);
    expect(result.fields.expirationTime).toEqual({
      id: 'issue.error.eventEndAfterRentalEnd',
      dates: { eventEndDate: at('2030-01-25T00:00'), rentalEndDate: at('2030-01-20T00:00') },
    });
  });

  it('lets a renter issue a market that ends before the rental, with a token bond', () => {
    expect(errorsOf({ licenseId: '9', expirationTime: '2030-01-20T00:00' }).valid).toBe(true);
  });

  it('lets an owner stake the License itself, with no token margin', () => {
    const result = errorsOf({ collateral: 'nft', margin: '' });
    expect(result.valid).toBe(true);
  });

  it('marks each empty option and each repeat, ignoring case and surrounding spaces', () => {
    const result = errorsOf({ options: ['Yes', ' ', 'No', 'yes ', 'Maybe', 'NO'] });
    expect(result.valid).toBe(false);
    expect(result.fields.options).toBeUndefined();
    expect(result.options).toEqual([
      null,
      { id: 'issue.error.optionEmpty' },
      null,
      { id: 'issue.error.optionsRepeated' },
      null,
      { id: 'issue.error.optionsRepeated' },
    ]);
  });

  it('judges options by what is seen: invisible-only options are empty, invisible or width differences repeat', () => {
    // Zero-width space, Hangul filler, Braille blank, word joiner + BOM: each looks empty.
    const result = errorsOf({
      options: ['Yes', '\u200b', '\u3164', '\u2800\u2800', '\u2060\ufeff', 'Y\u200bes', 'ＹＥＳ', 'No'],
    });
    expect(result.options).toEqual([
      null,
      { id: 'issue.error.optionEmpty' },
      { id: 'issue.error.optionEmpty' },
      { id: 'issue.error.optionEmpty' },
      { id: 'issue.error.optionEmpty' },
      { id: 'issue.error.optionsRepeated' },
      { id: 'issue.error.optionsRepeated' },
      null,
    ]);
  });

  it('finds an event of invisible characters empty', () => {
    expect(errorsOf({ event: '\u200b\u3164 \u2800' }).fields.event).toEqual({ id: 'issue.error.eventEmpty' });
    expect(errorsOf({ event: '\u200bWill it rain?' }).fields.event).toBeUndefined();
  });

  it('reports a single empty option both as too few and as empty', () => {
    const result = errorsOf({ options: [''] });
    expect(result.fields.options).toEqual({ id: 'issue.error.optionsTooFew' });
    expect(result.options).toEqual([{ id: 'issue.error.optionEmpty' }]);
  });

  it('counts the token margin with the liquidity against the balance, exactly', () => {
    expect(errorsOf({ liquidity: '950', margin: '50' }).valid).toBe(true);
    expect(errorsOf({ liquidity: '950', margin: '50.000000000000000001' }).fields.liquidity).toEqual({
      id: 'issue.error.insufficientBalance',
    });
    // A staked License replaces the token margin, so only the liquidity is paid.
    expect(errorsOf({ liquidity: '1000', margin: '50', collateral: 'nft' }).valid).toBe(true);
  });

  it('skips the balance rule while the balance is unknown', () => {
    expect(errorsOf({ liquidity: '1000000' }, { balance: null }).valid).toBe(true);
  });

  it('reports every empty field of a blank form at once', () => {
    const result = validateIssueForm(
      {
        licenseId: '',
        event: '',
        options: [],
        lastTradingTime: '',
        expirationTime: '',
        liquidity: '',
        collateral: 'token',
        margin: '',
      },
      { now: context.now, networkConnected: false, licenses: [], balance: null },
    );
    expect(result.fields).toEqual({
      network: { id: 'issue.error.networkNotConnected' },
      license: { id: 'issue.error.selectLicense' },
      event: { id: 'issue.error.eventEmpty' },
      options: { id: 'issue.error.optionsEmpty' },
      lastTradingTime: { id: 'issue.error.lastTradingTimeEmpty' },
      expirationTime: { id: 'issue.error.expirationTimeEmpty' },
      liquidity: { id: 'issue.error.amountInvalid' },
      margin: { id: 'issue.error.amountInvalid' },
    });
  });
});

describe('parseLocalDateTime', () => {
  it('reads a datetime-local value as local time', () => {
    expect(parseLocalDateTime('2030-01-01T12:00')).toBe(new Date(2030, 0, 1, 12, 0).getTime());
  });

  it.each(['', '  ', 'not a date'])('gives null for %p', (value) => {
    expect(parseLocalDateTime(value)).toBeNull();
  });
});
