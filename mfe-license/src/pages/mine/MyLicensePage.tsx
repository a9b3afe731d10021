import { Link } from 'react-router-dom';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Button, EmptyState, ErrorNotice, Page, PageHeading, Skeleton } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';
import { WalletNotice } from '../common/WalletNotice';
import { LicenseTabs } from '../LicenseTabs';
import { LicenseTransactions } from './LicenseTransactions';
import { MyLicenseCard } from './MyLicenseCard';
import { useMyLicenses } from './useMyLicenses';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18em), 1fr));
`;

/** `/nft/mine`: every License the wallet owns or rents, its state, what it allows, and its transactions. */
export function MyLicensePage() {
  const wallet = useWallet();
  const account = wallet.isConnected ? (wallet.account?.toLowerCase() ?? null) : null;
  const mine = useMyLicenses(account);
  return (
    <Page data-testid="page-nft-mine">
      <PageHeading description={<FormattedMessage id="license.mine.intro" />}>
        <FormattedMessage id="license.mine.title" />
      </PageHeading>
      <LicenseTabs>
        {account === null ? (
          <EmptyState
            data-testid="license-mine-empty"
            title={<FormattedMessage id="license.mine.connect" />}
            action={<WalletNotice testId="license-mine-connect" />}
          />
        ) : mine.isError && mine.licenses.length === 0 ? (
          <ErrorNotice error={mine.error} onRetry={() => void mine.refetch()} data-testid="license-mine-error" />
        ) : mine.isPending ? (
          <Grid aria-busy="true">
            {[0, 1].map((n) => (
              <Skeleton key={n} height="12em" />
            ))}
          </Grid>
        ) : mine.licenses.length === 0 ? (
          <EmptyState
            data-testid="license-mine-none"
            title={<FormattedMessage id="license.mine.none" />}
            action={
              <Link to={paths.nft()}>
                <FormattedMessage id="license.mine.getOne" />
              </Link>
            }
          />
        ) : (
          <>
            <Grid data-testid="license-mine-list" data-total={mine.total}>
              {mine.licenses.map((license) => (
                <MyLicenseCard key={license.tokenId} license={license} />
              ))}
            </Grid>
            {mine.hasNextPage && (
              <Button
                variant="secondary"
                loading={mine.isFetchingNextPage}
                onClick={() => void mine.fetchNextPage({ cancelRefetch: false })}
                data-testid="license-mine-more"
              >
                <FormattedMessage id="license.mine.more" />
              </Button>
            )}
          </>
        )}
        {account !== null && <LicenseTransactions account={account} />}
      </LicenseTabs>
    </Page>
  );
}
