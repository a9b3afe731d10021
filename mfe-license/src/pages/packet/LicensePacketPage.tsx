import { Link } from 'react-router-dom';
import { EmptyState, FormattedMessage, Page, PageHeading, paths } from '@prds/shared';

/** `/nft/packet`: several Licenses bundled at a packet price. */
export function LicensePacketPage() {
  return (
    <Page data-testid="page-nft-packet">
      <Link to={paths.nft()}>
        <FormattedMessage id="license.packet.back" />
      </Link>
      <PageHeading description={<FormattedMessage id="license.packet.intro" />}>
        <FormattedMessage id="license.packet.title" />
      </PageHeading>
      <EmptyState
        data-testid="license-packet-empty"
        title={<FormattedMessage id="license.packet.empty" />}
        description={<FormattedMessage id="license.packet.emptyHint" />}
      />
    </Page>
  );
}
