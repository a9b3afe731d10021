import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Badge, Card, Muted } from '@prds/shared/ui';
import type { BlockedLicense, LicenseBlock } from './issuingLicenses';

const Section = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
    padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  strong {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  span {
    min-width: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Ways = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.lg};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const TYPE_LABEL = {
  common: { id: 'license.type.common' },
  scarcity: { id: 'license.type.scarcity' },
  attributive: { id: 'license.type.attributive' },
} as const;

const BLOCK_TEXT: Record<LicenseBlock, { readonly id: string }> = {
  noUsesLeft: { id: 'issue.noLicense.block.noUsesLeft' },
  rentedOut: { id: 'issue.noLicense.block.rentedOut' },
  rentalUsedUp: { id: 'issue.noLicense.block.rentalUsedUp' },
  rentalEnded: { id: 'issue.noLicense.block.rentalEnded' },
  onSale: { id: 'issue.noLicense.block.onSale' },
  listedForRent: { id: 'issue.noLicense.block.listedForRent' },
  notHeld: { id: 'issue.noLicense.block.notHeld' },
};

/** Blocks that My License lifts (cancelling the listing gives the License back to its owner). */
const LISTED: ReadonlySet<LicenseBlock> = new Set(['onSale', 'listedForRent']);

/**
 * What /issue shows instead of the form when the wallet has no License that can issue a market now:
 * which case it is (no License at all, or each License with why it cannot issue now) and the ways
 * forward — mint or buy one, rent one, or cancel a listing in My License. A form that cannot be sent
 * is not shown.
 */
export function NoUsableLicense({ blocked }: { readonly blocked: readonly BlockedLicense[] }) {
  const intl = useIntl();
  const date = useFormat().dateTime;
  const none = blocked.length === 0;
  const listed = blocked.some((license) => LISTED.has(license.block));
  return (
    <Section
      as="section"
      aria-labelledby="issue-no-license-title"
      data-testid="issue-no-license"
      data-case={none ? 'none' : 'blocked'}
    >
      <Title id="issue-no-license-title">
        <FormattedMessage id={none ? 'issue.noLicense.none' : 'issue.form.licenseNone'} />
      </Title>
      {none ? (
        <Muted>
          <FormattedMessage id="issue.noLicense.noneBody" />
        </Muted>
      ) : (
        <List data-testid="issue-no-license-list">
          {blocked.map((license) => (
            <li key={license.id} data-testid="issue-blocked-license" data-license-id={license.id} data-block={license.block}>
              <strong>
                <FormattedMessage id="issue.form.licenseName" values={{ id: license.id }} />
              </strong>
              <Badge tone="neutral">
                <FormattedMessage {...TYPE_LABEL[license.type]} />
              </Badge>
              <span>
                <FormattedMessage
                  {...BLOCK_TEXT[license.block]}
                  values={{ end: license.rentalEnd === null ? '' : date(license.rentalEnd) }}
                />
              </span>
            </li>
          ))}
        </List>
      )}
      <Ways aria-label={intl.formatMessage({ id: 'issue.noLicense.ways' })}>
        {listed && (
          <Link to={paths.nftMine()} data-testid="issue-no-license-mine">
            <FormattedMessage id="issue.noLicense.mine" />
          </Link>
        )}
        <Link to={paths.nft()} data-testid="issue-no-license-get">
          <FormattedMessage id="issue.noLicense.get" />
        </Link>
        <Link to={paths.nft({ kind: 'rent' })} data-testid="issue-no-license-rent">
          <FormattedMessage id="issue.noLicense.rent" />
        </Link>
      </Ways>
    </Section>
  );
}
