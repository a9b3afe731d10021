import type { ReactNode } from 'react';
import { styled } from '@prds/shared/theme';
import { Card } from '@prds/shared/ui';

const SectionCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** One titled region of the detail page (a `<section>` named by its heading). */
export function DetailSection({
  id,
  title,
  aside,
  children,
  testId,
}: {
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <SectionCard as="section" aria-labelledby={`detail-${id}-title`} data-testid={testId}>
      <Head>
        <SectionTitle id={`detail-${id}-title`}>{title}</SectionTitle>
        {aside}
      </Head>
      {children}
    </SectionCard>
  );
}

/** Label / value pairs (a `<dl>`), two columns from tablet up. */
export const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);
  margin: 0;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  & > div {
    display: flex;
    flex-direction: column;
    gap: 0.02rem;
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    overflow-wrap: anywhere;
  }
`;

/** The detail page's secondary text is the kit's (re-exported for the sections that import it from here). */
export { Muted } from '@prds/shared/ui';

/** A group of radio choices (an option to buy, a vote): a column without the fieldset's frame. */
export const ChoiceGroup = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  border: none;

  legend {
    margin-bottom: ${({ theme }) => theme.spacing.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;
