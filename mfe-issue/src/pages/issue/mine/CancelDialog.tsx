import { useState } from 'react';
import { FormattedMessage } from '@prds/shared/i18n';
import { type IssuedMarket } from '@prds/shared/issue';
import { queryKeys, useQuery } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Button, Modal, Muted, Usdt } from '@prds/shared/ui';
import { readContract, shortAddress, TransactionStatus, type TxMessages, useTransaction, useWallet } from '@prds/shared/wallet';
import { issueQueryKeys } from '../../../api';
import { licenseHolder } from './licenseHolder';
import { readAvailableTimes } from './useIssuedMarkets';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Recycled = styled.p`
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const CANCEL_TX_MESSAGES: TxMessages = {
  confirmedId: 'issue.cancel.done',
  failedId: 'issue.tx.failed',
  cancelledId: 'issue.tx.cancelled',
  notConnectedId: 'issue.error.networkNotConnected',
  revert: { MarketHasBuys: { id: 'issue.cancel.hasBuys' }, MarketNotOpen: { id: 'issue.cancel.notOpen' } },
};

/**
 * Cancel a market no one has bought into (Markets.cancel): irreversible; the liquidity and the margin
 * come back, a staked License too, and the License gets back the use the market took
 * (License.recycleUse) — shown from the chain once done.
 */
export function CancelDialog({ market, onClose }: { market: IssuedMarket; onClose: () => void }) {
  const { account, desiredChainId } = useWallet();
  const [left, setLeft] = useState<number | null>(null);
  const tx = useTransaction(CANCEL_TX_MESSAGES);
  // The use goes back to the License, so say whose it is now: a License sold since belongs to its buyer.
  const holder = useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'license', 'holder', market.licenseId),
    queryFn: async () => {
      const id = BigInt(market.licenseId);
      const [owner, user] = await Promise.all([
        readContract('license', 'ownerOf', [id], desiredChainId),
        readContract('license', 'userOf', [id], desiredChainId),
      ]);
      return { owner, user };
    },
    enabled: account !== null && !market.licenseStaked,
  });
  const other =
    account !== null && holder.data !== undefined
      ? licenseHolder({ account, staked: market.licenseStaked, ...holder.data })
      : null;

  const onConfirm = async () => {
    if (account === null) return;
    const result = await tx.run({
      contract: 'markets',
      fn: 'cancel',
      args: [BigInt(market.id)],
      invalidate: [queryKeys.markets, issueQueryKeys.licenses(account), queryKeys.account(account)],
    });
    if (result.ok) setLeft(await readAvailableTimes(market.licenseId));
  };

  // The list behind refreshes once the cancel is indexed; this dialog stays until closed.
  const close = () => {
    if (!tx.busy) onClose();
  };

  return (
    <Modal
      title={<FormattedMessage id="issue.cancel.title" values={{ id: market.id }} />}
      onClose={close}
      data-testid="issue-cancel-dialog"
      closeTestId="issue-cancel-close"
    >
      <Body>
        <p>
          <FormattedMessage
            id="issue.cancel.body"
            values={{
              liquidity: <Usdt wei={market.liquidity} />,
              margin: <Usdt wei={market.margin} />,
              license: market.licenseId,
            }}
          />
        </p>
        {other?.kind === 'other' && (
          <Muted data-testid="issue-cancel-license-owner">
            <FormattedMessage
              id="issue.cancel.licenseNowOthers"
              values={{ license: market.licenseId, owner: shortAddress(other.owner) }}
            />
          </Muted>
        )}
        {market.licenseStaked && (
          <Muted>
            <FormattedMessage id="issue.cancel.stakedBack" values={{ license: market.licenseId }} />
          </Muted>
        )}
        <TransactionStatus state={tx.state} />
        {left !== null && (
          <Recycled data-testid="issue-cancel-recycled" data-available-times={left}>
            <FormattedMessage id="issue.cancel.recycled" values={{ license: market.licenseId, left }} />
          </Recycled>
        )}
        <Actions>
          {left === null ? (
            <>
              <Button variant="ghost" onClick={close} disabled={tx.busy}>
                <FormattedMessage id="issue.cancel.keep" />
              </Button>
              <Button data-testid="issue-cancel-confirm" loading={tx.busy} onClick={() => void onConfirm()}>
                <FormattedMessage id="issue.cancel.confirm" />
              </Button>
            </>
          ) : (
            <Button onClick={close} data-testid="issue-cancel-finish">
              <FormattedMessage id="common.close" />
            </Button>
          )}
        </Actions>
      </Body>
    </Modal>
  );
}
