import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl, type MessageDescriptor } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { styled } from '@prds/shared/theme';
import { Button, EmptyState, ErrorNotice, Field, Select, Skeleton } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';
import { WalletNotice } from '../common/WalletNotice';
import { LICENSE_TYPE_LABEL } from '../licenseTypes';
import { BuyDialog } from './BuyDialog';
import { ListingCard } from './ListingCard';
import {
  KIND_LABEL,
  LICENSE_MARKET_KINDS,
  LICENSE_MARKET_SORTS,
  LICENSE_TYPE_FILTERS,
  SORT_LABEL,
  parseLicenseMarketFilters,
  writeLicenseMarketFilters,
  type LicenseMarketFilters,
  type LicenseTypeFilter,
} from './licenseMarketFilters';
import { RentDialog } from './RentDialog';
import { useLicenseMarket } from './useLicenseMarket';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/*
 * Each select at least as wide as its longest choice in the page's language (a native select's own
 * width), the three on one line where they fit, else wrapped: the chosen text is never cut or under the
 * arrow ('Продажа и аренду', 'Verkauf und Miete').
 */
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  & > * {
    flex: 1 1 auto;
  }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16em), 1fr));
`;

const ALL_TYPES = { id: 'license.market.type.all' } as const;

function typeLabel(type: LicenseTypeFilter): MessageDescriptor {
  return type === 'all' ? ALL_TYPES : LICENSE_TYPE_LABEL[type];
}

/**
 * The filters in the URL: a choice pushes a history entry (Back undoes it); choosing the current one
 * adds none. A chosen value is read back through the URL parser, so only a known value is kept.
 */
function useLicenseMarketFilters(): readonly [LicenseMarketFilters, (field: keyof LicenseMarketFilters, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const filters = parseLicenseMarketFilters(params);
  const choose = useCallback(
    (field: keyof LicenseMarketFilters, value: string) => {
      const chosen = new URLSearchParams(params);
      chosen.set(field, value);
      const next = writeLicenseMarketFilters(parseLicenseMarketFilters(chosen), params);
      if (next.toString() !== params.toString()) setParams(next);
    },
    [params, setParams],
  );
  return [filters, choose] as const;
}

type Dialog = { readonly kind: 'buy' | 'rent'; readonly license: LicenseView } | null;

/** The License market: Licenses other holders sell or rent out, filtered and sorted as the URL says; buy or rent one. */
export function LicenseMarket() {
  const intl = useIntl();
  const wallet = useWallet();
  const [filters, choose] = useLicenseMarketFilters();
  const market = useLicenseMarket(filters);
  // The chosen listing is kept as it was shown: a refetch that drops it (sold) must not close the dialog.
  const [dialog, setDialog] = useState<Dialog>(null);
  const account = wallet.account?.toLowerCase() ?? null;
  const empty = !market.isPending && !market.isError && market.listings.length === 0;

  return (
    <Section aria-labelledby="license-market-title" data-testid="license-market">
      <Title id="license-market-title">
        <FormattedMessage id="license.market.title" />
      </Title>
      <Controls>
        <Field>
          <FormattedMessage id="license.market.kind" />
          <Select data-testid="license-market-kind" value={filters.kind} onChange={(event) => choose('kind', event.target.value)}>
            {LICENSE_MARKET_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {intl.formatMessage(KIND_LABEL[kind])}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <FormattedMessage id="license.market.type" />
          <Select data-testid="license-market-type" value={filters.type} onChange={(event) => choose('type', event.target.value)}>
            {LICENSE_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage(typeLabel(type))}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <FormattedMessage id="license.market.sort" />
          <Select data-testid="license-market-sort" value={filters.sort} onChange={(event) => choose('sort', event.target.value)}>
            {LICENSE_MARKET_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {intl.formatMessage(SORT_LABEL[sort])}
              </option>
            ))}
          </Select>
        </Field>
      </Controls>
      <WalletNotice testId="license-market-connect" />
      {market.isError && market.listings.length === 0 ? (
        <ErrorNotice error={market.error} onRetry={() => void market.refetch()} data-testid="license-market-error" />
      ) : empty ? (
        <EmptyState data-testid="license-market-empty" title={<FormattedMessage id="license.market.empty" />} />
      ) : (
        <Grid
          data-testid="license-market-list"
          data-total={market.total}
          aria-busy={market.isPending || market.isPlaceholderData}
        >
          {market.isPending
            ? [0, 1, 2].map((n) => <Skeleton key={n} height="12em" />)
            : market.listings.map((license) => (
                <ListingCard
                  key={license.tokenId}
                  license={license}
                  account={account}
                  canTrade={wallet.isConnected}
                  onBuy={(chosen) => setDialog({ kind: 'buy', license: chosen })}
                  onRent={(chosen) => setDialog({ kind: 'rent', license: chosen })}
                />
              ))}
        </Grid>
      )}
      {market.hasNextPage && !market.isPlaceholderData && (
        <Button
          variant="secondary"
          loading={market.isFetchingNextPage}
          onClick={() => void market.fetchNextPage({ cancelRefetch: false })}
          data-testid="license-market-more"
        >
          <FormattedMessage id="license.market.more" />
        </Button>
      )}
      {dialog?.kind === 'buy' && <BuyDialog license={dialog.license} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rent' && <RentDialog license={dialog.license} onClose={() => setDialog(null)} />}
    </Section>
  );
}
