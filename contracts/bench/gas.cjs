// Gas benchmark: our protocol against Gnosis Conditional Tokens + Fixed Product Market Maker, on one
// in-process Hardhat chain. Prints a table, then `RESULT <name> <value> <unit>` lines; the last line is
// the headline `RESULT buy_gas_ratio <ours/theirs> x` (a later buy against a later buy).
// Run from contracts/: `node bench/gas.cjs` (package script `bench:gas`).
"use strict";
const path = require("node:path");

process.chdir(path.resolve(__dirname, ".."));
require("../scripts/swc-register.cjs");
const hre = require("hardhat");
const { prepareGnosis } = require("./gnosis-prepare.cjs");
const { measureGnosis } = require("./gnosis-gas.cjs");
const { measureOurs, FUNDING, BUY_AMOUNT, WARM_AMOUNT } = require("./ours-gas.cjs");

async function advance(seconds) {
  await hre.network.provider.send("evm_increaseTime", [seconds]);
  await hre.network.provider.send("evm_mine", []);
}

function ratio(a, b) {
  return (Number(a) / Number(b)).toFixed(3);
}

async function main() {
  const started = Date.now();
  const gnosisArtifacts = prepareGnosis();
  await hre.run("compile", { quiet: true });

  const ours = await measureOurs(hre, { advance });
  const theirs = await measureGnosis(hre, gnosisArtifacts, {
    advance,
    funding: FUNDING,
    buyAmount: BUY_AMOUNT,
    warmAmount: WARM_AMOUNT,
  });

  const rows = [
    [
      "issue (market + liquidity + margin)",
      ours.issue,
      theirs.gnosis_prepare_condition + theirs.gnosis_create_fpmm + theirs.gnosis_add_funding,
      "prepareCondition + createFPMM + addFunding",
    ],
    ["buy, an account's first", ours.buy_first, theirs.gnosis_buy_first, "FPMM.buy"],
    ["buy, later (same account)", ours.buy_later, theirs.gnosis_buy_later, "FPMM.buy"],
    ["buy, again in the same 5-min interval", ours.buy_same_interval, theirs.gnosis_buy_later, "FPMM.buy"],
    ["buy, first of a new interval (worst)", ours.buy_new_bucket, theirs.gnosis_buy_later, "FPMM.buy"],
    ["buy w/ referrer, same interval", ours.buy_same_interval_referrer, theirs.gnosis_buy_later, "FPMM.buy"],
    ["buy w/ referrer, new interval (worst)", ours.buy_new_bucket_referrer, theirs.gnosis_buy_later, "FPMM.buy"],
    ["confirm (result)", ours.confirm, theirs.gnosis_report_payouts, "CT.reportPayouts"],
    ["claim (winner)", ours.claim, theirs.gnosis_redeem, "CT.redeemPositions"],
    ["challenge", ours.challenge, null, ""],
    ["vote", ours.vote, null, ""],
    ["License mint", ours.license_mint, null, ""],
    ["License list for rent", ours.license_list, null, ""],
    ["License rent", ours.license_rent, null, ""],
  ];
  const w = [38, 10, 10, 7];
  const pad = (s, n, right) => (right ? String(s).padStart(n) : String(s).padEnd(n));
  console.log(`\nGas used (receipt.gasUsed), ${gnosisArtifacts.solcVersion.split("+")[0]} Gnosis vs our solc 0.8.30 viaIR`);
  console.log(
    `${pad("operation", w[0])} ${pad("ours", w[1], true)} ${pad("Gnosis", w[2], true)} ${pad("ratio", w[3], true)}  Gnosis call`,
  );
  console.log("-".repeat(w[0] + w[1] + w[2] + w[3] + 40));
  for (const [name, a, b, call] of rows) {
    console.log(
      `${pad(name, w[0])} ${pad(a, w[1], true)} ${pad(b ?? "-", w[2], true)} ${pad(b ? ratio(a, b) : "-", w[3], true)}  ${call}`,
    );
  }
  console.log("");

  const results = [
    ["issue_gas", ours.issue],
    ["buy_first_gas", ours.buy_first],
    ["buy_later_gas", ours.buy_later],
    ["buy_same_interval_gas", ours.buy_same_interval],
    ["buy_new_bucket_gas", ours.buy_new_bucket],
    ["buy_same_interval_referrer_gas", ours.buy_same_interval_referrer],
    ["buy_new_bucket_referrer_gas", ours.buy_new_bucket_referrer],
    ["confirm_gas", ours.confirm],
    ["challenge_gas", ours.challenge],
    ["vote_gas", ours.vote],
    ["claim_gas", ours.claim],
    ["license_mint_gas", ours.license_mint],
    ["license_list_gas", ours.license_list],
    ["license_rent_gas", ours.license_rent],
    ["gnosis_fpmm_buy_first_gas", theirs.gnosis_buy_first],
    ["gnosis_fpmm_buy_later_gas", theirs.gnosis_buy_later],
    ["gnosis_ct_redeem_gas", theirs.gnosis_redeem],
    ["gnosis_create_and_fund_gas", theirs.gnosis_prepare_condition + theirs.gnosis_create_fpmm + theirs.gnosis_add_funding],
  ];
  for (const [name, value] of results) console.log(`RESULT ${name} ${value} gas`);
  console.log(`RESULT buy_first_gas_ratio ${ratio(ours.buy_first, theirs.gnosis_buy_first)} x`);
  // The worst path against the same target (≤ 0.5 × Gnosis' buy): the first buy of a new interval.
  console.log(`RESULT buy_worst_gas_ratio ${ratio(ours.buy_new_bucket, theirs.gnosis_buy_later)} x`);
  console.log(`RESULT buy_worst_referrer_gas_ratio ${ratio(ours.buy_new_bucket_referrer, theirs.gnosis_buy_later)} x`);
  console.log(`RESULT claim_gas_ratio ${ratio(ours.claim, theirs.gnosis_redeem)} x`);
  console.log(`RESULT bench_seconds ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`RESULT buy_gas_ratio ${ratio(ours.buy_later, theirs.gnosis_buy_later)} x`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
