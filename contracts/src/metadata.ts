/**
 * The categories a market's metadata may name (part of metadataHash({ event, category, options })):
 * one list for the api that checks submissions and filters the list, and the front end that offers
 * them. Adding one here adds it everywhere.
 */
export const MARKET_CATEGORIES = ["crypto", "finance", "politics", "technology", "science", "culture", "other"] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];
