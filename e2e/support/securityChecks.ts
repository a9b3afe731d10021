// What a security review checks on every answer and every page: the security headers, and any script
// that runs where it should not (a CSP violation or a dialog).
import http from 'node:http';
import type { Page } from '@playwright/test';
import { recordCspViolations } from './cspViolations';
import { expect } from './fixtures';

/** CSP (no framing, a default-src), X-Frame-Options DENY, nosniff and no referrer. */
export function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${what}: CSP default-src`).toMatch(/default-src '(self|none)'/);
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
}

/** Collects CSP violations and dialogs a page reports. */
export async function watchForScripts(page: Page): Promise<{ violations: string[]; dialogs: string[] }> {
  const seen = { violations: await recordCspViolations(page), dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Another web app on this machine: a loopback origin that is not the site's, serving one blank page. */
export async function startOtherOrigin(): Promise<{ url: string; close(): Promise<void> }> {
  const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>other</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const address = other.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    close: async () => {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    },
  };
}

/**
 * What the page's origin can do to the JSON-RPC at `url`: read its answer to `chainId` (the body), or
 * 'blocked'; send `send` as a "simple" request (no preflight, never readable: it must not run either);
 * open a WebSocket to it ('open' or 'refused').
 */
export async function probeRpcFromPage(
  page: Page,
  url: string,
  chainId: string,
  send: Record<string, unknown>,
): Promise<{ read: string; socket: string }> {
  return page.evaluate(
    async ({ url, chainId, send }) => {
      let read: string;
      try {
        const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chainId });
        read = `read ${await answer.text()}`;
      } catch {
        read = 'blocked';
      }
      await fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: send }).catch(
        () => null,
      );
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(url.replace('http:', 'ws:'));
        ws.onopen = () => {
          ws.close();
          resolve('open');
        };
        ws.onerror = () => resolve('refused');
      });
      return { read, socket };
    },
    { url, chainId, send: JSON.stringify(send) },
  );
}
