import { EVIDENCE_MAX_BYTES, checkEvidence } from './evidenceFile';
import { checkKnownAt } from './timeInput';

describe('checkEvidence', () => {
  it.each([
    [{ type: 'image/png', size: 10 }, '', null],
    [{ type: 'image/webp', size: EVIDENCE_MAX_BYTES }, 'x', null],
    [null, 'only text', null],
    [{ type: 'image/gif', size: 10 }, '', 'imageType'],
    [{ type: 'image/jpeg', size: EVIDENCE_MAX_BYTES + 1 }, '', 'imageTooLarge'],
    [null, '   ', 'empty'],
    [null, 'x'.repeat(2001), 'textTooLong'],
  ] as const)('%o with %s → %s', (image, text, expected) => {
    expect(checkEvidence(image, text)).toBe(expected);
  });
});

describe('known-time input', () => {
  it('keeps the time between creation and the latest allowed moment', () => {
    const bounds = { createdAt: 100, latest: 200, latestIs: 'now' } as const;
    expect(checkKnownAt(150, bounds)).toBeNull();
    expect(checkKnownAt(null, bounds)).toBe('empty');
    expect(checkKnownAt(99, bounds)).toBe('beforeCreation');
    expect(checkKnownAt(201, bounds)).toBe('future');
    expect(checkKnownAt(201, { ...bounds, latestIs: 'confirmation' })).toBe('afterConfirmation');
  });
});
