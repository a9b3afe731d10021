// What the shared `react-router-dom` singleton provides to the host and every remote. Shared modules
// are not tree-shaken (the provider cannot know what consumers use), and react-router 7 ships its
// whole data/server router in one file: sharing it as-is cost ~61 KiB gzip of the first render.
// Listing the names we use lets webpack shake the rest; routerExports.test.ts fails when app code
// imports a name from 'react-router-dom' that is not listed here. It imports from 'react-router'
// (where v7 defines them), not 'react-router-dom': that key is the shared module itself.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
