import { useEffect, useRef, useState } from 'react';
import { Button, FormattedMessage, Input, styled, useIntl } from '@prds/shared';

const Wrap = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Copied = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Manual = styled(Input)`
  min-width: 0;
  width: 100%;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * Copies `text`; where the clipboard is refused (an insecure page, a denied permission), shows it
 * selected in a field to copy by hand. `label` names what is copied for assistive tech.
 */
export function CopyButton({ text, label, 'data-testid': testId }: { text: string; label: string; 'data-testid'?: string }) {
  const intl = useIntl();
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'manual') field.current?.select();
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <Wrap>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void copy()}
        aria-label={intl.formatMessage({ id: 'portfolio.copy.label' }, { what: label })}
        data-testid={testId}
      >
        <FormattedMessage id="portfolio.copy.button" />
      </Button>
      <span aria-live="polite">
        {state === 'copied' && (
          <Copied data-testid={testId ? `${testId}-copied` : undefined}>
            <FormattedMessage id="portfolio.copy.done" />
          </Copied>
        )}
      </span>
      {state === 'manual' && (
        <Manual ref={field} readOnly value={text} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
      )}
    </Wrap>
  );
}
