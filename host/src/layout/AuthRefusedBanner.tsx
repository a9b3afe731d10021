import { authRefusedAtom, retryAfterAuthRefused } from '@prds/shared/http';
import { FormattedMessage } from '@prds/shared/i18n';
import { useAtomValue } from '@prds/shared/state';
import { Button } from '@prds/shared/ui';
import { Banner, BannerText } from './Banner';

/**
 * The api kept refusing this session (401/403) after the page reloaded for it twice within a minute
 * (spec §8's reload, bounded): say so and let the user try again, instead of reloading forever.
 */
export function AuthRefusedBanner() {
  const refused = useAtomValue(authRefusedAtom);
  if (!refused) return null;
  return (
    <Banner tone="danger" role="alert" testId="auth-refused">
      <BannerText>
        <FormattedMessage id="common.error.authRefused" />
      </BannerText>
      <Button size="sm" data-testid="auth-refused-retry" onClick={retryAfterAuthRefused}>
        <FormattedMessage id="common.retry" />
      </Button>
    </Banner>
  );
}
