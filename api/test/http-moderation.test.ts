import { metadataHash } from "@prds/contracts/actions";
import { evidenceHash } from "@prds/contracts/evidence";
import type { MarketMetadataInput } from "@prds/contracts/metadata";
import { loadRules, loadWordLists } from "../src/content/moderation";
import { ERRORS } from "../src/http/errors";
import { ADMIN_TOKEN, listen, request, startHttpHarness, type HttpHarness } from "./helpers/http";
import { LOOKALIKE_ROULETTES, ORDINARY_TEXTS } from "./helpers/lookalikes";
import { dumpTables, insertMarket, moveHead, setHead } from "./helpers/httpRows";

/**
 * /api/issue/submit-underlying and the audit review: spec §5's option rules, the word lists of all
 * 12 languages and the rules in src/content, the Unicode tricks they must see through, the audit
 * hold (no hash before approval) and the admin review.
 */
const NOW = 1_800_000_000;
let h: HttpHarness;
let serial = 0;

interface Submitted {
  status: "approved" | "audit";
  hash: string | null;
  reason: string | null;
  event: string;
  options: string[];
  category: string;
}

function body(event: string, patch: Record<string, unknown> = {}) {
  return {
    event,
    options: ["Yes", "No"],
    category: "other",
    description: "",
    resolutionSource: "",
    url: "",
    content: "",
    language: "en",
    ...patch,
  };
}
const submit = (b: Record<string, unknown>) => h.post<Submitted>("/api/issue/submit-underlying", b);
/** The hash the api answers for a submission: every shown field, normalized (@prds/contracts). */
const hashOf = (b: Record<string, unknown>) => metadataHash(b as unknown as MarketMetadataInput).toLowerCase();
const admin = { "x-admin-token": ADMIN_TOKEN };
const metadataCount = async () =>
  Number(
    (
      await h.db.kysely
        .selectFrom("market_metadata")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  h = await startHttpHarness("moderation");
  await setHead(h.db, NOW);
});
afterAll(async () => h?.close());

describe("approved submissions", () => {
  test("answer the hash the issue transaction carries, and store the metadata", async () => {
    const b = body("Will Bitcoin close above $150,000 on 31 December?", {
      category: "crypto",
      description: "Closing price on a major index",
      resolutionSource: "CoinDesk BPI",
      url: "https://example.org/btc",
      language: "en",
      account: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    });
    const r = await submit(b);
    const hash = hashOf(b);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 0,
      data: { status: "approved", hash, reason: null, event: b.event, options: ["Yes", "No"], category: "crypto" },
    });
    const row = await h.db.kysely.selectFrom("market_metadata").selectAll().where("hash", "=", hash).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "approved",
      description: "Closing price on a major index",
      resolution_source: "CoinDesk BPI",
      url: "https://example.org/btc",
    });
    // The caller's word on who submitted it is not recorded (nothing proves it; reviewers saw it
    // as fact): an `account` in the body is ignored, the row has no such column, the review list no such field.
    expect(Object.keys(row)).not.toContain("submitted_by");
    const listed = await h.post<{ list: Record<string, unknown>[] }>(
      "/api/admin/audit/list",
      { status: "approved", hash },
      admin,
    );
    expect(listed.body.data.list[0]).toMatchObject({ hash, event: b.event });
    expect(Object.keys(listed.body.data.list[0] ?? {})).not.toContain("submittedBy");
    // Every shown field is in the hash: the same event, options and category with another
    // description are other metadata under another hash, and the first stays as it was.
    const other = await submit({ ...b, description: "something else" });
    expect(other.body.data).toMatchObject({ status: "approved", hash: hashOf({ ...b, description: "something else" }) });
    expect(other.body.data.hash).not.toBe(hash);
    const stored = await h.db.kysely
      .selectFrom("market_metadata")
      .select("description")
      .where("hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe("Closing price on a major index");
    // The same fields again answer the stored row.
    expect((await submit(b)).body.data).toMatchObject({ status: "approved", hash });
  });

  test("texts are stored NFC and trimmed, and the hash is over what is stored", async () => {
    const decomposed = "Will the cafe\u0301 in Paris reopen?"; // é as e + combining accent
    const r = await submit(body(`  ${decomposed}  `, { options: [" Oui\u200b ", "Non"], category: "culture" }));
    const event = decomposed.normalize("NFC");
    expect(r.body.data).toMatchObject({ status: "approved", event, options: ["Oui", "Non"] });
    expect(r.body.data.hash).toBe(hashOf(body(event, { options: ["Oui", "Non"], category: "culture" })));
  });

  test("ordinary markets in every language pass", async () => {
    const events: [string, string, string[]][] = [
      ["en", "Who will win the Champions League final?", ["Real Madrid", "Manchester City", "Another club"]],
      ["en", "Will the new Star Wars film gross $1B? Will the class assassin's creed remake ship?", ["Yes", "No"]],
      ["zh", "比特币年底会超过十万美元吗？", ["会", "不会"]],
      ["ko", "비트코인이 연말에 10만 달러를 넘을까요?", ["예", "아니오"]],
      ["fr", "La BCE baissera-t-elle ses taux en juin ?", ["Oui", "Non"]],
      ["ru", "Повысит ли центральный банк ключевую ставку?", ["Да", "Нет"]],
      ["de", "Wird die Bahn die neue Strecke bis Dezember eröffnen?", ["Ja", "Nein"]],
      ["es", "¿Ganará el Real Madrid la liga este año?", ["Sí", "No"]],
      ["ar", "هل سيرتفع سعر الذهب هذا الشهر؟", ["نعم", "لا"]],
      ["ja", "日本銀行は次の会合で利上げするか？", ["はい", "いいえ"]],
      ["th", "ธนาคารกลางจะลดดอกเบี้ยในเดือนหน้าหรือไม่", ["ใช่", "ไม่ใช่"]],
      ["ms", "Adakah harga emas akan naik bulan ini?", ["Ya", "Tidak"]],
      ["vi", "Giá vàng có tăng trong tháng này không?", ["Có", "Không"]],
    ];
    for (const [language, event, options] of events) {
      const r = await submit(body(event, { options, language, category: "finance" }));
      expect([language, r.body.code, r.body.data?.status, r.body.data?.reason]).toEqual([language, 0, "approved", null]);
    }
  });
});

describe("spec §5 rules (422 with the field, nothing stored)", () => {
  const cases: [string, Record<string, unknown>, keyof typeof ERRORS, string][] = [
    ["event is empty", body("   "), "eventEmpty", "event"],
    ["options cannot be empty", body("Will it?", { options: [] }), "optionsEmpty", "options"],
    ["fewer than two options", body("Will it?", { options: ["Yes"] }), "optionsTooFew", "options"],
    ["an empty option", body("Will it?", { options: ["Yes", " \t "] }), "optionEmpty", "options.1"],
    ["repeated options", body("Will it?", { options: ["Yes", "No", "yes"] }), "optionRepeated", "options.2"],
    ["repeated in full width", body("Will it?", { options: ["Yes", "Ｙｅｓ"] }), "optionRepeated", "options.1"],
    ["repeated with a zero-width space", body("Will it?", { options: ["Yes", "Y\u200bes"] }), "optionRepeated", "options.1"],
    ["an option of zero-width spaces", body("Will it?", { options: ["Yes", "\u200b\u200b"] }), "optionEmpty", "options.1"],
    ["an option of Hangul fillers", body("Will it?", { options: ["Yes", "\u3164"] }), "optionEmpty", "options.1"],
    ["an option of Braille blanks", body("Will it?", { options: ["Yes", "\u2800 \u2800"] }), "optionEmpty", "options.1"],
    ["an event of invisible characters", body("\u200b\u2060\ufeff\u3164"), "eventEmpty", "event"],
    ["a bidi isolate", body("Will it\u2067?"), "textInvalid", "event"],
    ["unknown category", body("Will it?", { category: "weather" }), "categoryUnknown", "category"],
    ["a URL that is not http(s)", body("Will it?", { url: "javascript:alert(1)" }), "urlInvalid", "url"],
    ["a URL that is not a URL", body("Will it?", { url: "not a url" }), "urlInvalid", "url"],
    ["a control character", body("Will it\u0007?"), "textInvalid", "event"],
    ["a bidi override", body("Will it?", { options: ["Yes", "\u202eoN"] }), "textInvalid", "options.1"],
    ["an event over 300 characters", body(`Will ${"x".repeat(300)}?`), "invalidBody", "event"],
  ];
  test.each(cases)("%s", async (_name, b, error, field) => {
    const before = await metadataCount();
    const r = await submit(b);
    expect(r.status).toBe(ERRORS[error].status);
    expect(r.body).toMatchObject({ code: ERRORS[error].code, msg: ERRORS[error].key, data: null, extra: { field } });
    expect(await metadataCount()).toBe(before);
  });
});

describe("word lists: every term of every language", () => {
  const lists = loadWordLists();

  test("all 12 languages have refuse and audit lists", () => {
    expect(lists.map((l) => l.language).sort()).toEqual(["ar", "de", "en", "es", "fr", "ja", "ko", "ms", "ru", "th", "vi", "zh"]);
    for (const list of lists) {
      expect(Object.values(list.refuse).flat().length).toBeGreaterThan(10);
      expect(Object.values(list.audit).flat().length).toBeGreaterThan(10);
      expect(Object.keys(list.refuse)).toEqual(expect.arrayContaining(["gambling", "adult", "violence"]));
    }
  });

  const terms = lists.flatMap((list) =>
    (["refuse", "audit"] as const).flatMap((action) =>
      Object.entries(list[action]).flatMap(([category, words]) =>
        words.map((word) => ({ language: list.language, action, category, term: word.replace(/\*$/, "") })),
      ),
    ),
  );

  test.each(lists.map((l) => l.language))("%s: refused terms are refused, held terms are held", async (language) => {
    const before = await metadataCount();
    let held = 0;
    for (const t of terms.filter((x) => x.language === language)) {
      serial += 1;
      const r = await submit(body(`Will ${t.term} be on the front page? (${serial})`, { language }));
      if (t.action === "refuse") {
        expect([t.term, r.status, r.body.code]).toEqual([t.term, 422, ERRORS.contentRefused.code]);
        expect(r.body.extra).toMatchObject({ field: "event", details: { reason: expect.stringMatching(/^api\.moderation\./) } });
      } else {
        expect([t.term, r.status, r.body.code, r.body.data?.status, r.body.data?.hash]).toEqual([t.term, 200, 0, "audit", null]);
        // Its own category, or that of a shorter held term inside it ("bunuh diri" holds "bunuh").
        expect(r.body.data.reason).toMatch(/^api\.moderation\.(gambling|adult|violence|sensitive|drugs|hate)$/);
        held += 1;
      }
    }
    // Only the held ones were stored, all as 'audit'.
    expect(await metadataCount()).toBe(before + held);
  });
});

describe("tricks do not pass", () => {
  const refused: [string, string][] = [
    ["upper case", "Will ROULETTE pay out?"],
    ["zero-width space inside", "Will rou\u200blette pay out?"],
    ["soft hyphen inside", "Will rou\u00adlette pay out?"],
    ["full-width letters", "Will ｒｏｕｌｅｔｔｅ pay out?"],
    ["mathematical bold letters", "Will 𝐫𝐨𝐮𝐥𝐞𝐭𝐭𝐞 pay out?"],
    ["spaced out", "Will r o u l e t t e pay out?"],
    ["dotted", "Will r.o.u.l.e.t.t.e pay out?"],
    ["digits for letters", "Will r0ul3tt3 pay out?"],
    ["Cyrillic look-alike", "Will rоulette pay out?"],
    ["an accent added", "Will rôulette pay out?"],
    ["Arabic tatweel", "هل روليـــت مربح؟"],
    ["half-width katakana", "ﾙｰﾚｯﾄで勝てるか？"],
    ["spaces between CJK characters", "老 虎 机会赢吗？"],
    ["Korean with a particle", "룰렛에서 이길까?"],
    ["in an option", "Will it happen?"],
  ];
  test.each(refused)("%s", async (name, event) => {
    serial += 1;
    const b =
      name === "in an option"
        ? body(`${event} ${serial}`, { options: ["Yes", "Play b\u200daccarat"] })
        : body(`${event} ${serial}`);
    const r = await submit(b);
    expect([r.status, r.body.code]).toEqual([422, ERRORS.contentRefused.code]);
    expect(r.body.extra).toMatchObject({ details: { reason: "api.moderation.gambling" } });
  });

  // The security review's look-alikes (issue 24): Unicode's confusable skeleton, every
  // default-ignorable removed, unusual spaces between letters joined, word forms.
  test.each(LOOKALIKE_ROULETTES)("look-alike: %s → refused, nothing stored", async (_name, text) => {
    serial += 1;
    const before = await metadataCount();
    const r = await submit(body(`Will ${text} pay out? (${serial})`));
    expect([text, r.status, r.body.code]).toEqual([text, 422, ERRORS.contentRefused.code]);
    expect(r.body.extra).toMatchObject({ field: "event", details: { reason: "api.moderation.gambling" } });
    expect(await metadataCount()).toBe(before);
  });

  test.each(ORDINARY_TEXTS)("%s: ordinary text is still approved through the skeleton", async (language, event) => {
    const r = await submit(body(event, { language, category: "finance" }));
    expect([language, r.body.code, r.body.data?.status, r.body.data?.reason]).toEqual([language, 0, "approved", null]);
  });

  test("invisible characters are not kept: the stored event is what the page hashes", async () => {
    const b = body("Will the Angkor\u17b4 Wat\u17b5 festival\u2065 open on time?");
    const r = await submit(b);
    const event = "Will the Angkor Wat festival open on time?";
    expect(r.body.data).toMatchObject({ status: "approved", event, hash: hashOf(body(event)) });
    // The hash the page computes from what the issuer typed (@prds/contracts normalizes the same way).
    expect(r.body.data.hash).toBe(hashOf(b));
  });

  test("a Latin word with a Cyrillic letter is held even when no list has it", async () => {
    const r = await submit(body("Will Аpple ship a new phone?")); // Cyrillic А
    expect(r.body.data).toMatchObject({ status: "audit", hash: null, reason: "api.moderation.mixedScript" });
  });

  test("a held term behind a zero-width joiner is still held", async () => {
    const r = await submit(body("Will the c\u200dasino reopen?"));
    expect(r.body.data).toMatchObject({ status: "audit", hash: null, reason: "api.moderation.gambling" });
  });
});

describe("rules (src/content/rules.json)", () => {
  test("every rule is loaded", () => {
    expect(loadRules().map((r) => r.id)).toEqual([
      "url-scheme",
      "gambling-site",
      "url-shortener",
      "ip-host",
      "link-in-text",
      "contact-handle",
      "mixed-script",
    ]);
  });

  const cases: [string, Record<string, unknown>, "refused" | "audit", string][] = [
    ["a betting site", { url: "https://www.bet365.com/odds" }, "refused", "api.moderation.gambling"],
    ["another scheme in text", { content: "mirror at ftp://files.example.org" }, "refused", "api.moderation.urlScheme"],
    ["a shortened link", { url: "https://bit.ly/3abc" }, "audit", "api.moderation.urlShortener"],
    ["a bare IP address", { url: "http://192.168.1.20/result" }, "audit", "api.moderation.urlIpHost"],
    ["a link in the event text", { event: "Will https://example.org go live?" }, "audit", "api.moderation.linkInText"],
    ["a messenger handle", { content: "results on t.me/somechannel" }, "audit", "api.moderation.contactHandle"],
  ];
  test.each(cases)("%s", async (_name, patch, outcome, reason) => {
    serial += 1;
    const r = await submit(body(`Will the rule ${serial} hold?`, patch));
    if (outcome === "refused") {
      expect([r.status, r.body.code]).toEqual([422, ERRORS.contentRefused.code]);
      expect(r.body.extra).toMatchObject({ details: { reason } });
    } else {
      expect(r.body).toMatchObject({ code: 0, data: { status: "audit", hash: null, reason } });
    }
  });
});

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
