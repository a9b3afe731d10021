import { Outlet } from 'react-router-dom';

/** `/nft`: the License area. Its default child is the sale; each page shows the area's tabs under its heading. */
export function LicenseLayout() {
  return <Outlet />;
}
