import { Spinner, styled } from '@prds/shared';

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
