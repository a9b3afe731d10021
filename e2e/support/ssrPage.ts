// What the web server's render put in a page (issue 26): the `prds-ssr` JSON block
// (host/src/server/ssrBlock.ts) and the HTML in #root, read from the page's HTML as fetched (before
// any script runs), and whether React has taken over the server's HTML in the browser (hydrated).
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The server render's JSON block as the page's HTML carries it. */
export interface SsrBlock {
  rendered: boolean;
  lang?: string;
  theme?: string;
  device?: string;
  remote: { name: string; version: string } | null;
  stage?: string;
  queries?: unknown;
}

export function ssrBlockOf(html: string): SsrBlock | null {
  const json = /<script type="application\/json" id="prds-ssr">([^<]*)<\/script>/.exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as SsrBlock);
}

/** The HTML inside `<div id="root">` (up to the body's end: the root is the body's last element). */
export function rootHtmlOf(html: string): string {
  return /<div id="?root"?>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
}

/** The remote release the server's HTML was rendered with, as its release build marks it (data-remote-release), or ''. */
export function serverReleaseOf(html: string): string {
  return /data-remote-release="([^"]+)"/.exec(rootHtmlOf(html))?.[1] ?? '';
}

/** Waits until React owns the element `selector` (its fiber is on the node: hydrated, or rendered by the page). */
export async function expectReactOwns(page: Page, selector: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')), undefined, {
            timeout: 1_000,
          })
          .catch(() => false),
      { timeout, intervals: [50, 100, 200] },
    )
    .toBe(true);
}

/**
 * The page as the server sends it when it could not render (or runs with --no-ssr): no server render
 * block, an empty root. The page then renders itself in the browser and asks the api for its data.
 */
export function withoutServerRender(html: string): string {
  return html
    .replace(/<script type="application\/json" id="prds-ssr">[^<]*<\/script>/, '')
    .replace(/<div id="?root"?>[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
}

/**
 * Makes `target`'s pages render in the browser, for tests of what the browser's own render shows
 * from the api's answers as the test rewrites, holds or fails them (page.route): the server's render
 * reads the api itself, where no page.route reaches. The server's render is taken out of the document
 * once it is parsed, before the page's deferred scripts run (readyState 'interactive' comes first), so
 * the page starts as it does when the server could not render. (Not by rewriting the document with
 * route.fulfill: Chromium then counts the page as public and blocks its loopback remotes.)
 */
export async function renderInBrowser(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.getElementById('prds-ssr')?.remove();
      document.getElementById('root')?.replaceChildren();
    });
  });
}
