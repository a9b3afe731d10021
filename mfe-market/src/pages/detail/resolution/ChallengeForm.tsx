import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { PLATFORM_TOKEN } from '@prds/shared/chains';
import { fromUnits, useFormat } from '@prds/shared/format';
import { isHttpError } from '@prds/shared/http';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { type MarketDetail, uploadEvidence } from '@prds/shared/markets';
import { type QueryKey } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Button, FileButton, Spinner } from '@prds/shared/ui';
import { TransactionStatus, useTransaction } from '@prds/shared/wallet';
import { Muted } from '../DetailSection';
import { useTokenBalance } from '../useTokenBalance';
import { EVIDENCE_API_ERRORS, EVIDENCE_IMAGE_TYPES, EVIDENCE_TEXT_MAX, checkEvidence, type EvidenceError } from './evidenceFile';
import { ErrorText, Field, KnownAtField, OptionSelect, Panel, Row, Stack, TextArea } from './panel';
import type { ChallengeAvailability } from './resolutionActions';
import { CHALLENGE_TX_MESSAGES } from './resolutionMessages';
import { KNOWN_AT_ERROR_MESSAGE, checkKnownAt, type KnownAtError } from './timeInput';

type FormError = EvidenceError | 'textInvalid' | 'option' | 'insufficientBalance' | 'upload' | KnownAtErrorKey;
type KnownAtErrorKey = `knownAt.${KnownAtError}`;

const FORM_ERROR = {
  imageType: { id: 'market.resolution.challenge.error.imageType' },
  imageTooLarge: { id: 'market.resolution.challenge.error.imageTooLarge' },
  textTooLong: { id: 'market.resolution.challenge.error.textTooLong' },
  textInvalid: { id: 'market.resolution.challenge.error.textInvalid' },
  empty: { id: 'market.resolution.challenge.error.empty' },
  option: { id: 'market.resolution.chooseOptionError' },
  insufficientBalance: { id: 'market.resolution.challenge.error.insufficientBalance' },
  upload: { id: 'market.resolution.challenge.error.upload' },
  'knownAt.empty': KNOWN_AT_ERROR_MESSAGE.empty,
  'knownAt.future': KNOWN_AT_ERROR_MESSAGE.future,
  'knownAt.beforeCreation': KNOWN_AT_ERROR_MESSAGE.beforeCreation,
  'knownAt.afterConfirmation': KNOWN_AT_ERROR_MESSAGE.afterConfirmation,
} as const satisfies Record<FormError, { id: string }>;

const UNAVAILABLE = {
  notConnected: { id: 'market.resolution.challenge.notConnected' },
  issuer: { id: 'market.resolution.challenge.issuer' },
  notParticipant: { id: 'market.resolution.challenge.notParticipant' },
  alreadyChallenged: { id: 'market.resolution.challenge.alreadyChallenged' },
} as const;

const Preview = styled.img`
  align-self: flex-start;
  max-width: 100%;
  max-height: 3rem;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/**
 * A participant's challenge: the claim they say is right, the 'battle image' and 'battle information'
 * (uploaded to the api, whose hash the transaction carries), and the PRDS stake (approved, then staked).
 */
export function ChallengeForm({
  market,
  availability,
  stake,
  invalidate,
}: {
  market: MarketDetail;
  availability: ChallengeAvailability;
  /** The PRDS stake in wei, or null while the protocol config loads. */
  stake: bigint | null;
  invalidate: readonly QueryKey[];
}) {
  const intl = useIntl();
  const format = useFormat();
  const tx = useTransaction(CHALLENGE_TX_MESSAGES);
  const { balance } = useTokenBalance(PLATFORM_TOKEN);
  const [option, setOption] = useState('');
  const [knownAtInput, setKnownAtInput] = useState<number | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [uploading, setUploading] = useState(false);

  // Only a picture the api will take is previewed; a wrong file is named when the form is sent.
  const preview = useMemo(
    () => (image === null || checkEvidence(image, 'x') !== null ? null : URL.createObjectURL(image)),
    [image],
  );
  useEffect(() => () => (preview === null ? undefined : URL.revokeObjectURL(preview)), [preview]);

  if (availability === 'closed' && tx.state === null) return null;
  if (availability !== 'available') {
    // After a challenge is filed the form gives way to its reason ('already challenged'); the
    // transaction's outcome stays shown.
    return (
      <Panel title={<FormattedMessage id="market.resolution.challenge.title" />} testId="challenge-form">
        {availability !== 'closed' && (
          <Muted data-testid="challenge-unavailable" data-reason={availability}>
            <FormattedMessage {...UNAVAILABLE[availability]} />
          </Muted>
        )}
        <TransactionStatus state={tx.state} />
      </Panel>
    );
  }

  const busy = uploading || tx.busy;
  // Another option, or (against an early confirmation) the same option with another time.
  const options = market.options.filter((o) => market.early || o.index !== market.result);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let knownAt = 0;
    let problem: FormError | null = option === '' ? 'option' : checkEvidence(image, text);
    if (problem === null && market.early && knownAtInput !== null) {
      const knownAtError = checkKnownAt(knownAtInput, {
        createdAt: market.createdAt,
        latest: market.confirmedAt ?? market.createdAt,
        latestIs: 'confirmation',
      });
      if (knownAtError !== null) problem = `knownAt.${knownAtError}`;
      else knownAt = knownAtInput;
    }
    if (problem === null && stake !== null && balance !== null && balance < stake) problem = 'insufficientBalance';
    setError(problem);
    if (problem !== null || stake === null) return;

    setUploading(true);
    let evidenceHash: string;
    try {
      evidenceHash = (await uploadEvidence({ image, text: text.trim() })).evidenceHash;
    } catch (failure) {
      const key = isHttpError(failure) && failure.apiKey !== undefined ? EVIDENCE_API_ERRORS[failure.apiKey] : undefined;
      setError(key ?? 'upload');
      return;
    } finally {
      setUploading(false);
    }
    void tx.run({
      contract: 'markets',
      fn: 'challenge',
      args: [BigInt(market.id), Number(option), knownAt, evidenceHash as `0x${string}`],
      approve: { token: 'platformToken', amount: stake },
      invalidate,
    });
  };

  return (
    <Panel title={<FormattedMessage id="market.resolution.challenge.title" />} testId="challenge-form">
      <Stack onSubmit={(event) => void onSubmit(event)}>
        <Muted>
          <FormattedMessage id="market.detail.challenge.rule" />
        </Muted>
        <p data-testid="challenge-stake">
          <FormattedMessage
            id="market.resolution.challenge.stake"
            values={{
              amount: stake === null ? '--' : format.amount(fromUnits(stake.toString(), PLATFORM_TOKEN.decimals)),
              balance: balance === null ? '--' : format.amount(fromUnits(balance.toString(), PLATFORM_TOKEN.decimals)),
              symbol: PLATFORM_TOKEN.symbol,
            }}
          />
        </p>
        <Field>
          <FormattedMessage id="market.resolution.challenge.claim" />
          <OptionSelect options={options} value={option} onChange={setOption} testId="challenge-option" />
        </Field>
        {market.early && (
          <KnownAtField
            label={<FormattedMessage id="market.resolution.challenge.knownAt" />}
            value={knownAtInput}
            onChange={setKnownAtInput}
            min={market.createdAt}
            max={market.confirmedAt ?? market.createdAt}
            invalid={error !== null && error.startsWith('knownAt.')}
            testId="challenge-known-at"
          />
        )}
        <FileButton
          label={<FormattedMessage id="market.resolution.challenge.image" />}
          file={image}
          onChange={setImage}
          accept={EVIDENCE_IMAGE_TYPES.join(',')}
          invalid={error === 'imageType' || error === 'imageTooLarge'}
          data-testid="challenge-image"
        />
        {preview !== null && (
          <Preview src={preview} alt={intl.formatMessage({ id: 'market.resolution.challenge.imagePreview' })} />
        )}
        <Field>
          <FormattedMessage id="market.resolution.challenge.text" values={{ max: EVIDENCE_TEXT_MAX }} />
          <TextArea
            data-testid="challenge-text"
            maxLength={EVIDENCE_TEXT_MAX}
            value={text}
            dir="auto"
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        {error !== null && (
          <ErrorText role="alert" data-testid="challenge-error">
            <FormattedMessage {...FORM_ERROR[error]} />
          </ErrorText>
        )}
        <Row>
          <Button type="submit" data-testid="challenge-submit" disabled={busy || stake === null}>
            {uploading && <Spinner />}
            <FormattedMessage id={uploading ? 'market.resolution.challenge.uploading' : 'market.resolution.challenge.submit'} />
          </Button>
        </Row>
        <TransactionStatus state={tx.state} />
      </Stack>
    </Panel>
  );
}
