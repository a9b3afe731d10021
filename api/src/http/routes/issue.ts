import type { FastifyInstance } from "fastify";
import { canonicalMetadata, checkOptions, isBlankText } from "@prds/contracts/metadata";
import { metadataHash } from "@prds/contracts/metadata-hash";
import type { ModerationFields } from "../../content/moderation";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { apiError } from "../errors";
import { marketIdOf } from "../inputs";
import { searchTextOf } from "../search";
import { hasForbiddenCharacters } from "../text";
import { tokenInfo } from "../tokens";
import {
  CATEGORIES,
  EmptyBody,
  IssueConfigData,
  LANGUAGES,
  LIMITS,
  NoExtra,
  SubmitBody,
  SubmitData,
  type Category,
} from "@prds/api-schema";
import type { Static } from "@sinclair/typebox";

type Submit = Static<typeof SubmitBody>;

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

/**
 * Spec §5's issue-form rules, in the order the form shows them, on what a reader sees
 * (@prds/contracts/metadata's checkOptions and isBlankText, the functions the form uses); the first
 * failure is answered. Texts are normalized first: what is checked is what is stored and hashed.
 */
function checkMetadata(body: Submit, maxOptions: number) {
  const m = canonicalMetadata(body);
  if (isBlankText(m.event)) throw apiError("eventEmpty", { field: "event" });
  const options = checkOptions(m.options);
  if (options.list !== null) throw apiError(options.list, { field: "options" });
  options.each.forEach((problem, i) => {
    if (problem?.rule === "optionEmpty") throw apiError("optionEmpty", { field: `options.${i}` });
    if (problem?.rule === "optionRepeated")
      throw apiError("optionRepeated", { field: `options.${i}`, details: { sameAs: problem.sameAs } });
  });
  if (m.options.length > maxOptions) throw apiError("optionsTooMany", { field: "options", details: { max: maxOptions } });
  if (!isCategory(m.category)) throw apiError("categoryUnknown", { field: "category", details: { allowed: [...CATEGORIES] } });
  const tooLong = (field: string, text: string, max: number) => {
    if ([...text].length > max)
      throw apiError("invalidBody", { field, details: { maxLength: max } }, `${field}: longer than ${max} characters`);
  };
  tooLong("event", m.event, LIMITS.event);
  m.options.forEach((option, i) => tooLong(`options.${i}`, option, LIMITS.option));
  tooLong("description", m.description, LIMITS.description);
  tooLong("resolutionSource", m.resolutionSource, LIMITS.resolutionSource);
  tooLong("url", m.url, LIMITS.url);
  tooLong("content", m.content, LIMITS.content);
  const texts: [string, string][] = [
    ["event", m.event],
    ...m.options.map((o, i): [string, string] => [`options.${i}`, o]),
    ["description", m.description],
    ["resolutionSource", m.resolutionSource],
    ["url", m.url],
    ["content", m.content],
  ];
  for (const [field, text] of texts) {
    if (hasForbiddenCharacters(text)) throw apiError("textInvalid", { field });
  }
  if (m.url !== "" && !isHttpUrl(m.url)) throw apiError("urlInvalid", { field: "url" });
  return { metadata: m, fields: texts as ModerationFields };
}

export function registerIssue(app: FastifyInstance, ctx: AppContext): void {
  const moderator = ctx.moderator;
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/config/issue",
      cache: "public",
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
          payTokens: [tokenInfo("payToken", tokens.payToken)],
          platformToken: tokenInfo("platformToken", tokens.prds),
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
        "Checks spec §5's option rules on what a reader sees and moderates the text (word lists per language and rules in " +
        "src/content). Refused → 42201 with extra.details.reason. Held for review → code 0, status 'audit', hash null. " +
        "Approved → status 'approved' and hash = metadataHash of @prds/contracts: keccak256 of the canonical JSON of every " +
        "field a market page shows ({event, category, options, description, resolutionSource, url, content}, each text " +
        "normalized: NFC, invisible characters removed, trimmed). Metadata is stored under that hash, so a market shows " +
        "only what its issuer's transaction committed to. With marketId, the fields must hash to that market's " +
        "on-chain hash (422 metadataMismatch otherwise).",
      tags: ["issue"],
      body: SubmitBody,
      data: SubmitData,
      extra: NoExtra,
    },
    async (body) => {
      const marketId = body.marketId === undefined ? null : marketIdOf(body.marketId, "marketId");
      const params = await ctx.params();
      const { metadata: m, fields } = checkMetadata(body, params.maxOptions);
      // The function the seed and the front end use: every shown field, normalized, in a fixed order.
      const hash = metadataHash(m).toLowerCase();
      const answer = (status: "approved" | "audit", reason: string | null) => ({
        data: {
          status,
          hash: status === "approved" ? hash : null,
          reason,
          event: m.event,
          category: m.category,
          options: [...m.options],
        },
        extra: null,
      });

      if (marketId !== null) {
        const market = await db.selectFrom("markets").select("metadata_hash").where("id", "=", marketId).executeTakeFirst();
        if (!market) throw apiError("marketNotFound", { field: "marketId" });
        if (market.metadata_hash.toLowerCase() !== hash)
          throw apiError("metadataMismatch", { field: "marketId", details: { marketId: String(marketId) } });
      }

      const existing = await db
        .selectFrom("market_metadata")
        .select(["status", "reason"])
        .where("hash", "=", hash)
        .executeTakeFirst();
      if (existing) {
        if (existing.status === "rejected") throw apiError("metadataRejected", { details: { reason: existing.reason } });
        return answer(existing.status, existing.reason);
      }

      const verdict = moderator.check(fields);
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
