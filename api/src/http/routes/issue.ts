import type { FastifyInstance } from "fastify";
import { metadataHash } from "@prds/contracts/actions";
import type { ModerationFields } from "../../content/moderation";
import { baseFold } from "../../content/normalize";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { apiError } from "../errors";
import { optionalAddress } from "../inputs";
import { searchTextOf } from "../search";
import { canonicalText, hasForbiddenCharacters } from "../text";
import { CATEGORIES, EmptyBody, LANGUAGES, NoExtra, type Category } from "../schemas/common";
import { IssueConfigData, LIMITS, SubmitBody, SubmitData } from "../schemas/issue";
import type { Static } from "@sinclair/typebox";

type Submit = Static<typeof SubmitBody>;

const DECIMALS = 18;

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Spec §5's issue-form rules, in the order the form shows them; the first failure is answered. */
function checkMetadata(body: Submit, maxOptions: number) {
  const event = canonicalText(body.event);
  const options = body.options.map(canonicalText);
  const category = canonicalText(body.category);
  const extras = {
    description: canonicalText(body.description ?? ""),
    resolutionSource: canonicalText(body.resolutionSource ?? ""),
    url: canonicalText(body.url ?? ""),
    content: canonicalText(body.content ?? ""),
  };
  if (event === "") throw apiError("eventEmpty", { field: "event" });
  if (body.options.length === 0) throw apiError("optionsEmpty", { field: "options" });
  if (options.length < 2) throw apiError("optionsTooFew", { field: "options" });
  options.forEach((option, i) => {
    if (option === "") throw apiError("optionEmpty", { field: `options.${i}` });
  });
  // Options that read the same (case, width, invisible characters) are the same option.
  const seen = new Map<string, number>();
  options.forEach((option, i) => {
    const key = baseFold(option).replace(/\s+/g, " ");
    if (seen.has(key)) throw apiError("optionRepeated", { field: `options.${i}`, details: { sameAs: seen.get(key) } });
    seen.set(key, i);
  });
  if (options.length > maxOptions) throw apiError("optionsTooMany", { field: "options", details: { max: maxOptions } });
  if (!isCategory(category)) throw apiError("categoryUnknown", { field: "category", details: { allowed: [...CATEGORIES] } });
  const tooLong = (field: string, text: string, max: number) => {
    if ([...text].length > max)
      throw apiError("invalidBody", { field, details: { maxLength: max } }, `${field}: longer than ${max} characters`);
  };
  tooLong("event", event, LIMITS.event);
  options.forEach((option, i) => tooLong(`options.${i}`, option, LIMITS.option));
  tooLong("description", extras.description, LIMITS.description);
  tooLong("resolutionSource", extras.resolutionSource, LIMITS.resolutionSource);
  tooLong("url", extras.url, LIMITS.url);
  tooLong("content", extras.content, LIMITS.content);
  const texts: [string, string][] = [
    ["event", event],
    ...options.map((o, i): [string, string] => [`options.${i}`, o]),
    ...Object.entries(extras),
  ];
  for (const [field, text] of texts) {
    if (hasForbiddenCharacters(text)) throw apiError("textInvalid", { field });
  }
  if (extras.url !== "" && !isHttpUrl(extras.url)) throw apiError("urlInvalid", { field: "url" });
  return { event, options, category, ...extras, fields: texts as ModerationFields };
}

export function registerIssue(app: FastifyInstance, ctx: AppContext): void {
  const moderator = ctx.moderator;
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/config/issue",
      summary: "What issuing needs: fees, minimums, windows, categories, pay tokens",
      tags: ["issue"],
      body: EmptyBody,
      data: IssueConfigData,
      extra: NoExtra,
    },
    async () => {
      const [p, catalog, tokens] = await Promise.all([
        ctx.params(),
        fromChain(ctx.log, () => ctx.chain.licenseCatalog()),
        fromChain(ctx.log, () => ctx.chain.tokens()),
      ]);
      return {
        data: {
          chainId: ctx.chain.chainId,
          feeBps: p.feeBps,
          issuerShareBps: p.issuerShareBps,
          platformShareBps: p.platformShareBps,
          referrerShareBps: p.referrerShareBps,
          rewardRateBps: 10_000 - p.feeBps,
          marginFeeBps: p.marginFeeBps,
          quorumBps: p.quorumBps,
          quorumPenaltyBps: p.quorumPenaltyBps,
          minLiquidity: p.minLiquidity.toString(),
          minPremium: p.minPremium.toString(),
          minInvest: p.minInvest.toString(),
          minMargin: p.minMargin.toString(),
          challengeStake: p.challengeStake.toString(),
          capacityMultiple: p.capacityMultiple,
          challengeWindow: p.challengeWindow,
          responsePeriod: p.responsePeriod,
          votingPeriod: p.votingPeriod,
          confirmationPeriod: p.confirmationPeriod,
          checkpointInterval: p.checkpointInterval,
          maxOptions: p.maxOptions,
          issuesPerLicense: catalog.issuesPerLicense,
          categories: [...CATEGORIES],
          languages: [...LANGUAGES],
          payTokens: [{ symbol: "USDT", address: tokens.payToken, decimals: DECIMALS }],
          platformToken: { symbol: "PRDS", address: tokens.prds, decimals: DECIMALS },
          contracts: Object.fromEntries(
            Object.entries(ctx.chain.addresses).map(([name, address]) => [name, address.toLowerCase()]),
          ),
          limits: { ...LIMITS },
        },
        extra: null,
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/issue/submit-underlying",
      summary: "Store a market's metadata before the issue transaction; answers the hash it carries",
      description:
        "Checks spec §5's option rules and moderates the text (word lists per language and rules in src/content). " +
        "Refused → 42201 with extra.details.reason. Held for review → code 0, status 'audit', hash null. " +
        "Approved → status 'approved' and hash = keccak256(JSON.stringify({event, category, options})). " +
        "The first submission of a hash wins; submitting the same three fields again answers its current status.",
      tags: ["issue"],
      body: SubmitBody,
      data: SubmitData,
      extra: NoExtra,
    },
    async (body) => {
      const account = optionalAddress(body.account, "account");
      const params = await ctx.params();
      const m = checkMetadata(body, params.maxOptions);
      // The same function the contracts' seed and the front end use; key order is part of the hash.
      const hash = metadataHash({ event: m.event, category: m.category, options: m.options }).toLowerCase();
      const answer = (status: "approved" | "audit", reason: string | null) => ({
        data: {
          status,
          hash: status === "approved" ? hash : null,
          reason,
          event: m.event,
          category: m.category,
          options: m.options,
        },
        extra: null,
      });

      const existing = await db
        .selectFrom("market_metadata")
        .select(["status", "reason"])
        .where("hash", "=", hash)
        .executeTakeFirst();
      if (existing) {
        if (existing.status === "rejected") throw apiError("metadataRejected", { details: { reason: existing.reason } });
        return answer(existing.status, existing.reason);
      }

      const verdict = moderator.check(m.fields);
      if (verdict.decision === "refused") {
        const hit = verdict.hits.find((h) => h.action === "refuse");
        throw apiError("contentRefused", {
          field: hit?.field ?? "event",
          details: { reason: verdict.reason, term: hit?.term ?? null, language: hit?.language ?? null },
        });
      }
      const status = verdict.decision === "audit" ? "audit" : "approved";
      await db
        .insertInto("market_metadata")
        .values({
          hash,
          event: m.event,
          options_json: JSON.stringify(m.options),
          description: m.description,
          category: m.category,
          resolution_source: m.resolutionSource,
          url: m.url,
          content: m.content,
          language: body.language ?? "en",
          search_text: searchTextOf(m.event, m.options),
          status,
          reason: verdict.reason,
          submitted_by: account,
          created_at: Math.floor(Date.now() / 1000),
          reviewed_at: null,
        })
        .onConflict((oc) => oc.column("hash").doNothing())
        .execute();
      ctx.localVersion.value++;
      // A concurrent submission of the same hash may have won: answer what is stored.
      const stored = await db
        .selectFrom("market_metadata")
        .select(["status", "reason"])
        .where("hash", "=", hash)
        .executeTakeFirstOrThrow();
      if (stored.status === "rejected") throw apiError("metadataRejected", { details: { reason: stored.reason } });
      return answer(stored.status, stored.reason);
    },
  );
}
