// One account's own browser on a spec's private stack (ownStack.ts): a context of its own whose pages
// reach the private devnet and api through the spec's proxy, and a test wallet that signs on that
// devnet, connected through the header.
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import type { Wallet } from 'ethers';
import type { Stack } from '../../scripts/stack.cjs';
import { HOST_URL } from './apps';
import { expect } from './fixtures';
import type { OwnStackProxy } from './ownStack';
import { installTestWallet, type TestWallet } from './testWallet';
import { connectInjectedWallet, shortAddressPattern } from './walletUi';

export interface StackActor {
  readonly key: Wallet;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly wallet: TestWallet;
}

export interface StackActorOptions {
  readonly stack: Pick<Stack, 'devnetUrl'> | undefined;
  readonly proxy: Pick<OwnStackProxy, 'server'> | undefined;
  /** The first page the account opens. */
  readonly start: string;
  /** What the start page shows once it is there (waited for before connecting). */
  readonly shown?: (page: Page) => Locator;
  /** Over the defaults: 1280 × 800, en-US, light. */
  readonly context?: BrowserContextOptions;
  /** Runs on the new page before the wallet is installed and the start page opened (listeners, init scripts). */
  readonly prepare?: (page: Page) => Promise<void>;
}

/** Opens `key`'s browser on the spec's stack, connected: the header shows its address. */
export async function openStackActor(browser: Browser, key: Wallet, options: StackActorOptions): Promise<StackActor> {
  if (!options.proxy) throw new Error('the spec’s own-stack proxy is not running');
  const context = await browser.newContext({
    baseURL: HOST_URL,
    proxy: { server: options.proxy.server, bypass: '<-loopback>' },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    colorScheme: 'light',
    ...options.context,
  });
  const page = await context.newPage();
  await options.prepare?.(page);
  const wallet = await installTestWallet(page, { privateKey: key.privateKey, rpcUrl: options.stack?.devnetUrl });
  await page.goto(options.start);
  if (options.shown) await expect(options.shown(page)).toBeVisible();
  await connectInjectedWallet(page);
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(key.address));
  return { key, context, page, wallet };
}
