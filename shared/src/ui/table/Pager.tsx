import styled from '@emotion/styled';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { Button } from '../Button';

const PagerRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const PAGER_MESSAGES = {
  previous: { id: 'common.pager.previous' },
  next: { id: 'common.pager.next' },
  page: { id: 'common.pager.page' },
} as const satisfies PagerMessages;

export interface PagerMessages {
  readonly previous: MessageDescriptor;
  readonly next: MessageDescriptor;
  /** Has {page} and {pages}. */
  readonly page: MessageDescriptor;
}

export interface PagerProps {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
  /** A remote's own words for the three (where its languages say them otherwise). */
  readonly messages?: PagerMessages;
  readonly 'data-testid'?: string;
  /** With it, the buttons and the page line are `<id>-prev`, `<id>-next`, `<id>-page`. */
  readonly partsTestId?: string;
  readonly className?: string;
}

/** Previous / next over a paged list (shown only when there is more than one page). */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  messages = PAGER_MESSAGES,
  'data-testid': testId,
  partsTestId,
  className,
}: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const part = (name: string) => (partsTestId === undefined ? undefined : `${partsTestId}-${name}`);
  return (
    <PagerRow className={className} data-testid={testId}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={part('prev')}>
        <FormattedMessage {...messages.previous} />
      </Button>
      <span data-testid={part('page')}>
        <FormattedMessage {...messages.page} values={{ page, pages }} />
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={part('next')}>
        <FormattedMessage {...messages.next} />
      </Button>
    </PagerRow>
  );
}
