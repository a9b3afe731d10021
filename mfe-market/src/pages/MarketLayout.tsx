import { Outlet } from 'react-router-dom';

/** `/market`: the market area's layout; its default child is the list. */
export function MarketLayout() {
  return <Outlet />;
}
