import { useSharedInstanceId } from '../instance';
import { currentThemeAtom } from '@prds/shared/theme';
import { langAtom } from '@prds/shared/i18n';
import { useAtomValue } from '@prds/shared/state';
import type { RemoteName } from '@prds/shared/routes';

/**
 * Hidden marker each remote renders for the end-to-end tests: the same instance id, theme and
 * language as the host's header prove the remote shares the host's one copy of @prds/shared and
 * its store.
 */
export function SharedProbe({ remote }: { remote: RemoteName }) {
  const theme = useAtomValue(currentThemeAtom);
  const lang = useAtomValue(langAtom);
  const instance = useSharedInstanceId();
  return (
    <span
      hidden
      data-testid="shared-probe"
      data-remote={remote}
      data-shared-instance={instance}
      data-theme={theme}
      data-lang={lang}
    />
  );
}
