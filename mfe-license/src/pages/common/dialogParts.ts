import { styled } from '@prds/shared/theme';

/** A dialog's content in a column (a form where it asks for values). */
export const DialogBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const DialogForm = DialogBody.withComponent('form');

/** The sum a transaction will pay, set apart before it is signed. */
export const Total = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  strong {
    font-size: ${({ theme }) => theme.font.size.lg};
    font-variant-numeric: tabular-nums;
  }
`;
