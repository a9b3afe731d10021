// `@prds/shared/query`: The one data cache of the page.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// The one data cache of the page
export { queryClient, queryKeys, type QueryKey } from './queryClient';
export { useQuery, useQueryClient, useMutation, useInfiniteQuery, keepPreviousData, hydrate } from '@tanstack/react-query';
export type { QueryClient, DehydratedState } from '@tanstack/react-query';
