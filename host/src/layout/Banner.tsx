import type { ReactNode } from 'react';
import { styled } from '@prds/shared/theme';

export type BannerTone = 'warning' | 'danger';

const Bar = styled.div<{ $tone: BannerTone }>`
  border-bottom: 1px solid ${({ theme, $tone }) => `color-mix(in srgb, ${theme.colors[$tone]} 40%, transparent)`};
  background: ${({ theme, $tone }) => `color-mix(in srgb, ${theme.colors[$tone]} 12%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Inner = styled.div`
  max-width: 12.8rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};

  @media ${({ theme }) => theme.breakpoints.tablet} {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  }
`;

/** The banner's sentence; actions follow it on the same line when there is room. */
export const BannerText = styled.p`
  flex: 1 1 16em;
  margin: 0;
  overflow-wrap: anywhere;
`;

/** A line of its own under the text and actions (an error about the action). */
export const BannerRow = styled.div`
  flex-basis: 100%;
`;

/** A full-width notice under the header (wrong network, no deployment, the api refusing the session). */
export function Banner({
  tone,
  role,
  testId,
  children,
}: {
  tone: BannerTone;
  role: 'alert' | 'status';
  testId: string;
  children: ReactNode;
}) {
  return (
    <Bar $tone={tone} role={role} data-testid={testId}>
      <Inner>{children}</Inner>
    </Bar>
  );
}
