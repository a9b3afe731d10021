// Spec §4/§8 resolution on /detail/:id (issue 6), the whole way through on the page: the issuer
// confirms a result, two participants challenge it with an evidence image, the second challenge opens
// the PRDS vote, voters vote, the vote is tallied once over, and the winners claim their payout and
// the challenger proven right its compensation — each step a transaction through the injected test
// wallet, and the money on chain checked against what the page said.
//
// It moves the devnet's clock (past expiration, past the vote's end), so it runs on a devnet + api of
// its own (support/ownStack.ts, ports 8645/8887), not the suite's shared one: the page's requests to
// the baked api and RPC addresses are redirected there and the wallet signs against it.
//
// The market (3 options, so the two challengers make different claims and the vote has four
// choices): the issuer confirms North Lab; challenger A claims East Lab, challenger B West Lab; the
// voters (4.5 M PRDS together, over the 4 % quorum of the 100 M supply; neither alone is) choose
// challenger A. So A wins: its stake comes back and half the issuer's margin is its compensation;
// B's stake is lost (half to the voters' reward pool); East Lab holders win.
import path from 'node:path';
import { formatUnits, parseUnits, type Wallet } from 'ethers';
import type { Locator } from '@playwright/test';
import type { Stack } from '../../scripts/stack.cjs';
import { expect, test } from '../support/fixtures';
import { captureStep, chooseOption, fillBuy, runTransaction, shownAmount, shownToTenThousandths } from '../support/marketPage';
import { OWN_STACK_CONTEXT_PROXY, startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { ResolutionChain, type IssuedMarket } from '../support/resolutionChain';
import { installTestWallet, type TestWallet } from '../support/testWallet';
import { connectInjectedWallet, shortAddressPattern } from '../support/walletUi';
import { recordTxPhases } from '../support/txPhases';

const u = (amount: string): bigint => parseUnits(amount, 18);
const HOUR = 3600;
const DAY = 24 * HOUR;
const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

const OPTIONS = ['North Lab', 'East Lab', 'West Lab'] as const;
const ISSUER_RESULT = 0;
const CLAIM_A = 1; // the outcome the vote adopts
const CLAIM_B = 2;
/** Vote choices of two challenges with different claims: 0 invalid, 1 the issuer, 2 challenge #0, 3 challenge #1. */
const CHOICE_CHALLENGE_A = 2;
const MARGIN = u('400');

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;

// Every page of this spec reaches the private stack through the forwarding proxy.
test.use({ proxy: OWN_STACK_CONTEXT_PROXY });

test.beforeAll(async () => {
  // Deploy + seed + api index: ~10 s alone, more with the other worker busy.
  test.setTimeout(180_000);
  stack = await startOwnStack({ devnetPort: 8645, apiPort: 8887, name: 'stack-resolution' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack);
});

test.afterAll(async () => {
  chain?.destroy();
  await proxy?.close();
  await stack?.stop();
});

/** Whole tokens shown on the page → the chain's wei at the page's 4 decimals (rounded down). */
function atShownPrecision(wei: bigint): bigint {
  return wei / 10n ** 14n;
}

async function expectShownEqualsChain(locator: Locator, delta: bigint, what: string): Promise<void> {
  const shown = await shownAmount(locator);
  expect(shownToTenThousandths(shown), `${what}: page ${shown}, chain ${formatUnits(delta, 18)}`).toBe(atShownPrecision(delta));
}

interface Actors {
  issuer: Wallet;
  challengerA: Wallet;
  challengerB: Wallet;
  winner: Wallet;
  loser: Wallet;
  voter1: Wallet;
  voter2: Wallet;
}

test('issuer confirms, two challenges with evidence, PRDS vote, tally, claims and compensation', async ({ page }) => {
  test.setTimeout(240_000);
  if (!stack) throw new Error('own stack not started');
  const tag = Date.now().toString(36);

  // ------------------------------------------------------------ set-up from the test process
  const actors: Actors = {
    issuer: await chain.freshAccount(),
    challengerA: await chain.freshAccount(),
    challengerB: await chain.freshAccount(),
    winner: await chain.freshAccount(),
    loser: await chain.freshAccount(),
    voter1: await chain.freshAccount(),
    voter2: await chain.freshAccount(),
  };
  const stake = await chain.challengeStake();
  // Before the confirmation: voting power is read at the block before it.
  for (const challenger of [actors.challengerA, actors.challengerB]) await chain.grantPrds(challenger.address, stake * 2n);
  await chain.grantPrds(actors.voter1.address, u('3000000'));
  await chain.grantPrds(actors.voter2.address, u('1500000'));
  const supply = await chain.prdsTotalSupply();
  expect(u('3000000') * 10_000n < supply * 400n, 'one voter alone must miss the quorum').toBe(true);
  expect(u('4500000') * 10_000n >= supply * 400n, 'both voters together reach the quorum').toBe(true);

  const market: IssuedMarket = await chain.issue(actors.issuer, {
    event: `Which lab publishes the reference survey first (e2e ${tag})?`,
    category: 'science',
    options: OPTIONS,
    description: 'Resolves to the lab whose survey appears first in the journal of record.',
    resolutionSource: 'The journal of record',
    tradingFor: 2 * HOUR,
    expiresAfter: 3 * HOUR,
    liquidity: u('150'),
    margin: MARGIN,
  });
  const id = market.id;
  await chain.buy(actors.challengerB, id, CLAIM_B, u('60'));
  await chain.buy(actors.winner, id, CLAIM_A, u('40'));
  await chain.buy(actors.loser, id, ISSUER_RESULT, u('50'));
  await chain.waitApi(id, (m) => m.state === 'Open');

  // ------------------------------------------------------------ the page, on the private stack
  const wallet: TestWallet = await installTestWallet(page, {
    privateKey: actors.challengerA.privateKey,
    rpcUrl: stack.devnetUrl,
  });
  await recordTxPhases(page);

  /** (Re)opens the market as `who`: the wallet switches account, the page loads the api's present. */
  const openAs = async (who: Wallet): Promise<void> => {
    if (wallet.address !== who.address) await wallet.setAccount(who.privateKey);
    await page.goto(`/detail/${id}`);
    await expect(page.getByTestId('page-detail')).toHaveAttribute('data-market-id', String(id));
    await expect(page.getByTestId('detail-event')).toContainText(tag);
    if (wallet.connected) await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(who.address));
  };

  await test.step('challenger A buys East Lab through the page', async () => {
    await chain.mintUsdt(actors.challengerA, u('100'));
    await openAs(actors.challengerA);
    await connectInjectedWallet(page);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(actors.challengerA.address));
    await expect(page.getByTestId('buy-balance')).toContainText('100');
    await fillBuy(page, CLAIM_A, '100');
    await expect(page.getByTestId('buy-estimate')).toHaveText(/\d/);
    await runTransaction(page, page.getByTestId('buy-submit'));
    await expect(page.getByTestId('detail-positions')).toBeVisible();
    expect(await chain.stakeOf(id, actors.challengerA.address, CLAIM_A)).toBe(u('98'));
    await captureStep(page, 'resolution-01-bought');
  });

  await test.step('time passes the expiration; the issuer confirms North Lab', async () => {
    await chain.increaseTime(3 * HOUR + 60);
    await chain.waitApi(id, (m) => m.state === 'WaitingConfirmation');
    await openAs(actors.issuer);
    const panel = page.getByTestId('issuer-panel');
    await expect(panel).toBeVisible();
    await chooseOption(page, 'issuer-result-option', ISSUER_RESULT);
    await captureStep(page, 'resolution-02-issuer-panel');
    await runTransaction(page, page.getByTestId('issuer-confirm-submit'));
    await expect(page.getByTestId('resolution-result')).toContainText(OPTIONS[ISSUER_RESULT]);
    await expect(page.getByTestId('resolution-confirmed-at')).toHaveText(/\d/);
    expect(await chain.marketState(id)).toBe('Confirmed');
    await captureStep(page, 'resolution-03-confirmed');
  });

  const prdsBefore = {
    a: await chain.prdsBalance(actors.challengerA.address),
    b: await chain.prdsBalance(actors.challengerB.address),
  };

  const challengeWith = async (who: Wallet, option: 0 | 1 | 2, image: string, text: string, index: number): Promise<void> => {
    await openAs(who);
    const form = page.getByTestId('challenge-form');
    await expect(form).toBeVisible();
    // 'Stake: -- PRDS (your balance: 1,500 PRDS)' until the stake's read answers: its first figure would be the balance.
    await expect(form.getByTestId('challenge-stake')).not.toContainText('--');
    expect(parseUnits(String(await shownAmount(form.getByTestId('challenge-stake'))), 18)).toBe(stake);
    await chooseOption(page, 'challenge-option', option);
    await form.getByTestId('challenge-image').setInputFiles(path.join(FIXTURES, image));
    await form.getByTestId('challenge-text').fill(text);
    await captureStep(page, `resolution-0${4 + index}-challenge-${index}-form`);
    await runTransaction(page, form.getByTestId('challenge-submit'));
    const item = page.getByTestId(`challenge-item-${index}`);
    await expect(item).toBeVisible();
    await expect(item).toContainText(OPTIONS[option]);
    const evidence = page.getByTestId(`challenge-evidence-image-${index}`);
    await expect(evidence).toBeVisible();
    // The image is the uploaded one, served by the (private) api and actually decoded.
    await expect
      .poll(() => evidence.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(item).toContainText(text);
  };

  await test.step('challenger A challenges with a chart: East Lab', async () => {
    await challengeWith(actors.challengerA, CLAIM_A, 'evidence-chart.png', `Journal index shows East Lab first (${tag})`, 0);
    expect(await chain.marketState(id)).toBe('Challenging');
    expect(await chain.prdsBalance(actors.challengerA.address)).toBe(prdsBefore.a - stake);
  });

  await test.step('challenger B challenges with a photo: West Lab — the vote opens', async () => {
    await challengeWith(actors.challengerB, CLAIM_B, 'evidence-photo.png', `Printed issue shows West Lab first (${tag})`, 1);
    const list = page.getByTestId('challenges-list');
    await expect(list.getByTestId(/^challenge-item-\d+$/)).toHaveCount(2);
    await expect(page.getByTestId('vote-panel')).toBeVisible();
    expect(await chain.marketState(id)).toBe('Voting');
    await captureStep(page, 'resolution-06-vote-open');
  });

  await test.step('the voters choose challenger A', async () => {
    for (const [voter, power] of [
      [actors.voter1, 3_000_000],
      [actors.voter2, 1_500_000],
    ] as const) {
      await openAs(voter);
      const panel = page.getByTestId('vote-panel');
      await expect(panel).toBeVisible();
      expect(await shownAmount(panel.getByTestId('vote-power'))).toBe(power);
      await panel.getByTestId(`vote-choice-${CHOICE_CHALLENGE_A}`).click();
      await runTransaction(page, panel.getByTestId('vote-submit'));
    }
    await expect.poll(() => shownAmount(page.getByTestId(`vote-tally-${CHOICE_CHALLENGE_A}`))).toBe(4_500_000);
    await captureStep(page, 'resolution-07-voted');
  });

  await test.step('time passes the vote end; advancing tallies it', async () => {
    await chain.increaseTime(3 * DAY + 60);
    await chain.waitApi(id, (m) => m.state === 'WaitResult');
    await openAs(actors.winner);
    await runTransaction(page, page.getByTestId('vote-advance'));
    await expect(page.getByTestId('detail-state')).toContainText('Confirmed by governance');
    await expect(page.getByTestId('detail-state')).toContainText(OPTIONS[CLAIM_A]);
    await expect(page.getByTestId('resolution-dao-result')).toContainText(OPTIONS[CLAIM_A]);
    expect(await chain.marketState(id)).toBe('Finished');
    const [a, b] = await chain.challenges(id);
    expect(a?.status).toBe('Won');
    expect(b?.status).toBe('Lost');
    await expect(page.getByTestId('challenge-item-0')).toHaveAttribute('data-status', /won/i);
    await expect(page.getByTestId('challenge-item-1')).toHaveAttribute('data-status', /lost/i);
    await captureStep(page, 'resolution-08-finished');
  });

  await test.step('PRDS: A got its stake back, B lost it', async () => {
    expect(await chain.prdsBalance(actors.challengerA.address)).toBe(prdsBefore.a);
    expect(await chain.prdsBalance(actors.challengerB.address)).toBe(prdsBefore.b - stake);
  });

  await test.step('the winners claim exactly what the page shows', async () => {
    for (const winner of [actors.winner, actors.challengerA]) {
      await openAs(winner);
      const panel = page.getByTestId('claim-panel');
      await expect(panel).toBeVisible();
      const payout = panel.getByTestId('claim-payout-amount');
      const shown = await shownAmount(payout);
      expect(shown).toBeGreaterThan(0);
      const before = await chain.usdtBalance(winner.address);
      await runTransaction(page, panel.getByTestId('claim-submit'));
      const delta = (await chain.usdtBalance(winner.address)) - before;
      expect(shownToTenThousandths(shown)).toBe(atShownPrecision(delta));
      await expect(panel.getByTestId('claim-received')).toBeVisible();
    }
    await captureStep(page, 'resolution-09-claimed');
  });

  await test.step('challenger A claims its compensation: half the margin', async () => {
    const compensation = page.getByTestId('claim-compensation-0');
    await expect(compensation).toBeVisible();
    const [a] = await chain.challenges(id);
    expect(a?.compensation).toBe(MARGIN / 2n);
    const amount = page.getByTestId('claim-compensation-amount-0');
    await expect(amount).toContainText('200');
    const before = await chain.usdtBalance(actors.challengerA.address);
    await runTransaction(page, page.getByTestId('claim-compensation-submit-0'));
    const delta = (await chain.usdtBalance(actors.challengerA.address)) - before;
    expect(delta).toBe(MARGIN / 2n);
    await expect(compensation).toHaveAttribute('data-state', 'received');
    await expectShownEqualsChain(amount, delta, 'compensation');
    await captureStep(page, 'resolution-10-compensation');
  });

  await test.step('a voter on the winning side claims its share of the lost stake', async () => {
    await openAs(actors.voter1);
    const reward = page.getByTestId('claim-voter-reward');
    await expect(reward).toBeVisible();
    const before = await chain.prdsBalance(actors.voter1.address);
    await runTransaction(page, reward.getByRole('button'));
    await expect(reward.getByRole('button')).toHaveCount(0);
    const delta = (await chain.prdsBalance(actors.voter1.address)) - before;
    // Half of B's stake goes to the voters who chose the winner, by weight: 3 M of 4.5 M.
    expect(delta).toBe(((stake / 2n) * u('3000000')) / u('4500000'));
    await expectShownEqualsChain(reward, delta, 'voter reward');
    await captureStep(page, 'resolution-11-voter-reward');
  });
});
