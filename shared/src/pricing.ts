// `@prds/shared/pricing`: the protocol's pricing (@prds/contracts/pricing, held against Markets.sol
// by the contracts' tests) for the pages that compute with amounts (the buy form's quote). An entry
// of its own, not the shared singleton: pure functions need no single instance, and a page that shows
// only the api's figures (the market list) does not fetch them.
export { feeFraction, quoteBuy, splitBuy, type BuyInput, type BuyQuote, type BuySplit } from '@prds/contracts/pricing';
