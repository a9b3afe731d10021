import styled from '@emotion/styled';

/** A page's root: centred, readable width, padded for the device. Pass the page's data-testid. */
export const Page = styled.main`
  width: 100%;
  max-width: 12.8rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.md}`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};

  @media ${({ theme }) => theme.breakpoints.tablet} {
    padding: ${({ theme }) => `${theme.spacing.xl} ${theme.spacing.lg}`};
  }
`;
