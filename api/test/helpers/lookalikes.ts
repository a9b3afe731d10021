/**
 * The security review's look-alike spellings of a refused word (issue 24): each must be refused
 * wherever text is moderated, a market's event and a challenge's evidence alike.
 */
export const LOOKALIKE_ROULETTES: readonly [name: string, text: string][] = [
  ["Armenian օ", "r\u0585ulette"],
  ["Lisu ꓣ", "\ua4e3oulette"],
  ["Latin small capitals", "\u0280\u1d0f\u1d1c\u029f\u1d07\u1d1b\u1d1b\u1d07"],
  ["invisible Khmer vowel U+17B4", "rou\u17b4lette"],
  ["invisible Khmer vowel U+17B5", "rou\u17b5lette"],
  ["hair space", "rou\u200alette"],
  ["thin space", "rou\u2009lette"],
  ["narrow no-break space", "rou\u202flette"],
  ["medium mathematical space", "rou\u205flette"],
  ["ideographic space", "rou\u3000lette"],
  ["no-break space", "rou\u00a0lette"],
  ["Ogham space mark", "rou\u1680lette"],
  ["line separator", "rou\u2028lette"],
  ["the plural", "roulettes"],
  ["inside a sentence", "Play r\u0585ulette tonight and win"],
  ["Cyrillic т inside a Latin word (its TR39 prototype is ᴛ)", "roule\u0442te"],
];

/**
 * Ordinary texts in the 12 languages that a skeleton must not turn into a listed term: Russian тот
 * (Cyrillic т's prototype is ᴛ, not t), German Pommes (TR39 maps m to rn: porn*), Arabic, Thai,
 * Chinese, Japanese and Korean text whose letters map to Latin look-alikes.
 */
export const ORDINARY_TEXTS: readonly [language: string, text: string][] = [
  ["en", "Will the new Star Wars film gross $1B? Who will win the Champions League final?"],
  ["zh", "比特币年底会超过十万美元吗？上海的房价明年会上涨吗？中国队会赢得世界杯吗？"],
  ["ko", "비트코인이 연말에 10만 달러를 넘을까요? 서울의 기온이 내일 30도를 넘을까요?"],
  ["fr", "Le café de Paris rouvrira-t-il\u00a0? Les roulottes du cirque arriveront-elles\u202f?"],
  ["ru", "Повысит ли центральный банк ключевую ставку? Тот рулевой клуба уйдёт в отставку? Кот, рот, год."],
  ["de", "Werden Pommes und Pomade im Pommern teurer? Wird der Rouladen-Wettbewerb stattfinden?"],
  ["es", "¿Ganará el Real Madrid la liga este año? ¿Subirá la ruta del tren?"],
  ["ar", "هل سيرتفع سعر الذهب هذا الشهر؟ هل ستفوز مصر بكأس أفريقيا؟ هل سيرتفع سعر الروبل؟"],
  ["ja", "日本銀行は次の会合で利上げするか？東京の桜は三月に咲くか？"],
  ["th", "ธนาคารกลางจะลดดอกเบี้ยในเดือนหน้าหรือไม่ ทีมชาติไทยจะชนะฟุตบอลโลกหรือไม่"],
  ["ms", "Adakah harga emas akan naik bulan ini? Adakah Malaysia akan menang piala?"],
  ["vi", "Giá vàng có tăng trong tháng này không? Đội tuyển Việt Nam có vô địch không?"],
];
