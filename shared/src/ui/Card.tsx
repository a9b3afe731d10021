import styled from '@emotion/styled';

/** A surface for one piece of content. Use `as="section"` or `as="article"` where it names a region. */
export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: ${({ theme }) => theme.spacing.md};
  min-width: 0;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    padding: ${({ theme }) => theme.spacing.lg};
  }
`;
