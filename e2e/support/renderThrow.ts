// Makes a remote's real `./App` throw while rendering, without touching its build: the remote entry
// assigns its container to a global (`var mfe_market; mfe_market = …`), so the entry script is served
// with one line appended that wraps the container's `get('./App')`. (A setter on window would not do:
// the federation runtime deletes the global when the host re-registers a failed remote.) The wrapper
// throws while `window.__e2eRenderThrow` is true and renders the real component otherwise, so a retry
// after clearing it can succeed.
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __e2eRenderThrow?: boolean;
    /** How many renders threw, so a test can tell a render failure from a load failure. */
    __e2eRenderThrows?: number;
    __e2eWrapContainer?: (container: unknown) => unknown;
  }
}

export async function makeRemoteThrowWhileRendering(page: Page, remoteOrigin: string, containerGlobal: string): Promise<void> {
  await page.addInitScript(() => {
    window.__e2eRenderThrow = true;
    window.__e2eRenderThrows = 0;
    type Factory = () => { default?: unknown };
    type Container = { get(module: string, scope?: unknown): Promise<Factory> };
    const isContainer = (value: unknown): value is Container =>
      typeof value === 'object' && value !== null && typeof (value as Container).get === 'function';
    window.__e2eWrapContainer = (container) => {
      if (!isContainer(container)) return container;
      return new Proxy(container, {
        get(target, key) {
          if (key !== 'get') return Reflect.get(target, key) as unknown;
          return (module: string, scope?: unknown) =>
            target.get(module, scope).then((factory) => {
              if (module !== './App') return factory;
              return () => {
                const real = factory().default;
                return {
                  __esModule: true,
                  default: function ThrowingRemoteApp(props: object) {
                    if (window.__e2eRenderThrow) {
                      window.__e2eRenderThrows = (window.__e2eRenderThrows ?? 0) + 1;
                      throw new Error('e2e: remote throws while rendering');
                    }
                    return typeof real === 'function' ? (real as (p: object) => unknown)(props) : null;
                  },
                };
              };
            });
        },
      });
    };
  });
  await page.route(`${remoteOrigin}/remoteEntry.js*`, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({
      response,
      body: `${body}\n;${containerGlobal} = window.__e2eWrapContainer(${containerGlobal});\n`,
    });
  });
}
