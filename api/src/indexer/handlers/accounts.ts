import { add, amount, sub, type HandlerTable } from "./context";

/** What the protocol owes accounts outside positions: free balance, referrals, the PRDS claim. */
export const accountHandlers: HandlerTable<"Markets"> = {
  ReferrerBound: {
    needs: (event, requests) => requests.row("referrals", [event.args.hex("account")]),
    apply(ctx, event) {
      ctx.store.put("referrals", {
        account: event.args.hex("account"),
        referrer: event.args.hex("referrer"),
        bound_at: event.time,
      });
    },
  },

  ReferralClaimed: {
    needs: (event, requests) => requests.row("referral_earnings", [event.args.hex("referrer"), event.args.num("id")]),
    apply(ctx, event) {
      const referrer = event.args.hex("referrer");
      const id = event.args.num("id");
      const earning = ctx.store.get("referral_earnings", [referrer, id]);
      ctx.store.put("referral_earnings", {
        referrer,
        market_id: id,
        accrued: earning?.accrued ?? "0",
        claimed: add(earning?.claimed ?? "0", event.args.big("amount")),
      });
    },
  },

  // Credited carries the new balance, so the row never drifts from creditOf.
  Credited: {
    needs: (event, requests) => requests.row("credits", [event.args.hex("account")]),
    apply(ctx, event) {
      ctx.store.put("credits", {
        account: event.args.hex("account"),
        balance: amount(event.args.big("balance")),
        updated_at: event.time,
      });
    },
  },

  Withdrawn: {
    needs: (event, requests) => requests.row("credits", [event.args.hex("account")]),
    apply(ctx, event) {
      const account = event.args.hex("account");
      const credit = ctx.store.must("credits", [account]);
      ctx.store.put("credits", { account, balance: sub(credit.balance, event.args.big("amount")), updated_at: event.time });
    },
  },
};

/** Claim.Claimed: the free PRDS, once per account. */
export const claimHandlers: HandlerTable<"Claim"> = {
  Claimed: {
    needs: (event, requests) => requests.row("prds_claims", [event.args.hex("account")]),
    apply(ctx, event) {
      ctx.store.put("prds_claims", {
        account: event.args.hex("account"),
        amount: amount(event.args.big("amount")),
        tx_hash: event.txHash,
        time: event.time,
      });
    },
  },
};
