// `@prds/shared/federation`: What the shell and a remote's ./App agree on: props, the remote's routes, the instance probe.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

/** What the shell passes every remote's ./App, and the host typecheck's test of a remote's declaration against it. */
export type { RemoteAppProps, RemoteAppFits } from './remoteAppProps';
/** What a page reports about the remotes it loads (the host's staged rollout; api /api/rollout/report). */
export type { RolloutReportKind } from '@prds/api-schema';
export { RemoteRoutes } from '../routes/RemoteRoutes';
export { SHARED_INSTANCE_ID, useSharedInstanceId } from '../instance';
export { SharedProbe } from '../probe/SharedProbe';
