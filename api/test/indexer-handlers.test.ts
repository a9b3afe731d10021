import { Interface } from "ethers";
import { abis } from "@prds/contracts";
import { WATCHED_CONTRACTS } from "../src/indexer/decode";
import { HANDLERS } from "../src/indexer/handlers";
import { accountHandlers } from "../src/indexer/handlers/accounts";
import type { HandlerTable } from "../src/indexer/handlers/context";
import { disputeHandlers } from "../src/indexer/handlers/disputes";
import { marketHandlers } from "../src/indexer/handlers/markets";

const eventNames = (contract: (typeof WATCHED_CONTRACTS)[number]): string[] => {
  const names: string[] = [];
  new Interface(abis[contract]).forEachEvent((fragment) => names.push(fragment.name));
  return names;
};

describe("indexer handler tables", () => {
  test("every handler is keyed by an event of its contract's ABI", () => {
    for (const contract of WATCHED_CONTRACTS) {
      const events = new Set(eventNames(contract));
      const unknown = Object.keys(HANDLERS[contract]).filter((name) => !events.has(name));
      expect([contract, unknown]).toEqual([contract, []]);
    }
  });

  test("the Markets table's parts handle disjoint events (a spread would silently drop one)", () => {
    const parts = [marketHandlers, disputeHandlers, accountHandlers].map((table) => Object.keys(table));
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(HANDLERS.Markets).sort()).toEqual([...all].sort());
  });

  test("a misspelt or foreign event name does not compile (checked by the type check)", () => {
    const misspelt: HandlerTable<"Markets"> = {
      // @ts-expect-error 'Bougth' is not an event of IMarkets
      Bougth: { apply: () => undefined },
    };
    const foreign: HandlerTable<"Claim"> = {
      // @ts-expect-error Bought is Markets' event, not Claim's
      Bought: { apply: () => undefined },
    };
    expect([Object.keys(misspelt), Object.keys(foreign)]).toEqual([["Bougth"], ["Bought"]]);
  });
});
