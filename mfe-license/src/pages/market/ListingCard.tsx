import { FormattedMessage } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { styled } from '@prds/shared/theme';
import { Badge, Button, Card, Muted, Usdt } from '@prds/shared/ui';
import { shortAddress } from '@prds/shared/wallet';
import { Facts, type Fact } from '../common/Facts';
import { LicenseProperties, LicenseTitle } from '../common/LicenseFacts';

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

const Address = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  unicode-bidi: isolate;
  direction: ltr;
`;

export type ListingKind = 'sale' | 'rent';

/** A listing is for sale or for rent (a rental that ran out is for rent again). */
export function listingKind(license: Pick<LicenseView, 'state'>): ListingKind {
  return license.state === 'onSale' ? 'sale' : 'rent';
}

export interface ListingCardProps {
  readonly license: LicenseView;
  /** The connected account (lowercase), or null. */
  readonly account: string | null;
  readonly onBuy: (license: LicenseView) => void;
  readonly onRent: (license: LicenseView) => void;
  readonly canTrade: boolean;
}

/** One License on the market: what it is, its price or rent terms, its seller, and Buy or Rent. */
export function ListingCard({ license, account, onBuy, onRent, canTrade }: ListingCardProps) {
  const kind = listingKind(license);
  const mine = account !== null && license.owner === account;
  const titleId = `license-listing-${license.tokenId}`;
  const terms: Fact[] =
    kind === 'sale'
      ? [{ key: 'price', label: <FormattedMessage id="license.market.price" />, value: <Usdt wei={license.salePrice} /> }]
      : [
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
          {
            key: 'maxIssues',
            label: <FormattedMessage id="license.market.maxIssues" />,
            value: license.rentMaxIssues ?? '--',
          },
        ];
  const facts: Fact[] = [
    ...terms,
    {
      key: 'availableTimes',
      label: <FormattedMessage id="license.item.availableTimes" />,
      value: license.availableTimes,
    },
    {
      key: 'seller',
      label: <FormattedMessage id={kind === 'sale' ? 'license.market.seller' : 'license.market.owner'} />,
      value: <Address title={license.owner}>{shortAddress(license.owner)}</Address>,
    },
  ];
  return (
    <Item
      as="article"
      aria-labelledby={titleId}
      data-testid="license-listing"
      data-token-id={license.tokenId}
      data-kind={kind}
      data-type={license.type}
    >
      <Top>
        <LicenseTitle license={license} titleId={titleId} />
        <Badge tone={kind === 'sale' ? 'success' : 'warning'}>
          <FormattedMessage id={kind === 'sale' ? 'license.market.forSale' : 'license.market.forRent'} />
        </Badge>
      </Top>
      <Facts facts={facts} />
      <LicenseProperties properties={license.properties} />
      {mine ? (
        <Muted data-testid="license-listing-mine">
          <FormattedMessage id="license.market.yours" />
        </Muted>
      ) : kind === 'sale' ? (
        <Button block disabled={!canTrade} onClick={() => onBuy(license)} data-testid="license-listing-buy">
          <FormattedMessage id="license.market.buy" />
        </Button>
      ) : (
        <Button block disabled={!canTrade} onClick={() => onRent(license)} data-testid="license-listing-rent">
          <FormattedMessage id="license.market.rent" />
        </Button>
      )}
    </Item>
  );
}
