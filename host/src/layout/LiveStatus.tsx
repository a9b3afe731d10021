import { FormattedMessage } from '@prds/shared/i18n';
import { useLiveStatus, type LiveStatus as Status } from '@prds/shared/live';
import { styled } from '@prds/shared/theme';

// A small note at the window's bottom corner: it covers nothing for long and moves no content.
const Region = styled.div`
  position: fixed;
  bottom: 12px;
  inset-inline-start: 12px;
  z-index: 25;
  max-width: calc(100vw - 24px);
  pointer-events: none;
`;

const Note = styled.p`
  margin: 0;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: 6px 12px;
  border: 1px solid ${({ theme }) => `color-mix(in srgb, ${theme.colors.warning} 50%, ${theme.colors.border})`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  pointer-events: auto;

  &::before {
    content: '';
    width: 8px;
    height: 8px;
    flex: none;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.warning};
  }
`;

/** Only the paused states have something to say (one literal key each: locales/keyScan.cjs). */
const PAUSED_MESSAGES: Partial<Record<Status, { readonly id: string }>> = {
  reconnecting: { id: 'host.live.reconnecting' },
  offline: { id: 'host.live.offline' },
  unavailable: { id: 'host.live.unavailable' },
};

/**
 * Says when live updates are paused (offline, reconnecting, or the stream unavailable): the page
 * still works, its figures just wait for the next reload or refresh. The live region is in the page
 * from the start, so its text is announced when it appears.
 */
export function LiveStatus() {
  const { status } = useLiveStatus();
  const message = PAUSED_MESSAGES[status];
  return (
    <Region role="status" data-testid="live-status" data-status={status}>
      {message && (
        <Note>
          <FormattedMessage {...message} />
        </Note>
      )}
    </Region>
  );
}
