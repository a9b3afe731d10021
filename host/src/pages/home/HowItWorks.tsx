import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Card } from '@prds/shared/ui';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Step = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};

  h3 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Number = styled.span`
  width: 32px;
  height: 32px;
  display: inline-grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.primary} 14%, transparent)`};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const STEPS = [
  { id: 'buy', titleId: 'host.home.how.buy.title', bodyId: 'host.home.how.buy.body' },
  { id: 'issue', titleId: 'host.home.how.issue.title', bodyId: 'host.home.how.issue.body' },
  { id: 'resolve', titleId: 'host.home.how.resolve.title', bodyId: 'host.home.how.resolve.body' },
] as const;

export function HowItWorks() {
  return (
    <Section aria-labelledby="how-title" data-testid="home-how">
      <h2 id="how-title">
        <FormattedMessage id="host.home.how.title" />
      </h2>
      <Steps>
        {STEPS.map((step, index) => (
          <Step as="li" key={step.id} data-testid={`how-${step.id}`}>
            <Number aria-hidden="true">{index + 1}</Number>
            <h3>
              <FormattedMessage id={step.titleId} />
            </h3>
            <p>
              <FormattedMessage id={step.bodyId} />
            </p>
          </Step>
        ))}
      </Steps>
    </Section>
  );
}
