import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Card, EmptyState, FormattedMessage, Page, PageHeading, styled } from '@prds/shared';

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const SectionCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Rule = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <SectionCard as="section" aria-labelledby={`market-${id}-title`} data-testid={`market-detail-${id}`}>
      <SectionTitle id={`market-${id}-title`}>{title}</SectionTitle>
      {children}
    </SectionCard>
  );
}

/** `/detail/:id`: one market. Its data comes from the api and the chain in later work; the frame is here. */
export function MarketDetailPage() {
  const { id = '' } = useParams<{ id: string }>();

  return (
    <Page data-testid="page-detail" data-market-id={id}>
      <Link to="/market">
        <FormattedMessage id="market.detail.back" />
      </Link>
      <PageHeading description={<FormattedMessage id="market.detail.eventPending" />}>
        <FormattedMessage id="market.detail.title" values={{ id }} />
      </PageHeading>
      <Sections>
        <Section id="options" title={<FormattedMessage id="market.detail.options.title" />}>
          <EmptyState title={<FormattedMessage id="market.detail.options.empty" />} />
        </Section>
        <Section id="buy" title={<FormattedMessage id="market.detail.buy.title" />}>
          <EmptyState title={<FormattedMessage id="market.detail.buy.connect" />} />
        </Section>
        <Section id="positions" title={<FormattedMessage id="market.detail.positions.title" />}>
          <EmptyState title={<FormattedMessage id="market.detail.positions.connect" />} />
        </Section>
        <Section id="history" title={<FormattedMessage id="market.detail.history.title" />}>
          <EmptyState title={<FormattedMessage id="market.detail.history.empty" />} />
        </Section>
        <Section id="challenge" title={<FormattedMessage id="market.detail.challenge.title" />}>
          <Rule>
            <FormattedMessage id="market.detail.challenge.rule" />
          </Rule>
          <EmptyState title={<FormattedMessage id="market.detail.challenge.empty" />} />
        </Section>
        <Section id="appeal" title={<FormattedMessage id="market.detail.appeal.title" />}>
          <Rule>
            <FormattedMessage id="market.detail.appeal.rule" />
          </Rule>
          <EmptyState title={<FormattedMessage id="market.detail.appeal.empty" />} />
        </Section>
      </Sections>
    </Page>
  );
}
