import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { type WalletError } from '@prds/shared/wallet';

const Box = styled.div`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => `color-mix(in srgb, ${theme.colors.danger} 40%, transparent)`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.danger} 8%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Detail = styled.small`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

/** The last wallet failure: its locale key with values, and the wallet's own words beneath. */
export function WalletErrorText({ error, testId = 'wallet-error' }: { error: WalletError; testId?: string }) {
  return (
    <Box role="alert" data-testid={testId}>
      <FormattedMessage id={error.messageKey} values={error.values} />
      {error.detail && <Detail data-testid={`${testId}-detail`}>{error.detail}</Detail>}
    </Box>
  );
}
