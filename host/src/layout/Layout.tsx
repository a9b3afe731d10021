import type { ReactNode } from 'react';
import { styled } from '@prds/shared';
import { AuthRefusedBanner } from './AuthRefusedBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { WalletBanners } from '../wallet/WalletBanners';
import { ConnectDialogHost } from '../wallet/walletDialog';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

// Pages render their own <main> (the UI kit's Page), so the content slot is a plain div.
const Content = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Shell>
      <Header />
      <AuthRefusedBanner />
      <WalletBanners />
      <Content id="content">{children}</Content>
      <Footer />
      <ConnectDialogHost />
    </Shell>
  );
}
