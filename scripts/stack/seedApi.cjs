// The api's side of a whole-stack run (scripts/stack.cjs): the seeded markets' texts and challenges'
// evidence submitted as the pages do, each checked against the hash the seed put on chain, and the wait
// until the api has indexed the chain up to its head.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { sleep, tail } = require('./processes.cjs');

const CONTRACTS_DIR = path.resolve(__dirname, '../../contracts');

async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** POST an api call; returns the envelope. Throws on a non-JSON answer. */
async function call(apiUrl, pathName, body, headers = {}) {
  const response = await fetch(`${apiUrl}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, ...JSON.parse(text) };
  } catch {
    throw new Error(`${pathName}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * Submits every seeded market's texts to the api and checks the api's hash is the one on chain;
 * approves what moderation holds for audit. Returns how many were held.
 */
async function submitSeedMetadata(apiUrl, adminToken, markets, log) {
  let held = 0;
  for (const m of markets) {
    const body = {
      event: m.event,
      category: m.category,
      options: [...m.options],
      ...(m.description ? { description: m.description } : {}),
      ...(m.resolutionSource ? { resolutionSource: m.resolutionSource } : {}),
      language: 'en',
    };
    const answer = await call(apiUrl, '/api/issue/submit-underlying', body);
    if (answer.code !== 0) {
      throw new Error(
        `the api refused seeded market ${m.id}'s metadata ("${m.event}"): ${answer.msg} ${JSON.stringify(answer.extra)}`,
      );
    }
    const { status, hash } = answer.data;
    if (status === 'approved') {
      if (hash !== m.metadataHash.toLowerCase()) {
        throw new Error(
          `metadata hash mismatch for seeded market ${m.id} ("${m.event}"): the seed put ${m.metadataHash} on chain, the api computed ${hash}`,
        );
      }
      continue;
    }
    if (status !== 'audit') throw new Error(`seeded market ${m.id}: unexpected metadata status ${status}`);
    held += 1;
    log(`   market ${m.id}'s metadata held for audit (${answer.data.reason ?? 'no reason'}): approving`);
    const review = await call(
      apiUrl,
      '/api/admin/audit/review',
      { hash: m.metadataHash, decision: 'approve', reason: 'demo data (seed)' },
      { 'x-admin-token': adminToken },
    );
    if (review.code !== 0) {
      throw new Error(
        `could not approve seeded market ${m.id}'s metadata (${m.metadataHash}): ${review.msg} ${JSON.stringify(review.extra)}` +
          (review.code === 40405 ? ' — the api stored it under another hash than the seed put on chain' : ''),
      );
    }
    if (review.data.status !== 'approved') throw new Error(`seeded market ${m.id}: review answered ${review.data.status}`);
    // The same texts again must now answer the on-chain hash.
    const again = await call(apiUrl, '/api/issue/submit-underlying', body);
    if (again.code !== 0 || again.data.hash !== m.metadataHash.toLowerCase()) {
      throw new Error(
        `metadata hash mismatch for seeded market ${m.id} ("${m.event}"): the seed put ${m.metadataHash} on chain, the api answers ${JSON.stringify(again.data)}`,
      );
    }
  }
  return held;
}

/**
 * Uploads every seeded challenge's evidence (its image and text) to the api exactly as the page does
 * (multipart `image` + `text` to /api/evidence/upload) and checks the api's evidence hash is the one
 * the challenge carries on chain, so the demo shows what a challenge looks like.
 */
async function submitSeedEvidence(apiUrl, challenges, log) {
  for (const c of challenges) {
    const bytes = fs.readFileSync(path.join(CONTRACTS_DIR, c.image));
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: c.imageType }), path.basename(c.image));
    form.append('text', c.text);
    const response = await fetch(`${apiUrl}/api/evidence/upload`, { method: 'POST', body: form });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(`/api/evidence/upload: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    const where = `seeded challenge ${c.index} of market ${c.marketId}`;
    if (answer.code !== 0) {
      throw new Error(`the api refused the evidence of ${where} (${c.image}): ${answer.msg} ${JSON.stringify(answer.extra)}`);
    }
    if (answer.data.evidenceHash !== c.evidenceHash.toLowerCase()) {
      throw new Error(
        `evidence hash mismatch for ${where}: the seed put ${c.evidenceHash} on chain, the api computed ${answer.data.evidenceHash}`,
      );
    }
  }
  log(`   uploaded ${challenges.length} seeded challenges' evidence (image and text)`);
}

/** The newest transaction on the chain (walking back from the head), or null. */
async function latestTransaction(devnetUrl, head) {
  for (let n = head; n >= 0 && n > head - 50; n -= 1) {
    const block = await rpc(devnetUrl, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
    if (block && block.transactions.length > 0) return block.transactions[block.transactions.length - 1];
  }
  return null;
}

/** Polls until the api has indexed up to the chain's head and lists every seeded market. */
async function waitIndexed(apiUrl, devnetUrl, seed, timeoutMs, apiLog) {
  const headHex = await rpc(devnetUrl, 'eth_blockNumber');
  const head = Number(headHex);
  const headBlock = await rpc(devnetUrl, 'eth_getBlockByNumber', [headHex, false]);
  const headTime = Number(headBlock.timestamp);
  const lastTx = await latestTransaction(devnetUrl, head);
  const expected = seed.markets.length;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    try {
      const status = lastTx
        ? await call(apiUrl, '/api/get-trans-status', { hash: lastTx })
        : { code: 0, data: { indexed: true } };
      const list = await call(apiUrl, '/api/markets', { page: 1, pageSize: 100 });
      if (list.code !== 0) throw new Error(`/api/markets: ${list.msg}`);
      const ids = new Set(list.data.list.map((m) => m.id));
      const missing = seed.markets.filter((m) => !ids.has(m.id)).map((m) => m.id);
      const now = list.extra?.now ?? 0;
      last = `transaction ${lastTx} ${status.data?.status}, api now ${now} vs head time ${headTime}, listed ${list.data.total}/${expected}${missing.length ? ` (missing ${missing.join(', ')})` : ''}`;
      if (status.code === 0 && status.data.indexed && now >= headTime && missing.length === 0) {
        return { listed: list.data.total, head };
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the api did not index the devnet up to block ${head} and list the ${expected} seeded markets within ${timeoutMs / 1000} s: ${last}\nlast lines of ${apiLog}:\n${tail(apiLog)}`,
      );
    }
    await sleep(250);
  }
}

module.exports = { submitSeedMetadata, submitSeedEvidence, waitIndexed };
