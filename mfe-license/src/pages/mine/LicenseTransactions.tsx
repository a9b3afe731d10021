import { useState } from 'react';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, type MessageDescriptor } from '@prds/shared/i18n';
import { type LicenseEventKind, type LicenseEventView } from '@prds/shared/licenses';
import { styled } from '@prds/shared/theme';
import { Card, ListState, Pager, Skeleton, Usdt } from '@prds/shared/ui';
import { explorerTxUrl, shortAddress, useWallet } from '@prds/shared/wallet';
import { TRANSACTIONS_PAGE_SIZE, useMyLicenseTransactions } from './useMyLicenses';

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-of-type {
    border-bottom: 0;
  }
  strong {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  small {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
  }
`;

const Amount = styled.span`
  font-variant-numeric: tabular-nums;
  text-align: end;
`;

const Mono = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  unicode-bidi: isolate;
  direction: ltr;
`;

// Shared's pager, laid out as this card's: spread across it, in the card's text.
const TransactionsPager = styled(Pager)`
  flex-wrap: wrap;
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.spacing.md};
  color: inherit;
  font-size: inherit;
`;

const PAGER_MESSAGES = {
  previous: { id: 'license.transactions.prev' },
  next: { id: 'license.transactions.next' },
  page: { id: 'license.transactions.page' },
} as const;

const BOUGHT = { id: 'license.event.bought' } as const;
const RENTED_OUT = { id: 'license.event.rentedOut' } as const;

const KIND: Record<LicenseEventKind, MessageDescriptor> = {
  minted: { id: 'license.event.minted' },
  transfer: { id: 'license.event.transfer' },
  listed_for_sale: { id: 'license.event.listedForSale' },
  sale_cancelled: { id: 'license.event.saleCancelled' },
  sold: { id: 'license.event.sold' },
  listed_for_rent: { id: 'license.event.listedForRent' },
  rent_cancelled: { id: 'license.event.rentCancelled' },
  rented: { id: 'license.event.rented' },
  used: { id: 'license.event.used' },
  recycled: { id: 'license.event.recycled' },
};

/** A sale or a rental reads from this account's side: bought rather than sold, rented rather than rented out. */
function kindLabel(event: LicenseEventView, account: string): MessageDescriptor {
  if (event.kind === 'sold' && event.to === account) return BOUGHT;
  if (event.kind === 'rented' && event.from === account) return RENTED_OUT;
  return KIND[event.kind];
}

function EventRow({ event, account }: { event: LicenseEventView; account: string }) {
  const format = useFormat();
  const { desiredChainId } = useWallet();
  const link = explorerTxUrl(desiredChainId, event.txHash);
  // The other side of a sale or rental, as this account sees it.
  const other = event.from === account ? event.to : event.to === account ? event.from : null;
  return (
    <Row data-testid="license-event" data-kind={event.kind} data-token-id={event.tokenId}>
      <span>
        <strong>
          <FormattedMessage {...kindLabel(event, account)} />
        </strong>{' '}
        <FormattedMessage id="license.event.token" values={{ tokenId: event.tokenId }} />
      </span>
      <Amount>{event.price === null ? '' : <Usdt wei={event.price} />}</Amount>
      <small>
        {format.dateTime(event.time)}
        {other !== null && (
          <>
            {' · '}
            <FormattedMessage id="license.event.with" values={{ address: <Mono title={other}>{shortAddress(other)}</Mono> }} />
          </>
        )}
        {' · '}
        {link === null ? (
          <Mono title={event.txHash}>{shortAddress(event.txHash)}</Mono>
        ) : (
          <a href={link} target="_blank" rel="noreferrer noopener">
            <FormattedMessage id="tx.viewOnExplorer" />
          </a>
        )}
      </small>
    </Row>
  );
}

/** The account's License transactions (`/api/ticket/transactions`), newest first, a page at a time. */
export function LicenseTransactions({ account }: { account: string }) {
  const [page, setPage] = useState(1);
  const query = useMyLicenseTransactions(account, page);
  const data = query.data;
  return (
    <Card as="section" aria-labelledby="license-transactions-title" data-testid="license-transactions">
      <Title id="license-transactions-title">
        <FormattedMessage id="license.transactions.title" />
      </Title>
      {/* Once a page is in, it stays up through a later failed refresh. */}
      <ListState
        loading={data === undefined && !query.isError}
        error={data === undefined && query.isError ? query.error : null}
        empty={data !== undefined && data.total === 0}
        emptyTitle={<FormattedMessage id="license.transactions.empty" />}
        onRetry={() => void query.refetch()}
        skeleton={<Skeleton height="6em" />}
      >
        {data !== undefined && (
          <>
            <List aria-busy={query.isPlaceholderData} data-total={data.total}>
              {data.list.map((event) => (
                <EventRow key={`${event.txHash}-${event.logIndex}`} event={event} account={account} />
              ))}
            </List>
            <TransactionsPager
              page={page}
              pageSize={TRANSACTIONS_PAGE_SIZE}
              total={data.total}
              onPage={setPage}
              messages={PAGER_MESSAGES}
              partsTestId="license-transactions"
            />
          </>
        )}
      </ListState>
    </Card>
  );
}
