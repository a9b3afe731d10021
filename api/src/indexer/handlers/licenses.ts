import { enums } from "@prds/contracts";
import type { LicenseEventTable, Row } from "../../db/schema";
import type { DecodedEvent } from "../decode";
import type { Requests } from "../requests";
import type { BatchStore } from "../store";
import { amount, bool, ZERO_ADDRESS, type HandlerContext, type HandlerTable } from "./context";

/**
 * Licenses (License ERC-721 + ERC-4907) and their marketplace.
 *
 * - holder: the ERC-721 owner (ownerOf): the marketplace while listed, Markets while staked;
 * - owner: the real owner: the seller / lister while the marketplace holds it in escrow
 *   (LicenseMarketplace.realOwnerOf), and also the issuer while Markets holds it as a bond (where
 *   realOwnerOf answers Markets): the License is still the issuer's, locked, and comes back to it
 *   unless the bond is slashed (then it goes to the treasury, by a Transfer);
 * - state: LicenseMarketplace.stateOf. 'rented' lasts while the ERC-4907 user is valid
 *   (user_expires ≥ chain time); when the indexed chain time passes user_expires with no event,
 *   the batch turns it back to 'listed_for_rent' (expireRentals). Between indexed blocks a reader
 *   may compare user_expires with indexer_state head_time;
 * - markets_issued: markets issued with it (LicenseUsed), cancelled ones included;
 *   available_times goes back up when a cancelled market recycles its use.
 */

function licenseOf(ctx: HandlerContext, event: DecodedEvent): Row<"licenses"> {
  return ctx.store.must("licenses", [event.args.num("tokenId")]);
}

function update(ctx: HandlerContext, event: DecodedEvent, license: Row<"licenses">, patch: Partial<Row<"licenses">>): void {
  ctx.store.put("licenses", { ...license, ...patch, updated_block: event.blockNumber });
}

function needsLicense(event: DecodedEvent, requests: Requests): void {
  requests.row("licenses", [event.args.num("tokenId")]);
}

function logEvent(
  ctx: HandlerContext,
  event: DecodedEvent,
  kind: LicenseEventTable["kind"],
  from: string | null,
  to: string | null,
  price: bigint | null = null,
): void {
  ctx.store.append("license_events", {
    tx_hash: event.txHash,
    log_index: event.logIndex,
    token_id: event.args.num("tokenId"),
    kind,
    from_address: from,
    to_address: to,
    price: price === null ? null : amount(price),
    time: event.time,
    block_number: event.blockNumber,
  });
}

const NO_SALE = { sale_price: null } as const;
const NO_RENT = { rent_price_per_day: null, rent_max_days: null, rent_max_issues: null } as const;

export const licenseHandlers: HandlerTable<"License"> = {
  LicenseMinted: {
    needs: needsLicense,
    apply(ctx, event) {
      const { args } = event;
      const buyer = args.hex("buyer");
      const licenseType = enums.ILicense.LicenseType[args.num("licenseType")];
      if (!licenseType) throw new Error(`unknown LicenseType ${args.num("licenseType")}`);
      ctx.store.put("licenses", {
        token_id: args.num("tokenId"),
        owner: buyer,
        holder: buyer,
        license_type: licenseType,
        number: args.num("number"),
        available_times: args.num("availableTimes"),
        tradable: bool(args.bool("tradable")),
        rentable: bool(args.bool("rentable")),
        usable: bool(args.bool("usable")),
        mint_price: amount(args.big("price")),
        minted_at: event.time,
        state: "unsold",
        ...NO_SALE,
        ...NO_RENT,
        user: null,
        user_expires: null,
        rental_max_issues: null,
        rental_issues_used: null,
        markets_issued: 0,
        updated_block: event.blockNumber,
      });
      logEvent(ctx, event, "minted", null, buyer, args.big("price"));
    },
  },

  Transfer: {
    needs: needsLicense,
    apply(ctx, event) {
      const from = event.args.hex("from");
      const to = event.args.hex("to");
      // A mint's Transfer comes before its LicenseMinted, which creates the row.
      if (from === ZERO_ADDRESS) return;
      const escrows = [ctx.addresses.marketplace, ctx.addresses.markets];
      const license = licenseOf(ctx, event);
      update(ctx, event, license, { holder: to, owner: escrows.includes(to) ? license.owner : to });
      // Moves in and out of the marketplace are told by its own events (listed, sold, cancelled).
      if (from !== ctx.addresses.marketplace && to !== ctx.addresses.marketplace) logEvent(ctx, event, "transfer", from, to);
    },
  },

  UpdateUser: {
    needs: needsLicense,
    apply(ctx, event) {
      const user = event.args.hex("user");
      const expires = event.args.num("expires");
      const cleared = user === ZERO_ADDRESS;
      update(ctx, event, licenseOf(ctx, event), {
        user: cleared ? null : user,
        user_expires: cleared ? null : expires,
        ...(cleared ? { rental_max_issues: null, rental_issues_used: null } : {}),
      });
    },
  },

  RentalGranted: {
    needs: needsLicense,
    apply(ctx, event) {
      update(ctx, event, licenseOf(ctx, event), {
        rental_max_issues: event.args.num("maxIssues"),
        rental_issues_used: 0,
      });
    },
  },

  LicenseUsed: {
    needs: needsLicense,
    apply(ctx, event) {
      const { args } = event;
      const license = licenseOf(ctx, event);
      update(ctx, event, license, {
        available_times: args.num("availableTimes"),
        markets_issued: license.markets_issued + 1,
        ...(args.num("rentalEnd") !== 0 ? { rental_issues_used: args.num("rentalIssuesUsed") } : {}),
      });
      logEvent(ctx, event, "used", args.hex("issuer"), null);
    },
  },

  LicenseUseRecycled: {
    needs: needsLicense,
    apply(ctx, event) {
      update(ctx, event, licenseOf(ctx, event), { available_times: event.args.num("availableTimes") });
      logEvent(ctx, event, "recycled", null, null);
    },
  },
};

export const marketplaceHandlers: HandlerTable<"LicenseMarketplace"> = {
  ListedForSale: {
    needs: needsLicense,
    apply(ctx, event) {
      const seller = event.args.hex("seller");
      const price = event.args.big("price");
      update(ctx, event, licenseOf(ctx, event), { state: "on_sale", sale_price: amount(price), owner: seller });
      logEvent(ctx, event, "listed_for_sale", seller, null, price);
    },
  },

  SaleCancelled: {
    needs: needsLicense,
    apply(ctx, event) {
      update(ctx, event, licenseOf(ctx, event), { state: "unsold", ...NO_SALE });
      logEvent(ctx, event, "sale_cancelled", event.args.hex("seller"), null);
    },
  },

  Sold: {
    needs: needsLicense,
    apply(ctx, event) {
      const buyer = event.args.hex("buyer");
      const price = event.args.big("price");
      update(ctx, event, licenseOf(ctx, event), { state: "unsold", ...NO_SALE, owner: buyer });
      logEvent(ctx, event, "sold", event.args.hex("seller"), buyer, price);
    },
  },

  ListedForRent: {
    needs: needsLicense,
    apply(ctx, event) {
      const { args } = event;
      const owner = args.hex("owner");
      update(ctx, event, licenseOf(ctx, event), {
        state: "listed_for_rent",
        owner,
        rent_price_per_day: amount(args.big("pricePerDay")),
        rent_max_days: args.num("maxDays"),
        rent_max_issues: args.num("maxIssues"),
      });
      logEvent(ctx, event, "listed_for_rent", owner, null, args.big("pricePerDay"));
    },
  },

  RentListingCancelled: {
    needs: needsLicense,
    apply(ctx, event) {
      update(ctx, event, licenseOf(ctx, event), { state: "unsold", ...NO_RENT });
      logEvent(ctx, event, "rent_cancelled", event.args.hex("owner"), null);
    },
  },

  Rented: {
    needs: needsLicense,
    apply(ctx, event) {
      const { args } = event;
      update(ctx, event, licenseOf(ctx, event), { state: "rented" });
      logEvent(ctx, event, "rented", args.hex("owner"), args.hex("renter"), args.big("cost"));
    },
  },
};

/**
 * A rental ends by time alone (no event): once the indexed chain time is past user_expires the
 * License is listed for rent again (stateOf: userOf is zero after expiry). Prefetch loads the
 * rented Licenses whose expiry is below the batch's last block time; the batch's own rentals are
 * cached already. Its undo record is filed under `block`, the batch's last.
 */
export function expireRentals(store: BatchStore, time: number, block: number): void {
  store.block = block;
  for (const license of store.rows("licenses")) {
    if (license.state === "rented" && license.user_expires !== null && license.user_expires < time) {
      // updated_block stays the last event's: where a batch ends must not show in the tables.
      store.put("licenses", { ...license, state: "listed_for_rent" });
    }
  }
}
