// Live updates (issue 28): the page's one stream from the api, applied to the one data cache. The
// stream itself (liveStream.ts and what it applies) is a chunk LiveUpdates loads after the first
// render, so only what the first render needs is exported here.
export { LiveUpdates, browserEventSource, browserConnectivity } from './LiveUpdates';
export { liveStatusAtom, isLivePaused, type LiveStatus } from './liveStatus';
export type { EventSourceLike, EventSourceFactory, Connectivity } from './liveStream';
export { useLiveStatus } from './useLiveStatus';
export type { AlertKind, AlertItem, LiveEvent, LiveEventType } from './liveEvents';
export { alertsQueryKey, fetchAlerts, ALERTS_REFRESH_MS, type AlertsAnswer } from './alertsApi';
export { useChangeHighlight, liveChangedStyles, CHANGE_HIGHLIGHT_MS, LIVE_CHANGED_CLASS } from './useChangeHighlight';
