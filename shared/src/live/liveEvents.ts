import type { AlertItem, MarketSummary, TradeItem } from '@prds/api-schema';
import { ALERT_KINDS, STREAM_EVENTS, type StreamEventName } from '@prds/api-schema/literals';

/**
 * What the api's stream sends (GET /api/stream; api/README "Live stream"): one SSE event name per
 * kind, its `data` one JSON line. The shapes are the api's own schemas (@prds/api-schema live.ts).
 */
export { ALERT_KINDS };
export type { AlertKind } from '@prds/api-schema/literals';
export type { AlertItem };

export type ResyncReason = 'expired' | 'reorg' | 'unknown';

export type LiveEvent =
  | {
      readonly type: 'hello';
      readonly last: string;
      readonly now: number;
      readonly retentionSeconds: number;
      /** A heartbeat comes at least this often (0: the api did not say). */
      readonly heartbeatSeconds: number;
    }
  | { readonly type: 'market'; readonly market: MarketSummary }
  | { readonly type: 'trade'; readonly marketId: string; readonly trade: TradeItem }
  | { readonly type: 'position'; readonly account: string; readonly marketId: string }
  | { readonly type: 'claimable'; readonly account: string; readonly usdt: string; readonly prds: string }
  | { readonly type: 'alert'; readonly account: string; readonly alert: AlertItem }
  | { readonly type: 'resync'; readonly reason: ResyncReason }
  | { readonly type: 'heartbeat' };

export type LiveEventType = LiveEvent['type'];

/**
 * The event names the stream sends (the api's list). Each is a kind this page applies, and each kind
 * it applies is one the api sends: a name added on either side without the other fails to compile.
 */
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = STREAM_EVENTS;
type Unsent = Exclude<LiveEventType, StreamEventName>;
const everyKindSent: [Unsent] extends [never] ? true : Unsent = true;
void everyKindSent;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isId = (value: unknown): value is string => isText(value) && /^\d+$/.test(value);

function isAlertItem(value: unknown): value is AlertItem {
  return (
    isObject(value) &&
    isText(value.key) &&
    (ALERT_KINDS as readonly unknown[]).includes(value.kind) &&
    isId(value.marketId) &&
    (value.event === null || isText(value.event)) &&
    typeof value.at === 'number' &&
    (value.deadline === null || typeof value.deadline === 'number')
  );
}

/** A market row as far as the page relies on it to replace one in place (its id and options). */
function isMarketSummary(value: unknown): value is MarketSummary {
  return isObject(value) && isId(value.id) && Array.isArray(value.options) && isText(value.volume) && isText(value.state);
}

/**
 * One received event, checked (the stream is untrusted input like any answer): null when its data
 * does not have the shape its name promises, which the stream treats as "something changed that I
 * cannot read" (a resync), never as nothing.
 */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  switch (type) {
    case 'hello':
      return isText(body.last) || body.last === null
        ? {
            type,
            last: isText(body.last) ? body.last : '',
            now: typeof body.now === 'number' ? body.now : 0,
            retentionSeconds: typeof body.retentionSeconds === 'number' ? body.retentionSeconds : 0,
            heartbeatSeconds: typeof body.heartbeatSeconds === 'number' && body.heartbeatSeconds > 0 ? body.heartbeatSeconds : 0,
          }
        : null;
    case 'market':
      return isMarketSummary(body.market) ? { type, market: body.market } : null;
    case 'trade':
      return isId(body.marketId) && isObject(body.trade)
        ? { type, marketId: body.marketId, trade: body.trade as TradeItem }
        : null;
    case 'position':
      return isText(body.account) && isId(body.marketId) ? { type, account: body.account, marketId: body.marketId } : null;
    case 'claimable':
      return isText(body.account) && isText(body.usdt) && isText(body.prds)
        ? { type, account: body.account, usdt: body.usdt, prds: body.prds }
        : null;
    case 'alert':
      return isText(body.account) && isAlertItem(body.alert) ? { type, account: body.account, alert: body.alert } : null;
    case 'resync':
      return { type, reason: body.reason === 'expired' || body.reason === 'reorg' ? body.reason : 'unknown' };
    case 'heartbeat':
      return { type };
    default:
      return null;
  }
}
