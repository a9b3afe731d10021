import type { ReactNode } from 'react';
import { styled } from '@prds/shared/theme';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 6em), 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;

  div {
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

export interface Fact {
  readonly key: string;
  readonly label: ReactNode;
  readonly value: ReactNode;
}

/** Label / value pairs in a grid that wraps to the width (one column on a phone). */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <List>
      {facts.map((fact) => (
        <div key={fact.key} data-testid={`fact-${fact.key}`}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </List>
  );
}
