// The server build's entry (dist/server/render.js, a CommonJS module the web server requires). An
// async boundary, as src/index.ts is for the page: the federation runtime negotiates the shared
// modules (react, @prds/shared, …) before any code that imports them runs.
import type { RenderedPage, RenderRequest } from './renderPage';

export type { RenderedPage, RenderRequest } from './renderPage';
export type { SsrState } from './ssrBlock';

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const render = await import(/* webpackChunkName: "render-page" */ './renderPage');
  return render.renderPage(request);
}

/** Loads ahead what every render needs (renderPage.tsx's warmUp): call once the server starts. */
export async function warmUp(releases: readonly { readonly serverEntry: string }[]): Promise<void> {
  const render = await import(/* webpackChunkName: "render-page" */ './renderPage');
  return render.warmUp(releases);
}

export { ssrStateJson, SSR_BLOCK_ID } from './ssrBlock';
