import type { ReactNode } from 'react';
import { styled } from '@prds/shared/theme';
import { AuthRefusedBanner } from './AuthRefusedBanner';
import { Footer } from './Footer';
import { HEADER_HEIGHT_PX, Header } from './Header';
import { LiveStatus } from './LiveStatus';
import { RemoteDevBadge } from './RemoteDevBadge';
import { CONTENT_ID, SkipLink } from './SkipLink';
import { WalletBanners } from '../wallet/WalletBanners';
import { ConnectDialogHost } from '../wallet/walletDialog';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

// Pages render their own <main> (the UI kit's Page), so the content slot is a plain div. It fills at
// least the first screen below the header, so the footer starts below the fold: a page renders short
// (loading its remote, its data) and then grows, and a footer shown in the first screen would be
// pushed down out of it as that happens — a layout shift of the whole page (Lighthouse CLS 0.2–0.3).
// The skip link's target takes the focus only to start the tab order there: no ring around the page.
const Content = styled.div`
  flex: 1;
  min-height: calc(100vh - ${HEADER_HEIGHT_PX}px);
  display: flex;
  flex-direction: column;

  & main[tabindex='-1']:focus,
  &:focus {
    outline: none;
  }
`;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Shell>
      <SkipLink />
      <Header />
      {/* Development builds only (a production build drops it): remotes from a local dev server. */}
      {process.env.NODE_ENV !== 'production' && <RemoteDevBadge />}
      <AuthRefusedBanner />
      <WalletBanners />
      <Content id={CONTENT_ID}>{children}</Content>
      <Footer />
      <LiveStatus />
      <ConnectDialogHost />
    </Shell>
  );
}
