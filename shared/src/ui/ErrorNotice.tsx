import type { ReactNode } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { HttpError } from '@prds/shared/http';
import { Button } from './Button';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => `color-mix(in srgb, ${theme.colors.danger} 40%, transparent)`};
  border-inline-start-width: 0.04rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.danger} 8%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.text};
`;

const Text = styled.p`
  min-width: 0;
  overflow-wrap: anywhere;
`;

export interface ErrorNoticeProps {
  /** What to say; when absent, the error's own localized message is shown. */
  readonly message?: ReactNode;
  /** An HttpError shows its message key; anything else its `message` is not shown (it is not localized). */
  readonly error?: unknown;
  readonly onRetry?: () => void;
  readonly className?: string;
  readonly 'data-testid'?: string;
}

function errorText(error: unknown): ReactNode {
  if (error instanceof HttpError) return <FormattedMessage id={error.messageKey} values={error.values} />;
  return <FormattedMessage id="common.error.unknown" />;
}

export function ErrorNotice({ message, error, onRetry, className, 'data-testid': testId }: ErrorNoticeProps) {
  return (
    <Box role="alert" className={className} data-testid={testId}>
      <Text>{message ?? errorText(error)}</Text>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      )}
    </Box>
  );
}
