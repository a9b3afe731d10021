import { HttpError } from '@prds/shared/http';
import { moderationReason } from './moderationReasons';
import { fieldRefusal } from './submitErrors';

function refused(apiKey: string, field?: string, details?: Record<string, unknown>): HttpError {
  return new HttpError({
    kind: 'status',
    status: 422,
    messageKey: 'common.error.http',
    message: apiKey,
    apiKey,
    ...(field === undefined ? {} : { field }),
    ...(details === undefined ? {} : { details }),
  });
}

describe('fieldRefusal', () => {
  it('puts content refused by moderation at its field, with the reason', () => {
    expect(
      fieldRefusal(refused('api.error.contentRefused', 'event', { reason: 'api.moderation.gambling', term: 'bet' })),
    ).toEqual({
      field: 'event',
      option: null,
      error: { id: 'issue.error.contentRefused', reason: 'gambling' },
    });
    expect(fieldRefusal(refused('api.error.contentRefused', 'options.1', { reason: 'api.moderation.hate' }))).toEqual({
      field: 'options',
      option: 1,
      error: { id: 'issue.error.contentRefused', reason: 'hate' },
    });
    // A reason this page does not know still refuses, without naming one.
    expect(fieldRefusal(refused('api.error.contentRefused', 'url', { reason: 'api.moderation.newRule' }))?.error).toEqual({
      id: 'issue.error.contentRefused',
      reason: null,
    });
  });

  it("gives the api's checks of the form's own rules the form's words", () => {
    expect(fieldRefusal(refused('api.error.optionRepeated', 'options.2', { sameAs: 0 }))).toEqual({
      field: 'options',
      option: 2,
      error: { id: 'issue.error.optionsRepeated' },
    });
    expect(fieldRefusal(refused('api.error.invalidBody', 'description', { maxLength: 5000 }))).toEqual({
      field: 'description',
      option: null,
      error: { id: 'issue.error.textTooLong', max: 5000 },
    });
    expect(fieldRefusal(refused('api.error.urlInvalid', 'url'))?.error).toEqual({ id: 'issue.error.urlInvalid' });
  });

  it("says a reviewer's rejection at the event", () => {
    expect(fieldRefusal(refused('api.error.metadataRejected'))).toEqual({
      field: 'event',
      option: null,
      error: { id: 'issue.error.contentRefused', reason: 'rejectedInReview' },
    });
  });

  it('leaves failures that are not about a field to the form-wide error', () => {
    expect(fieldRefusal(refused('api.error.rateLimited'))).toBeNull();
    expect(fieldRefusal(refused('api.error.contentRefused', 'marketId'))).toBeNull();
    expect(fieldRefusal(refused('api.error.invalidBody', 'event'))).toBeNull();
    expect(fieldRefusal(new HttpError({ kind: 'timeout', messageKey: 'common.error.responseTimeout', message: 'x' }))).toBeNull();
    expect(fieldRefusal(new Error('boom'))).toBeNull();
  });
});

describe('moderationReason', () => {
  it.each([
    ['api.moderation.gambling', 'gambling'],
    ['api.moderation.rejectedInReview', 'rejectedInReview'],
    ['api.moderation.constructor', null],
    ['gambling', null],
    [42, null],
  ])('%p → %p', (key, expected) => {
    expect(moderationReason(key)).toBe(expected);
  });
});
