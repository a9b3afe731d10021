import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { shareLink } from '@prds/shared/referral';
import { CopyButton } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';

/**
 * Copies this page's address as a referral link of the sharer's own (`ref=<connected account>`; without
 * a wallet, no ref): a `?ref` the sharer arrived with is someone else's and is never passed on. Where
 * the clipboard is unavailable, shows it selected to copy by hand.
 */
export function ShareButton() {
  const intl = useIntl();
  const { account, isConnected } = useWallet();
  const url = typeof window === 'undefined' ? '' : shareLink(window.location.href, isConnected ? account : null);
  return (
    <CopyButton
      text={url}
      copied={<FormattedMessage id="market.detail.shareCopied" />}
      manualLabel={intl.formatMessage({ id: 'market.detail.shareUrl' })}
      data-testid="detail-share"
      manualTestId="detail-share-url"
    >
      <FormattedMessage id="market.detail.share" />
    </CopyButton>
  );
}
