import { useState, type FormEvent } from 'react';
import { PAY_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { queryKeys, useQuery } from '@prds/shared/query';
import { Button, ErrorNotice, Modal, Muted } from '@prds/shared/ui';
import { TransactionStatus, readContract, useWallet } from '@prds/shared/wallet';
import { validateCount, validatePrice } from '../common/amountInput';
import { DialogForm } from '../common/dialogParts';
import { LicenseTitle } from '../common/LicenseFacts';
import { COUNT_ERROR_MESSAGE, PRICE_ERROR_MESSAGE } from '../common/licenseMessages';
import { NumberField } from '../common/NumberField';
import { PriceBounds, type ListingDialogProps } from './SellDialog';

/** LicenseMarketplace.maxRentalDays: the longest rental a listing may offer, fixed at deployment. */
function useMaxRentalDays() {
  const { desiredChainId } = useWallet();
  return useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'licenseMarketplace', 'maxRentalDays'),
    queryFn: async () => Number(await readContract('licenseMarketplace', 'maxRentalDays', [])),
    staleTime: Infinity,
  });
}

/**
 * List for rent: a price per day, the most days one rental may last (up to the marketplace's limit)
 * and the most markets one rental may issue (up to what the License has left). Each is checked, with
 * its bounds shown, before anything is sent.
 */
export function RentOutDialog({ license, tx, onClose }: ListingDialogProps) {
  const maxRentalDays = useMaxRentalDays();
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('');
  const [issues, setIssues] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const dayLimit = maxRentalDays.data ?? null;
  const format = useFormat();
  const priceCheck = validatePrice(format.normalizeInput(price));
  const daysCheck = validateCount(days, 1, dayLimit ?? 0);
  const issuesCheck = validateCount(issues, 1, license.availableTimes);
  const shown = <T extends string>(check: { ok: true } | { ok: false; error: T }): T | null =>
    !check.ok && (check.error !== 'empty' || submitted) ? check.error : null;
  const priceProblem = shown(priceCheck);
  const daysProblem = dayLimit === null ? null : shown(daysCheck);
  const issuesProblem = shown(issuesCheck);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!priceCheck.ok || !daysCheck.ok || !issuesCheck.ok || dayLimit === null || tx.busy) return;
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    const result = await tx.run({
      contract: 'licenseMarketplace',
      fn: 'listForRent',
      args: [BigInt(license.tokenId), priceCheck.wei, daysCheck.value, issuesCheck.value],
      approve: { nft: 'license' },
      invalidate: [queryKeys.licenses],
    });
    if (result.ok) onClose();
  };

  return (
    <Modal
      title={<FormattedMessage id="license.rentOut.title" />}
      onClose={onClose}
      data-testid="license-rent-out-dialog"
      closeTestId="license-dialog-close"
    >
      <DialogForm noValidate onSubmit={(event) => void onSubmit(event)}>
        <LicenseTitle license={license} />
        <NumberField
          label={<FormattedMessage id="license.rentOut.pricePerDay" values={{ symbol: PAY_TOKEN.symbol }} />}
          hint={<PriceBounds />}
          value={price}
          onChange={setPrice}
          decimal
          error={
            priceProblem === null ? null : <FormattedMessage {...PRICE_ERROR_MESSAGE[priceProblem]} values={{ decimals: 4 }} />
          }
          errorKind={priceProblem ?? undefined}
          testId="license-rent-out-price"
        />
        <NumberField
          label={<FormattedMessage id="license.rentOut.maxDays" />}
          hint={<FormattedMessage id="license.count.bounds" values={{ min: 1, max: dayLimit ?? '--' }} />}
          value={days}
          onChange={setDays}
          error={
            daysProblem === null ? null : (
              <FormattedMessage {...COUNT_ERROR_MESSAGE[daysProblem]} values={{ min: 1, max: dayLimit ?? 0 }} />
            )
          }
          errorKind={daysProblem ?? undefined}
          testId="license-rent-out-days"
        />
        <NumberField
          label={<FormattedMessage id="license.rentOut.maxIssues" />}
          hint={<FormattedMessage id="license.count.bounds" values={{ min: 1, max: license.availableTimes }} />}
          value={issues}
          onChange={setIssues}
          error={
            issuesProblem === null ? null : (
              <FormattedMessage {...COUNT_ERROR_MESSAGE[issuesProblem]} values={{ min: 1, max: license.availableTimes }} />
            )
          }
          errorKind={issuesProblem ?? undefined}
          testId="license-rent-out-issues"
        />
        {maxRentalDays.isError && <ErrorNotice error={maxRentalDays.error} onRetry={() => void maxRentalDays.refetch()} />}
        <Muted>
          <FormattedMessage id="license.rentOut.note" />
        </Muted>
        <Button
          type="submit"
          size="lg"
          block
          loading={tx.busy}
          disabled={dayLimit === null}
          data-testid="license-rent-out-confirm"
        >
          <FormattedMessage id="license.rentOut.confirm" />
        </Button>
        <TransactionStatus state={tx.state} />
      </DialogForm>
    </Modal>
  );
}
