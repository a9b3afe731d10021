import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button, Page } from '@prds/shared/ui';

const Box = styled.section`
  width: 100%;
  max-width: 6.4rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing.lg};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Icon = styled.div`
  width: 0.56rem;
  height: 0.56rem;
  min-width: 36px;
  min-height: 36px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.warning} 16%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.text};
`;

const Body = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface RemoteFallbackProps {
  readonly onRetry?: () => void;
}

/** Shown in place of a section whose remote is down, missing, too slow or crashed while rendering. */
export function RemoteFallback({ onRetry }: RemoteFallbackProps) {
  // It stands in for a whole page, so it is the page's landmark and carries its one <h1>.
  return (
    <Page>
      <Box role="alert" data-testid="remote-fallback">
        <Icon aria-hidden="true">!</Icon>
        <Title>
          <FormattedMessage id="host.remote.fallback.title" />
        </Title>
        <Body>
          <FormattedMessage id="host.remote.fallback.body" />
        </Body>
        <Button data-testid="remote-retry" onClick={onRetry ?? (() => window.location.reload())}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Box>
    </Page>
  );
}
