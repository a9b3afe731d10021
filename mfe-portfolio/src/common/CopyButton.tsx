import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { CopyButton as SharedCopyButton } from '@prds/shared/ui';

/**
 * The portfolio's copy button (shared's, in a line of text): copies `text`, or shows it to copy by
 * hand where the clipboard is refused. `label` names what is copied for assistive tech.
 */
export function CopyButton({ text, label, 'data-testid': testId }: { text: string; label: string; 'data-testid'?: string }) {
  const intl = useIntl();
  return (
    <SharedCopyButton
      inline
      text={text}
      copied={<FormattedMessage id="portfolio.copy.done" />}
      manualLabel={label}
      aria-label={intl.formatMessage({ id: 'portfolio.copy.label' }, { what: label })}
      data-testid={testId}
    >
      <FormattedMessage id="portfolio.copy.button" />
    </SharedCopyButton>
  );
}
