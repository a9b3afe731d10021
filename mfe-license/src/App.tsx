import { RemoteRoutes } from '@prds/shared/federation';
import { ROUTES } from '@prds/shared/routes';
import { Route } from 'react-router-dom';
import { LicenseLayout } from './pages/LicenseLayout';
import { MyLicensePage } from './pages/mine/MyLicensePage';
import { LicensePacketPage } from './pages/packet/LicensePacketPage';
import { LicenseSalePage } from './pages/sale/LicenseSalePage';

/** The License remote's one exposed module: `/nft` (Get License), `/nft/mine`, `/nft/packet`. */
export default function App() {
  return (
    <RemoteRoutes remote="mfe_license">
      <Route path={ROUTES.nft} element={<LicenseLayout />}>
        <Route index element={<LicenseSalePage />} />
        <Route path={ROUTES.nftMine} element={<MyLicensePage />} />
        <Route path={ROUTES.nftPacket} element={<LicensePacketPage />} />
      </Route>
    </RemoteRoutes>
  );
}
