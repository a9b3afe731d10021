import { evidenceHash } from "@prds/contracts/evidence";
import { ERRORS } from "../src/http/errors";
import { ADMIN_TOKEN, listen, request, startHttpHarness, type HttpHarness } from "./helpers/http";
import { LOOKALIKE_ROULETTES } from "./helpers/lookalikes";
import { dumpTables, insertMarket, moveHead, setHead } from "./helpers/httpRows";
import { NOW, admin, body, hashOf, submitTo, metadataCountOf } from "./helpers/moderation";

/**
 * The audit hold (no hash before approval) and the admin review, only the issuer deciding what a
 * market says, markup stored as text, and evidence moderated like a market's texts. The word lists
 * and rules themselves: http-moderation.test.ts.
 */
let h: HttpHarness;
let serial = 0;

const submit = (b: Record<string, unknown>) => submitTo(h, b);
const metadataCount = () => metadataCountOf(h);

beforeAll(async () => {
  h = await startHttpHarness("moderation_review");
  await setHead(h.db, NOW);
});
afterAll(async () => h?.close());

describe("audit hold and review", () => {
  interface AuditItem {
    hash: string;
    status: string;
    reason: string;
    event: string;
    hits: { reason: string; field: string }[];
  }
  const list = (status = "audit", hash?: string) =>
    h.post<{ list: AuditItem[]; total: number }>(
      "/api/admin/audit/list",
      { status, pageSize: 100, ...(hash ? { hash } : {}) },
      admin,
    );
  const markets = async () => (await h.post<{ list: { id: string }[] }>("/api/markets", {})).body.data.list.map((m) => m.id);

  test("held metadata gets no hash and no listing until approved", async () => {
    const b = body("Will the lottery prize roll over again?", { category: "other" });
    const held = await submit(b);
    expect(held.body.data).toMatchObject({ status: "audit", hash: null, reason: "api.moderation.gambling" });
    const hash = hashOf(b);
    // Someone issues on chain with the hash anyway: the api does not list it.
    await insertMarket(h.db, {
      id: 1,
      now: NOW,
      event: b.event,
      category: "other",
      status: "none",
      market: { metadata_hash: hash },
    });
    await moveHead(h.db, h.post, NOW, 2_000);
    expect(await markets()).not.toContain("1");
    expect((await submit(b)).body.data).toMatchObject({ status: "audit", hash: null });

    const queue = await list("audit", hash);
    expect(queue.body.data.total).toBe(1);
    const item = queue.body.data.list[0];
    expect((await list()).body.data.total).toBeGreaterThanOrEqual(1);
    expect(item).toMatchObject({ status: "audit", reason: "api.moderation.gambling", event: b.event });
    expect(item?.hits).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: "api.moderation.gambling", field: "event" })]),
    );

    const review = await h.post("/api/admin/audit/review", { hash, decision: "approve" }, admin);
    expect(review.body).toMatchObject({ code: 0, data: { hash, status: "approved", reason: null } });
    expect((await submit(b)).body.data).toMatchObject({ status: "approved", hash });
    expect(await markets()).toContain("1");
    expect((await list("approved", hash)).body.data.list.map((i) => i.hash)).toEqual([hash]);
  });

  test("rejected metadata is refused when submitted again and never listed", async () => {
    const b = body("Will the war end before winter?", { category: "politics" });
    expect((await submit(b)).body.data).toMatchObject({ status: "audit", reason: "api.moderation.sensitive" });
    const hash = hashOf(b);
    const review = await h.post(
      "/api/admin/audit/review",
      { hash, decision: "reject", reason: "api.moderation.rejectedInReview" },
      admin,
    );
    expect(review.body.data).toEqual({ hash, status: "rejected", reason: "api.moderation.rejectedInReview" });
    const again = await submit(b);
    expect([again.status, again.body.code]).toEqual([422, ERRORS.metadataRejected.code]);
    expect((await list("audit", hash)).body.data.total).toBe(0);
    expect((await list("rejected", hash)).body.data.total).toBe(1);
  });

  test("review of an unknown hash → 404 metadataNotFound", async () => {
    const r = await h.post("/api/admin/audit/review", { hash: `0x${"ab".repeat(32)}`, decision: "approve" }, admin);
    expect([r.status, r.body.code]).toEqual([404, ERRORS.metadataNotFound.code]);
  });

  test("without the admin token the review calls do not exist (404), and change nothing", async () => {
    const b = body("Will the poker final go to a tiebreak?");
    await submit(b);
    const hash = hashOf(b);
    const unknown = await h.post("/api/nope", {});
    const attempts: Record<string, string>[] = [
      {},
      { "x-admin-token": "wrong" },
      { "x-admin-token": `${ADMIN_TOKEN}x` },
      { "x-admin-token": "" },
    ];
    for (const headers of attempts) {
      for (const path of ["/api/admin/audit/list", "/api/admin/audit/review"]) {
        const r = await h.post(path, { hash, decision: "approve" }, headers);
        expect(r.status).toBe(404);
        // Word for word, and neither echoes the request.
        expect(r.body).toEqual(unknown.body);
      }
    }
    // Malformed bodies are not even looked at without the token.
    expect((await h.post("/api/admin/audit/review", { nonsense: true })).status).toBe(404);
    const row = await h.db.kysely
      .selectFrom("market_metadata")
      .select("status")
      .where("hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("audit");
    // A server with no admin token configured has no review calls at all.
    const closed = await h.serverWith({ adminToken: null });
    const { post } = await import("./helpers/http");
    expect((await post(closed, "/api/admin/audit/list", {}, admin)).status).toBe(404);
  });
});

describe("only the issuer decides what a market says (every shown field is hashed)", () => {
  interface Detail {
    market: { description: string | null; resolutionSource: string | null; url: string | null; content: string | null };
  }
  const issuerTexts = body("Will the bridge reopen before the marathon?", {
    category: "other",
    description: "Resolves Yes if the city reopens the bridge to traffic before race day.",
    resolutionSource: "The city's transport office",
    url: "https://example.org/bridge",
    content: "",
  });

  test("a front-runner's texts for the same event never show on the issuer's market", async () => {
    // Someone sees the issuer's event, options and category (they are on the page, or in the
    // mempool as option keys) and submits them first with their own description and link.
    const forged = {
      ...issuerTexts,
      description: "Resolves Yes. Claim your bonus first.",
      url: "https://forged.example.org/claim",
    };
    const front = await submit(forged);
    expect(front.body.data).toMatchObject({ status: "approved" });
    const issuer = await submit(issuerTexts);
    expect(issuer.body.data).toMatchObject({ status: "approved", hash: hashOf(issuerTexts) });
    expect(issuer.body.data.hash).not.toBe(front.body.data.hash);
    // The issuer's transaction carries the issuer's hash: the page shows the issuer's texts.
    await insertMarket(h.db, {
      id: 41,
      now: NOW,
      event: issuerTexts.event,
      category: "other",
      status: "none",
      market: { metadata_hash: issuer.body.data.hash ?? "" },
    });
    const detail = await h.post<Detail>("/api/market/detail", { id: "41" });
    expect(detail.body.data.market).toMatchObject({
      description: issuerTexts.description,
      resolutionSource: issuerTexts.resolutionSource,
      url: issuerTexts.url,
    });
  });

  test("with marketId, texts that do not hash to the market's on-chain hash are refused and stored nowhere", async () => {
    const before = await metadataCount();
    const tampered = { ...issuerTexts, resolutionSource: "A blog", marketId: "41" };
    const r = await submit(tampered);
    expect([r.status, r.body.code, r.body.msg]).toEqual([422, ERRORS.metadataMismatch.code, "api.error.metadataMismatch"]);
    expect(r.body.extra).toMatchObject({ field: "marketId", details: { marketId: "41" } });
    expect(await metadataCount()).toBe(before);
    // The right texts for it are answered as usual; a market the api does not know is 404.
    expect((await submit({ ...issuerTexts, marketId: 41 })).body.data).toMatchObject({ hash: hashOf(issuerTexts) });
    const unknown = await submit({ ...issuerTexts, marketId: "9999" });
    expect([unknown.status, unknown.body.code]).toEqual([404, ERRORS.marketNotFound.code]);
  });
});

describe("markup is not a moderation matter: it is stored as the text it is (pages render text as text)", () => {
  test.each([
    ["<details open ontoggle=alert(1)>"],
    ["<body onload=alert(1)>"],
    ["<script>alert(1)</script>"],
    ["java\tscript:alert(1)"],
    ["javascript&colon;alert(1)"],
  ])("%s", async (payload) => {
    serial += 1;
    const r = await submit(body(`Will the parser ${serial} hold?`, { description: payload, content: payload }));
    expect(r.body.data).toMatchObject({ status: "approved" });
    const row = await h.db.kysely
      .selectFrom("market_metadata")
      .select(["description", "content"])
      .where("hash", "=", r.body.data.hash ?? "")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ description: payload, content: payload });
  });

  test("a URL field takes only http(s) URLs, however the scheme is disguised", async () => {
    for (const url of [
      "javascript:alert(1)",
      " JAVASCRIPT:alert(1)",
      "data:text/html,<b>",
      "//evil.example",
      "ftp://x.example",
    ]) {
      const r = await submit(body("Will the link hold?", { url }));
      expect([url, r.status, r.body.code]).toEqual([url, 422, ERRORS.urlInvalid.code]);
    }
  });
});

describe("evidence text is moderated like a market's texts", () => {
  const upload = async (text: string) => {
    const form = new FormData();
    form.append("text", text);
    return request<{ evidenceHash: string; text: string }>(await listen(h.app), "POST", "/api/evidence/upload", { body: form });
  };

  test("refused words are refused, nothing stored", async () => {
    const count = async () =>
      Number(
        (
          await h.db.kysely
            .selectFrom("evidence")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const text of ["Proof: play r0ulette at our online casino", "See the s e x t a p e"]) {
      const r = await upload(text);
      expect([text, r.status, r.body.code]).toEqual([text, 422, ERRORS.contentRefused.code]);
      expect(r.body.extra).toMatchObject({ field: "text", details: { reason: expect.stringMatching(/^api\.moderation\./) } });
    }
    expect(await count()).toBe(before);
  });

  test.each(LOOKALIKE_ROULETTES)("look-alike: %s → refused, nothing stored", async (_name, text) => {
    const before = await dumpTables(h.db);
    const r = await upload(`Screenshot: ${text} table at the venue`);
    expect([text, r.status, r.body.code]).toEqual([text, 422, ERRORS.contentRefused.code]);
    expect(r.body.extra).toMatchObject({ field: "text", details: { reason: "api.moderation.gambling" } });
    expect(await dumpTables(h.db)).toEqual(before);
  });

  test("invisible characters are trimmed from the stored text, and the hash is over what is stored", async () => {
    const r = await upload("The\u17b4 final\u17b5 score\u2065 was 2\u206a-1 \u17b5");
    const text = "The final score was 2-1";
    expect(r.body.data).toMatchObject({ text, evidenceHash: evidenceHash(null, text).toLowerCase() });
    const row = await h.db.kysely
      .selectFrom("evidence")
      .selectAll()
      .where("hash", "=", r.body.data.evidenceHash)
      .executeTakeFirstOrThrow();
    expect(row.text).toBe(text);
    // Nothing but an invisible vowel is nothing.
    expect((await upload("\u17b5")).body.code).toBe(ERRORS.evidenceEmpty.code);
  });

  test("words a report of real events uses (held for review in a market) are accepted", async () => {
    const r = await upload("The agency confirmed the war ended and nobody died in the final week.");
    expect(r.body.code).toBe(0);
  });
});
