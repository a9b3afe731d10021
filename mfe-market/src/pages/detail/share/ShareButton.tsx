import { useEffect, useRef, useState } from 'react';
import { Button, FormattedMessage, Input, shareLink, styled, useIntl, useWallet } from '@prds/shared';

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Copied = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const UrlField = styled(Input)`
  min-width: 0;
  width: 4rem;
  max-width: 100%;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

type ShareState = 'idle' | 'copied' | 'manual';

/**
 * Copies this page's address as a referral link of the sharer's own (`ref=<connected account>`; without
 * a wallet, no ref): a `?ref` the sharer arrived with is someone else's and is never passed on. Where
 * the clipboard is unavailable, shows it selected to copy by hand.
 */
export function ShareButton() {
  const intl = useIntl();
  const { account, isConnected } = useWallet();
  const [state, setState] = useState<ShareState>('idle');
  const field = useRef<HTMLInputElement>(null);
  const url = typeof window === 'undefined' ? '' : shareLink(window.location.href, isConnected ? account : null);

  useEffect(() => {
    if (state === 'manual') field.current?.select();
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const onShare = async () => {
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      // Insecure context, a denied permission or an old browser: let the user copy it.
      setState('manual');
    }
  };

  return (
    <Wrap>
      <Button variant="secondary" size="sm" onClick={() => void onShare()} data-testid="detail-share">
        <FormattedMessage id="market.detail.share" />
      </Button>
      <span aria-live="polite">
        {state === 'copied' && (
          <Copied data-testid="detail-share-copied">
            <FormattedMessage id="market.detail.shareCopied" />
          </Copied>
        )}
      </span>
      {state === 'manual' && (
        <UrlField
          ref={field}
          readOnly
          value={url}
          aria-label={intl.formatMessage({ id: 'market.detail.shareUrl' })}
          data-testid="detail-share-url"
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </Wrap>
  );
}
