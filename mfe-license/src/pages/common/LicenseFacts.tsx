import { FormattedMessage } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { styled } from '@prds/shared/theme';
import { Badge } from '@prds/shared/ui';
import { LICENSE_TYPE_LABEL } from '../licenseTypes';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  min-width: 0;
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Properties = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  list-style: none;
  padding: 0;
  margin: 0;
`;

/** A License's type and numbers: 'Scarcity · No. 3 · License #12'. */
export function LicenseTitle({
  license,
  titleId,
}: {
  license: Pick<LicenseView, 'type' | 'number' | 'tokenId'>;
  titleId?: string;
}) {
  return (
    <Head>
      <Badge tone="primary" data-testid="license-type" data-type={license.type}>
        <FormattedMessage {...LICENSE_TYPE_LABEL[license.type]} />
      </Badge>
      <Title id={titleId}>
        <FormattedMessage id="license.item.title" values={{ number: license.number, tokenId: license.tokenId }} />
      </Title>
    </Head>
  );
}

/** Tradable, rentable, usable: each said yes or no, so a missing action's reason is visible. */
export function LicenseProperties({ properties }: { properties: LicenseView['properties'] }) {
  return (
    <Properties data-testid="license-properties">
      <li>
        <Badge tone={properties.tradable ? 'success' : 'neutral'} data-property="tradable" data-value={properties.tradable}>
          <FormattedMessage id={properties.tradable ? 'license.property.tradable' : 'license.property.notTradable'} />
        </Badge>
      </li>
      <li>
        <Badge tone={properties.rentable ? 'success' : 'neutral'} data-property="rentable" data-value={properties.rentable}>
          <FormattedMessage id={properties.rentable ? 'license.property.rentable' : 'license.property.notRentable'} />
        </Badge>
      </li>
      <li>
        <Badge tone={properties.usable ? 'success' : 'neutral'} data-property="usable" data-value={properties.usable}>
          <FormattedMessage id={properties.usable ? 'license.property.usable' : 'license.property.notUsable'} />
        </Badge>
      </li>
    </Properties>
  );
}
