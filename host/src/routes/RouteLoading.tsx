import { styled } from '@prds/shared/theme';
import { Spinner } from '@prds/shared/ui';

const Box = styled.div`
  min-height: 3rem;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function RouteLoading() {
  return (
    <Box data-testid="route-loading">
      <Spinner size="0.32rem" />
    </Box>
  );
}
