import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Muted, Spinner } from '@prds/shared/ui';
import { TransactionStatus, type TxState } from '@prds/shared/wallet';
import { Busy, Group } from './issueFormLayout';

/** Focused (not tabbable) once issued, so a screen reader and the scroll land on it; no ring on a non-control. */
const SuccessGroup = styled(Group)`
  &:focus {
    outline: none;
  }
`;

export interface IssueSuccessProps {
  /** The issue transaction's state (confirmed). */
  readonly txState: TxState | null;
  /** The new market's id; null while it is being looked up. */
  readonly marketId: string | null;
}

/** What replaces the form once the market is issued: the transaction, then a link to the new market's page. */
export function IssueSuccess({ txState, marketId }: IssueSuccessProps) {
  const successRef = useRef<HTMLDivElement>(null);

  // The success message replaces the long form: bring it into view (on a phone the page was scrolled
  // down to the button, and the shorter page would otherwise show My markets instead).
  useEffect(() => {
    const section = successRef.current;
    section?.focus({ preventScroll: true });
    section?.scrollIntoView({ block: 'center' });
  }, []);

  return (
    <SuccessGroup as="section" ref={successRef} tabIndex={-1} data-testid="issue-success" aria-live="polite">
      <TransactionStatus state={txState} />
      {marketId === null ? (
        <Busy>
          <Spinner size="16px" />
          <FormattedMessage id="issue.success.locating" />
        </Busy>
      ) : (
        <Muted>
          <FormattedMessage
            id="issue.success.opening"
            values={{
              link: (text: ReactNode) => (
                <Link to={paths.detail(marketId)} data-testid="issue-success-link">
                  {text}
                </Link>
              ),
            }}
          />
        </Muted>
      )}
    </SuccessGroup>
  );
}
