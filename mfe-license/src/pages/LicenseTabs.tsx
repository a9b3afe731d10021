import type { ReactNode } from 'react';
import { useIntl } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { Tabs } from '@prds/shared/ui';

/**
 * Get License / Packets / My License (spec: the License layout's tabs; a packet is another way to get
 * Licenses): each tab is a route, so the choice survives a reload and a shared link. `children` is the
 * route's page below the tabs: their panel.
 */
export function LicenseTabs({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <Tabs
      gap="lg"
      aria-label={intl.formatMessage({ id: 'license.tabs.label' })}
      data-testid="license-tabs"
      items={[
        {
          value: 'sale',
          to: paths.nft(),
          end: true,
          label: intl.formatMessage({ id: 'license.tabs.sale' }),
          'data-testid': 'license-tab-sale',
        },
        {
          value: 'packet',
          to: paths.nftPacket(),
          label: intl.formatMessage({ id: 'license.tabs.packet' }),
          'data-testid': 'license-tab-packet',
        },
        {
          value: 'mine',
          to: paths.nftMine(),
          label: intl.formatMessage({ id: 'license.tabs.mine' }),
          'data-testid': 'license-tab-mine',
        },
      ]}
    >
      {children}
    </Tabs>
  );
}
