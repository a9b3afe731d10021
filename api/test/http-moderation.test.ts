import { loadRules, loadWordLists } from "../src/content/moderation";
import { ERRORS } from "../src/http/errors";
import { startHttpHarness, type HttpHarness } from "./helpers/http";
import { LOOKALIKE_ROULETTES, ORDINARY_TEXTS } from "./helpers/lookalikes";
import { setHead } from "./helpers/httpRows";
import { NOW, admin, body, hashOf, submitTo, metadataCountOf } from "./helpers/moderation";

/**
 * /api/issue/submit-underlying: spec §5's option rules, the word lists of all 12 languages and the
 * rules in src/content, and the Unicode tricks they must see through. The audit hold, the admin
 * review, who decides a market's texts, markup and evidence: http-moderation-review.test.ts.
 */
let h: HttpHarness;
let serial = 0;

const submit = (b: Record<string, unknown>) => submitTo(h, b);
const metadataCount = () => metadataCountOf(h);

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
