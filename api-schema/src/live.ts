import { Type } from "@sinclair/typebox";
import { ALERT_KINDS } from "./literals";
import { type Answer, Address, Amount, MarketId, Nullable, NullableTime, StringEnum, UnixTime } from "./common";
import { MarketSummary } from "./markets";
import { TradeItem } from "./market";

// The live product (issue 28): the stream's query and events, and an account's alerts.

export const AlertsBody = Type.Object({ account: Address });
export const AlertItem = Type.Object({
  key: Type.String({ description: "Stable and unique per alert: a page keeps which keys were read" }),
  kind: StringEnum(ALERT_KINDS),
  marketId: MarketId,
  event: Nullable("string", { description: "The market's event text (null unless approved)" }),
  at: UnixTime,
  deadline: NullableTime,
});
export type AlertItem = Answer<typeof AlertItem>;
export const AlertsData = Type.Object({ list: Type.Array(AlertItem) });
export type AlertsData = Answer<typeof AlertsData>;
export const AlertsExtra = Type.Object({
  now: UnixTime,
  nextAt: Nullable("integer", { description: "Chain time at which the next alert falls due with nothing else changing" }),
});
export type AlertsExtra = Answer<typeof AlertsExtra>;

export const StreamQuery = Type.Object(
  {
    markets: Type.Optional(
      Type.String({
        pattern: "^$|^[0-9]{1,20}(,[0-9]{1,20}){0,99}$",
        description: "Market ids to follow, comma-separated (at most 100)",
      }),
    ),
    account: Type.Optional(Type.String({ pattern: "^0x[0-9a-fA-F]{40}$", description: "The connected account" })),
    since: Type.Optional(Type.String({ pattern: "^[0-9]{1,20}$", description: "Last event id seen (Last-Event-ID wins)" })),
  },
  { additionalProperties: false },
);

export const StreamHello = Type.Object({
  last: Type.String(),
  now: UnixTime,
  retentionSeconds: Type.Integer(),
  heartbeatSeconds: Type.Number({
    description: "A heartbeat event comes at least this often: a stream silent for longer is broken",
  }),
});
/** Sent when nothing else was: the client can tell a quiet stream from a broken connection. */
export const StreamHeartbeatEvent = Type.Object({});
export const StreamMarketEvent = Type.Object({ market: MarketSummary });
export type StreamMarketEvent = Answer<typeof StreamMarketEvent>;
export const StreamTradeEvent = Type.Object({ marketId: MarketId, trade: TradeItem });
export type StreamTradeEvent = Answer<typeof StreamTradeEvent>;
export const StreamPositionEvent = Type.Object({ account: Address, marketId: MarketId });
export type StreamPositionEvent = Answer<typeof StreamPositionEvent>;
export const StreamClaimableEvent = Type.Object({ account: Address, usdt: Amount, prds: Amount });
export type StreamClaimableEvent = Answer<typeof StreamClaimableEvent>;
export const StreamAlertEvent = Type.Object({ account: Address, alert: AlertItem });
export type StreamAlertEvent = Answer<typeof StreamAlertEvent>;
export const StreamResyncEvent = Type.Object({ reason: StringEnum(["expired", "reorg", "unknown"] as const) });
export type StreamResyncEvent = Answer<typeof StreamResyncEvent>;

export const StreamStatusData = Type.Object({
  open: Type.Integer({ description: "Streams open on this api process" }),
  sent: Type.Integer({ description: "Events sent by this process since it started" }),
  dropped: Type.Integer({ description: "Streams this process closed because their client did not read fast enough" }),
  refused: Type.Integer({ description: "Streams refused by the per-address or total cap" }),
  lastChange: Type.Integer({ description: "The newest change id this process has fanned out" }),
});
