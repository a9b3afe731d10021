// What the shared `@tanstack/react-query` singleton provides to the host and every remote, as
// routerExports.mjs does for the router: a shared module is not tree-shaken, and the whole package
// (hydration, useQueries, the suspense hooks, mutation state, …) is a third more than the page uses.
// queryExports.test.ts fails when product code imports a name from '@tanstack/react-query' that is
// not listed here. It imports 'prds-react-query' (createConfig.cjs aliases it to the package), not
// '@tanstack/react-query': that key is the shared module itself. `hydrate`: the page seeds its cache
// with the server render's data (host/src/bootstrap.tsx).
export {
  QueryClient,
  QueryClientProvider,
  hydrate,
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from 'prds-react-query';
