import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Skeleton, visuallyHidden } from '@prds/shared/ui';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Hidden = styled.span(visuallyHidden);

const ROWS = 6;

/** The list's shape while its first page loads. */
export function MarketListSkeleton() {
  return (
    <Box aria-busy="true" data-testid="market-list-skeleton">
      <Hidden>
        <FormattedMessage id="common.loading" />
      </Hidden>
      {Array.from({ length: ROWS }, (_, i) => (
        <Row key={i}>
          <Skeleton width="25%" height="1em" />
          <Skeleton width="80%" height="1.2em" />
          <Skeleton width="55%" height="1em" />
        </Row>
      ))}
    </Box>
  );
}
