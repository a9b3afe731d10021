// Live updates (issue 28): the page's one stream from the api, applied to the one data cache.
export { LiveUpdates, liveStatusAtom, browserEventSource, browserConnectivity } from './LiveUpdates';
export {
  LiveStream,
  isLivePaused,
  RESUBSCRIBE_DEBOUNCE_MS,
  FAILURES_BEFORE_UNAVAILABLE,
  type LiveStatus,
  type LiveStreamOptions,
  type EventSourceLike,
  type EventSourceFactory,
  type Connectivity,
} from './liveStream';
export { useLiveStatus } from './useLiveStatus';
export { ALERT_KINDS, parseLiveEvent, type AlertKind, type AlertItem, type LiveEvent, type LiveEventType } from './liveEvents';
export { shownMarketIds, liveStreamUrl, MAX_STREAM_MARKETS, type LiveSubscription } from './liveSubscription';
export { applyLiveEvent, replaceMarketRow } from './applyLiveEvent';
export { alertsQueryKey, fetchAlerts, ALERTS_REFRESH_MS, type AlertsAnswer } from './alertsApi';
export { useChangeHighlight, liveChangedStyles, CHANGE_HIGHLIGHT_MS, LIVE_CHANGED_CLASS } from './useChangeHighlight';
