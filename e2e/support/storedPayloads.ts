// Markets whose every user text is a script payload or a word longer than any line, on a spec's own
// stack, and the pages that show them, each expected to show the payload as text and never run it
// (security.spec.ts).
import { parseUnits } from 'ethers';
import type { Browser } from '@playwright/test';
import { HOST_URL } from './apps';
import { expect } from './fixtures';
import type { OwnStackProxy } from './ownStack';
import type { ResolutionChain } from './resolutionChain';
import { watchForScripts } from './securityChecks';

const u = (amount: string): bigint => parseUnits(amount, 18);
const HOUR = 3600;

/** Each payload marks window.__pwned with its field's name if it ever runs. */
export const PAYLOADS = {
  event: `Will <img src=x onerror="window.__pwned='event'"> render as text?`,
  option0: `<details open ontoggle=window.__pwned='option'>North`,
  option1: `<svg onload=window.__pwned='option1'>South`,
  description: `<script>window.__pwned='description'</script><body onload=window.__pwned='body'>Resolves on the record.`,
  resolutionSource: `javascript:window.__pwned='source'`,
  url: `https://example.org/"><img src=x onerror=window.__pwned='url'>`,
  content: `<iframe srcdoc="<script>parent.__pwned='content'</script>"></iframe>`,
  evidence: `<img src=x onerror=window.__pwned='evidence'> java\tscript:alert(1) javascript&colon;alert(1)`,
} as const;

/** Words longer than any line: the page must wrap them or cut them with a tooltip, never widen. */
export const LONG = {
  event: `Will ${'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(6)} settle?`,
  option0: 'Aurora'.repeat(20),
  option1: 'Borealis'.repeat(15),
  description: 'Resolves'.repeat(125),
  resolutionSource: 'Source'.repeat(80),
  url: `https://example.org/${'path'.repeat(400)}`,
  content: 'Content'.repeat(600),
} as const;

/**
 * Issues the payload market (bought into, confirmed by its issuer, then challenged with a payload as
 * the evidence: Challenging) and the long-texts market (open for a month).
 */
export async function issuePayloadMarkets(chain: ResolutionChain, apiUrl: string): Promise<{ marketId: bigint; longId: bigint }> {
  const issuer = await chain.freshAccount();
  const challenger = await chain.freshAccount();
  const market = await chain.issue(issuer, {
    event: PAYLOADS.event,
    category: 'other',
    options: [PAYLOADS.option0, PAYLOADS.option1],
    description: PAYLOADS.description,
    resolutionSource: PAYLOADS.resolutionSource,
    url: PAYLOADS.url,
    content: PAYLOADS.content,
    tradingFor: 2 * HOUR,
    expiresAfter: 3 * HOUR,
    liquidity: u('150'),
    margin: u('400'),
  });
  // Over the minimum premium (50 USDT of buyers' stakes), or the market would end void, not confirmed.
  await chain.buy(challenger, market.id, 1, u('60'));
  const long = await chain.issue(issuer, {
    ...LONG,
    category: 'other',
    options: [LONG.option0, LONG.option1],
    tradingFor: 30 * 24 * HOUR,
    expiresAfter: 31 * 24 * HOUR,
    liquidity: u('150'),
    margin: u('400'),
  });
  await chain.buy(challenger, long.id, 0, u('20'));
  // Past the expiration the issuer confirms option 0; the challenger claims option 1 with evidence text.
  await chain.increaseTime(3 * HOUR + 60);
  const markets = chain.markets(issuer);
  await (await markets.getFunction('confirm')(market.id, 0)).wait();
  const stake = await chain.challengeStake();
  await chain.grantPrds(challenger.address, stake);
  await (await chain.prds(challenger).getFunction('approve')(await markets.getAddress(), stake)).wait();
  const form = new FormData();
  form.append('text', PAYLOADS.evidence);
  const uploaded = (await (await fetch(`${apiUrl}/api/evidence/upload`, { method: 'POST', body: form })).json()) as {
    code: number;
    data: { evidenceHash: string };
  };
  expect(uploaded.code).toBe(0);
  await (await chain.markets(challenger).getFunction('challenge')(market.id, 1, 0, uploaded.data.evidenceHash)).wait();
  await chain.waitApi(market.id, (m) => m.phase === 'Challenging');
  return { marketId: market.id, longId: long.id };
}

/** Opens the home page, the list, a search and the payload market's page in a new context; what tried to run. */
export async function openPayloadPages(
  browser: Browser,
  at: { proxy: Pick<OwnStackProxy, 'server'> | undefined; marketId: bigint | undefined },
  bypassCSP: boolean,
): Promise<{ violations: string[]; dialogs: string[] }> {
  if (!at.proxy) throw new Error('the spec’s own-stack proxy is not running');
  const context = await browser.newContext({
    baseURL: HOST_URL,
    bypassCSP,
    proxy: { server: at.proxy.server, bypass: '<-loopback>' },
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const seen = await watchForScripts(page);
  const pwned = () => page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null);
  const injected = () => page.locator('img[src="x"], details[ontoggle], svg[onload], body[onload], iframe[srcdoc]').count();
  try {
    await page.goto('/');
    await expect(page.getByText('render as text?', { exact: false }).first()).toBeVisible();
    await page.goto('/market?sort=newest');
    await expect(page.getByText(PAYLOADS.event).first()).toBeVisible();
    await expect(page.getByText(PAYLOADS.option0).first()).toBeVisible();
    await page.goto(`/market?search=${encodeURIComponent('render')}`);
    await expect(page.getByText(PAYLOADS.event).first()).toBeVisible();
    await page.goto(`/detail/${String(at.marketId)}`);
    await expect(page.getByTestId('detail-event')).toHaveText(PAYLOADS.event);
    await expect(page.getByTestId('detail-description')).toHaveText(PAYLOADS.description);
    await expect(page.getByTestId('detail-resolution-source')).toHaveText(PAYLOADS.resolutionSource);
    // Not an http(s) link: plain text.
    expect(await page.getByTestId('detail-resolution-source').evaluate((el) => el.tagName)).not.toBe('A');
    await expect(page.getByTestId('detail-url')).toHaveText(PAYLOADS.url);
    expect(await page.getByTestId('detail-url').getAttribute('href')).toMatch(/^https:\/\/example\.org\//);
    await expect(page.getByTestId('detail-content')).toHaveText(PAYLOADS.content);
    await expect(page.getByText(PAYLOADS.option1).first()).toBeVisible();
    await expect(page.getByTestId('challenge-item-0')).toContainText(PAYLOADS.evidence.split('\t')[0] ?? '');
    await page.waitForTimeout(500);
    expect(await injected()).toBe(0);
    expect(await pwned()).toBeNull();
  } finally {
    await context.close();
  }
  return seen;
}
