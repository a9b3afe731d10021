import { useEffect, useRef, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { Button } from './Button';
import { Input } from './Input';
import { useCopyText } from './useCopyText';

const Copied = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

// A row of its own (block) or inside a line of text (inline); the hand-copy field sized to match.
const Wrap = styled.div<{ $inline: boolean }>`
  display: ${({ $inline }) => ($inline ? 'inline-flex' : 'flex')};
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Manual = styled(Input)<{ $inline: boolean }>`
  min-width: 0;
  width: ${({ $inline }) => ($inline ? '100%' : '4rem')};
  max-width: 100%;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface CopyButtonProps {
  /** What is copied. */
  readonly text: string;
  /** The button's text. */
  readonly children: ReactNode;
  /** Shown for a moment after the copy. */
  readonly copied: ReactNode;
  /** Names the field that shows `text` to copy by hand, for assistive tech. */
  readonly manualLabel: string;
  readonly 'aria-label'?: string;
  /** The button's; the note is `<id>-copied`. */
  readonly 'data-testid'?: string;
  readonly manualTestId?: string;
  /** Inside a line of text (a span) rather than a row of its own. */
  readonly inline?: boolean;
}

/**
 * Copies `text`, says so for a moment; where the clipboard is refused (an insecure page, a denied
 * permission, an old browser), shows it selected in a field to copy by hand.
 */
export function CopyButton({
  text,
  children,
  copied,
  manualLabel,
  'aria-label': ariaLabel,
  'data-testid': testId,
  manualTestId,
  inline = false,
}: CopyButtonProps) {
  const { state, copy } = useCopyText({ resetAfterMs: 2500, keepFailed: true });
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'failed') field.current?.select();
  }, [state]);

  return (
    <Wrap as={inline ? 'span' : 'div'} $inline={inline}>
      <Button variant="secondary" size="sm" onClick={() => void copy(text)} aria-label={ariaLabel} data-testid={testId}>
        {children}
      </Button>
      <span aria-live="polite">
        {state === 'copied' && <Copied data-testid={testId ? `${testId}-copied` : undefined}>{copied}</Copied>}
      </span>
      {state === 'failed' && (
        <Manual
          ref={field}
          $inline={inline}
          readOnly
          value={text}
          aria-label={manualLabel}
          data-testid={manualTestId}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </Wrap>
  );
}
