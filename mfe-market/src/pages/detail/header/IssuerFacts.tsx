import { FormattedMessage } from '@prds/shared/i18n';
import { type TrackRecord } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { explorerAddressUrl, shortAddress, useWallet } from '@prds/shared/wallet';

const Address = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

const Link = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-family: ${({ theme }) => theme.font.mono};
`;

const Record = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.regular};
`;

/** Who issued the market and how their markets went (a buyer's reason to trust the result or not). */
export function IssuerFacts({ issuer, record }: { issuer: string; record: TrackRecord }) {
  const { desiredChainId } = useWallet();
  const url = explorerAddressUrl(desiredChainId, issuer);
  return (
    <>
      <span data-testid="detail-issuer" data-address={issuer}>
        {url === null ? (
          <Address title={issuer}>{shortAddress(issuer)}</Address>
        ) : (
          <Link href={url} target="_blank" rel="noopener noreferrer" title={issuer}>
            {shortAddress(issuer)}
          </Link>
        )}
      </span>
      <Record>
        <li data-testid="detail-issuer-issued" data-value={record.issued}>
          <FormattedMessage id="market.detail.issuerRecord.issued" values={{ count: record.issued }} />
        </li>
        <li data-testid="detail-issuer-overturned" data-value={record.overturned}>
          <FormattedMessage id="market.detail.issuerRecord.overturned" values={{ count: record.overturned }} />
        </li>
        <li data-testid="detail-issuer-finished" data-value={record.finished}>
          <FormattedMessage id="market.detail.issuerRecord.finished" values={{ count: record.finished }} />
        </li>
        <li data-testid="detail-issuer-challenged" data-value={record.challenged}>
          <FormattedMessage id="market.detail.issuerRecord.challenged" values={{ count: record.challenged }} />
        </li>
      </Record>
    </>
  );
}
