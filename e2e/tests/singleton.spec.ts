// ARCHITECTURE "Module Federation": one React and one @prds/shared (one store) in the page, so a value
// set by the host is what every remote reads.
import { REMOTES, REMOTE_KEYS } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { header, html, navigateByHeader, openPage, selectLanguage } from '../support/hostUi';

interface DevtoolsRecord {
  renderers: { version: string; rendererPackageName: string }[];
  committedRendererIds: number[];
}

declare global {
  interface Window {
    __e2eDevtools?: DevtoolsRecord;
  }
}

test.describe('one React, one @prds/shared', () => {
  test('each remote probe shares the header’s @prds/shared instance', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    await expect(header(page)).toHaveAttribute('data-shared-instance', /\S/);
    const hostInstance = await header(page).getAttribute('data-shared-instance');
    expect(hostInstance, 'site-header carries data-shared-instance').toBeTruthy();
    for (const key of REMOTE_KEYS) {
      const remote = REMOTES[key];
      await navigateByHeader(page, remote.path);
      await expect(page.getByTestId(remote.pageTestId)).toBeVisible();
      const probe = page.locator(`[data-testid="shared-probe"][data-remote="${remote.container}"]`);
      await expect(probe).toHaveCount(1);
      await expect(probe).toHaveAttribute('data-shared-instance', hostInstance ?? '');
    }
    // A full load of a remote route builds the page anew: still one instance, same as its header.
    await openPage(page, REMOTES.claim.path, REMOTES.claim.pageTestId);
    // The marks read '' while the page hydrates the server's HTML, then the page's own instance.
    await expect(header(page)).toHaveAttribute('data-shared-instance', /\S/);
    const reloadedInstance = await header(page).getAttribute('data-shared-instance');
    await expect(page.locator(`[data-testid="shared-probe"][data-remote="${REMOTES.claim.container}"]`)).toHaveAttribute(
      'data-shared-instance',
      reloadedInstance ?? '',
    );
  });

  test('theme and language set in the host are read by a remote', async ({ page }) => {
    await openPage(page, REMOTES.market.path, REMOTES.market.pageTestId);
    const probe = page.locator(`[data-testid="shared-probe"][data-remote="${REMOTES.market.container}"]`);
    await expect(probe).toHaveAttribute('data-theme', 'day');
    await expect(probe).toHaveAttribute('data-lang', 'en');

    await page.getByTestId('theme-switch').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'night');
    await expect(probe).toHaveAttribute('data-theme', 'night');

    await selectLanguage(page, 'de');
    await expect(probe).toHaveAttribute('data-lang', 'de');

    // And on another remote reached by client-side navigation.
    await navigateByHeader(page, REMOTES.issue.path);
    const issueProbe = page.locator(`[data-testid="shared-probe"][data-remote="${REMOTES.issue.container}"]`);
    await expect(issueProbe).toHaveAttribute('data-theme', 'night');
    await expect(issueProbe).toHaveAttribute('data-lang', 'de');
  });

  test('exactly one React renderer registers across the remotes', async ({ page }) => {
    // A stand-in for the React DevTools hook: every react-dom copy evaluated in the page calls inject().
    await page.addInitScript(() => {
      const record: DevtoolsRecord = { renderers: [], committedRendererIds: [] };
      window.__e2eDevtools = record;
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        configurable: true,
        value: {
          isDisabled: false,
          supportsFiber: true,
          renderers: new Map<number, unknown>(),
          inject(renderer: { version: string; rendererPackageName: string }) {
            record.renderers.push({ version: renderer.version, rendererPackageName: renderer.rendererPackageName });
            const id = record.renderers.length;
            this.renderers.set(id, renderer);
            return id;
          },
          onCommitFiberRoot(rendererId: number) {
            if (!record.committedRendererIds.includes(rendererId)) record.committedRendererIds.push(rendererId);
          },
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          setStrictMode() {},
          checkDCE() {},
        },
      });
    });
    await openPage(page, '/', 'page-home');
    for (const key of REMOTE_KEYS) {
      await navigateByHeader(page, REMOTES[key].path);
      await expect(page.getByTestId(REMOTES[key].pageTestId)).toBeVisible();
    }
    const record = await page.evaluate(() => window.__e2eDevtools);
    expect(record?.renderers.map((r) => r.rendererPackageName)).toEqual(['react-dom']);
    expect(record?.committedRendererIds).toEqual([1]);
  });
});
