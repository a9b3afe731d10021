import { Link } from 'react-router-dom';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { HeroArt } from './HeroArt';

const Box = styled.section`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => `${theme.spacing.xl} ${theme.spacing.lg}`};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(
      120% 140% at 100% 0%,
      ${({ theme }) => `color-mix(in srgb, ${theme.colors.primary} 22%, transparent)`} 0%,
      transparent 55%
    ),
    radial-gradient(
      90% 120% at 0% 100%,
      ${({ theme }) => `color-mix(in srgb, ${theme.colors.success} 14%, transparent)`} 0%,
      transparent 60%
    ),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  display: grid;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.lg};

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
  }
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const ArtSlot = styled.div`
  display: none;

  @media ${({ theme }) => theme.breakpoints.desktop} {
    display: grid;
  }
`;

const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  max-width: 16em;
  font-size: clamp(26px, 0.44rem, 44px);
  line-height: 1.15;
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Lead = styled.p`
  max-width: 36em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.xs};
`;

// Link would pass $primary on to the <a>; keep it a styling-only prop.
const Cta = styled(Link, { shouldForwardProp: (prop) => prop !== '$primary' })<{ $primary?: boolean }>`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 20px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $primary }) => ($primary ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $primary }) => ($primary ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $primary }) => ($primary ? theme.colors.primaryText : theme.colors.text)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover {
    filter: brightness(1.06);
  }
`;

export function Hero() {
  return (
    <Box aria-labelledby="home-title">
      <Text>
        <Eyebrow>
          <FormattedMessage id="host.home.eyebrow" />
        </Eyebrow>
        <Title id="home-title">
          <FormattedMessage id="host.home.title" />
        </Title>
        <Lead data-testid="home-lead">
          <FormattedMessage id="host.home.lead" />
        </Lead>
        <Actions>
          <Cta to={paths.market()} $primary data-testid="home-markets-link">
            <FormattedMessage id="host.home.cta.markets" />
          </Cta>
          <Cta to={paths.issue()} data-testid="home-issue-link">
            <FormattedMessage id="host.home.cta.issue" />
          </Cta>
        </Actions>
      </Text>
      <ArtSlot>
        <HeroArt />
      </ArtSlot>
    </Box>
  );
}
