import type { ReactNode } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.xl} ${theme.spacing.md}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Title = styled.p`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export interface EmptyStateProps {
  /** 'Nothing here yet' by default. */
  readonly title?: ReactNode;
  readonly description?: ReactNode;
  readonly action?: ReactNode;
  readonly className?: string;
  readonly 'data-testid'?: string;
}

export function EmptyState({ title, description, action, className, 'data-testid': testId }: EmptyStateProps) {
  return (
    <Box className={className} data-testid={testId}>
      <Title>{title ?? <FormattedMessage id="common.empty" />}</Title>
      {description !== undefined && <p>{description}</p>}
      {action}
    </Box>
  );
}
