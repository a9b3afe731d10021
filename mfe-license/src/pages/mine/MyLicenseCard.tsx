import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, type MessageDescriptor } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { queryKeys } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Badge, Button, Card, Muted, type BadgeTone, Usdt } from '@prds/shared/ui';
import { TransactionStatus, shortAddress, useTransaction } from '@prds/shared/wallet';
import { Facts, type Fact } from '../common/Facts';
import { LicenseProperties, LicenseTitle } from '../common/LicenseFacts';
import {
  CANCEL_RENT_TX_MESSAGES,
  CANCEL_SALE_TX_MESSAGES,
  LIST_RENT_TX_MESSAGES,
  SELL_TX_MESSAGES,
} from '../common/licenseMessages';
import { licenseActions, type LicenseHolding, type LicenseNote } from './licenseActions';
import { RentOutDialog } from './RentOutDialog';
import { SellDialog } from './SellDialog';

const Item = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
`;

const IssueLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 2.5em;
  padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
`;

const Address = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  unicode-bidi: isolate;
  direction: ltr;
`;

const HOLDING: Record<LicenseHolding, { readonly label: MessageDescriptor; readonly tone: BadgeTone }> = {
  unsold: { label: { id: 'license.state.unsold' }, tone: 'neutral' },
  onSale: { label: { id: 'license.state.onSale' }, tone: 'success' },
  forRent: { label: { id: 'license.state.forRent' }, tone: 'warning' },
  rentedOut: { label: { id: 'license.state.rentedOut' }, tone: 'primary' },
  rentedIn: { label: { id: 'license.state.rentedIn' }, tone: 'primary' },
  staked: { label: { id: 'license.state.staked' }, tone: 'neutral' },
};

const NOTE = {
  cancelRentBeforeSale: { id: 'license.note.cancelRentBeforeSale' },
  rentalRunning: { id: 'license.note.rentalRunning' },
  staked: { id: 'license.note.staked' },
  notTradable: { id: 'license.note.notTradable' },
  notRentable: { id: 'license.note.notRentable' },
  notUsable: { id: 'license.note.notUsable' },
  noIssuesLeft: { id: 'license.note.noIssuesLeft' },
  rentalIssuesUsed: { id: 'license.note.rentalIssuesUsed' },
} as const satisfies Record<LicenseNote, MessageDescriptor>;

function Who({ address }: { address: string | null }) {
  return address === null ? <>--</> : <Address title={address}>{shortAddress(address)}</Address>;
}

/** The facts My License shows for a License in each state. */
function stateFacts(license: LicenseView, holding: LicenseHolding, when: (time: number | null) => ReactNode): Fact[] {
  const rentTerms: Fact[] = [
    {
      key: 'pricePerDay',
      label: <FormattedMessage id="license.market.pricePerDay" />,
      value: <Usdt wei={license.rentPricePerDay} />,
    },
    {
      key: 'maxDays',
      label: <FormattedMessage id="license.market.maxDays" />,
      value: <FormattedMessage id="license.days" values={{ count: license.rentMaxDays ?? 0 }} />,
    },
    { key: 'maxIssues', label: <FormattedMessage id="license.market.maxIssues" />, value: license.rentMaxIssues ?? '--' },
  ];
  const rental = (who: 'renter' | 'owner'): Fact[] => [
    {
      key: who,
      label: <FormattedMessage id={who === 'renter' ? 'license.item.renter' : 'license.item.owner'} />,
      value: <Who address={who === 'renter' ? license.user : license.owner} />,
    },
    { key: 'rentEnd', label: <FormattedMessage id="license.item.rentEnd" />, value: when(license.rentEnd) },
    {
      key: 'rentalIssues',
      label: <FormattedMessage id="license.item.rentalIssues" />,
      value: (
        <FormattedMessage
          id="license.item.rentalIssuesValue"
          values={{ used: license.rentalIssuesUsed ?? 0, max: license.rentalMaxIssues ?? 0 }}
        />
      ),
    },
  ];
  switch (holding) {
    case 'onSale':
      return [{ key: 'price', label: <FormattedMessage id="license.market.price" />, value: <Usdt wei={license.salePrice} /> }];
    case 'forRent':
      return rentTerms;
    case 'rentedOut':
      return [...rental('renter'), ...rentTerms];
    case 'rentedIn':
      return rental('owner');
    default:
      return [];
  }
}

type Open = 'sell' | 'listForRent' | null;

/** One License of My License: what it is, its state, and only the actions that state allows. */
export function MyLicenseCard({ license }: { license: LicenseView }) {
  const { holding, actions, notes } = licenseActions(license);
  const sell = useTransaction(SELL_TX_MESSAGES);
  const listForRent = useTransaction(LIST_RENT_TX_MESSAGES);
  const cancelSale = useTransaction(CANCEL_SALE_TX_MESSAGES);
  const cancelRent = useTransaction(CANCEL_RENT_TX_MESSAGES);
  const format = useFormat();
  const [open, setOpen] = useState<Open>(null);
  // The latest flow's progress stays under the card (a dialog shows its own while open).
  const [last, setLast] = useState<'sell' | 'listForRent' | 'cancelSale' | 'cancelRent' | null>(null);
  const lastTx = { sell, listForRent, cancelSale, cancelRent }[last ?? 'sell'];
  const busy = sell.busy || listForRent.busy || cancelSale.busy || cancelRent.busy;
  const tokenId = BigInt(license.tokenId);
  const titleId = `license-mine-${license.tokenId}`;
  const when = (time: number | null) => (time === null ? '--' : format.dateTime(time));

  const facts: Fact[] = [
    { key: 'availableTimes', label: <FormattedMessage id="license.item.availableTimes" />, value: license.availableTimes },
    {
      key: 'marketsIssued',
      label: <FormattedMessage id="license.item.marketsIssued" />,
      value: license.marketsIssued,
    },
    ...stateFacts(license, holding, when),
  ];

  const run = (flow: 'cancelSale' | 'cancelRent') => {
    setLast(flow);
    const tx = flow === 'cancelSale' ? cancelSale : cancelRent;
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    void tx.run({
      contract: 'licenseMarketplace',
      fn: flow === 'cancelSale' ? 'cancelSale' : 'cancelRentListing',
      args: [tokenId],
      invalidate: [queryKeys.licenses],
    });
  };
  const openDialog = (flow: 'sell' | 'listForRent') => {
    setLast(flow);
    (flow === 'sell' ? sell : listForRent).reset();
    setOpen(flow);
  };

  return (
    <Item
      as="article"
      aria-labelledby={titleId}
      data-testid="license-mine-item"
      data-token-id={license.tokenId}
      data-holding={holding}
    >
      <Top>
        <LicenseTitle license={license} titleId={titleId} />
        <Badge tone={HOLDING[holding].tone} data-testid="license-holding">
          <FormattedMessage {...HOLDING[holding].label} />
        </Badge>
      </Top>
      <Facts facts={facts} />
      <LicenseProperties properties={license.properties} />
      {notes.map((note) => (
        <Muted key={note} data-testid={`license-note-${note}`}>
          <FormattedMessage {...NOTE[note]} values={{ date: when(license.rentEnd) }} />
        </Muted>
      ))}
      {actions.length > 0 && (
        <Actions>
          {actions.includes('sell') && (
            <Button onClick={() => openDialog('sell')} disabled={busy} data-testid="license-action-sell">
              <FormattedMessage id="license.action.sell" />
            </Button>
          )}
          {actions.includes('listForRent') && (
            <Button
              variant="secondary"
              onClick={() => openDialog('listForRent')}
              disabled={busy}
              data-testid="license-action-rent"
            >
              <FormattedMessage id="license.action.rent" />
            </Button>
          )}
          {actions.includes('cancelSale') && (
            <Button
              variant="secondary"
              loading={cancelSale.busy}
              disabled={busy}
              onClick={() => run('cancelSale')}
              data-testid="license-action-cancel-sale"
            >
              <FormattedMessage id="license.action.cancelSale" />
            </Button>
          )}
          {actions.includes('cancelRent') && (
            <Button
              variant="secondary"
              loading={cancelRent.busy}
              disabled={busy}
              onClick={() => run('cancelRent')}
              data-testid="license-action-cancel-rent"
            >
              <FormattedMessage id="license.action.cancelRent" />
            </Button>
          )}
          {actions.includes('issue') && (
            <IssueLink to={paths.issue({ license: license.tokenId })} data-testid="license-action-issue">
              <FormattedMessage id="license.action.issue" />
            </IssueLink>
          )}
        </Actions>
      )}
      {open === null && <TransactionStatus state={lastTx.state} />}
      {open === 'sell' && <SellDialog license={license} tx={sell} onClose={() => setOpen(null)} />}
      {open === 'listForRent' && <RentOutDialog license={license} tx={listForRent} onClose={() => setOpen(null)} />}
    </Item>
  );
}
