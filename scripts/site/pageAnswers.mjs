// The host's page answers (scripts/serve.mjs), on scripts/site/pageAnswer.ts's plan and render.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createServerRenders } from './serverRenders.mjs';
import { HOSTNAME, ROOT, requireSource, siteOrigins } from './serveOptions.mjs';

/** @type {typeof import('./pageAnswer')} */
const pageAnswer = requireSource('scripts/site/pageAnswer.ts');
/** @type {typeof import('./marketPreview')} */
const { createMarketPreviews } = requireSource('scripts/site/marketPreview.ts');
/** @type {typeof import('./serverRender')} */
const serverRender = requireSource('scripts/site/serverRender.ts');
/** @type {typeof import('./pageRoute')} */
const pageRoute = requireSource('scripts/site/pageRoute.ts');
/** @type {typeof import('./localManifest')} */
const { packageVersion } = requireSource('scripts/site/localManifest.ts');

/**
 * The host's page answers (scripts/site/pageAnswer.ts): the host's index.html, read again when it
 * changes, with the visitor's releases chosen and put in as a JSON block, Link headers and a 103
 * Early Hints for what the page loads first, and link-preview tags for market pages (a market the
 * api does not have is a 404). Anything that goes wrong here sends the page as built: the browser
 * then fetches /remotes.json itself.
 */
export function createPageAnswers({ indexFile, manifests, options, headersNow }) {
  const pageOrigin = `http://${HOSTNAME}:${options.basePort}`;
  const renderRoute = createServerRenders({ hostDir: path.dirname(indexFile), options, pageOrigin, manifests });
  const pageVersions = { host: packageVersion('host'), shared: packageVersion('shared') };
  const previews = createMarketPreviews({ apiOrigin: options.ssrApiOrigin });
  // Node loads its fetch (undici) on the first call, ~150–300 ms here: more than a preview's whole
  // budget, so the first market page after a start would go without. Load it now.
  void fetch('data:,').catch(() => undefined);
  const previewWords = pageAnswer.previewWordsReader(path.join(ROOT, 'locales'));
  const known = new Set(siteOrigins(options));
  let page = { stamp: null, html: '' };
  let raw = { manifest: null, value: null };
  const html = () => {
    const stat = fs.statSync(indexFile);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (stamp !== page.stamp) page = { stamp, html: fs.readFileSync(indexFile, 'utf8') };
    return page.html;
  };
  let failures = 0;

  return async function answerPage(request, reply) {
    const [pathname = '/', query = ''] = request.url.split(/\?(.*)/s);
    const secure = request.protocol === 'https' || /^https\b/i.test(String(request.headers['x-forwarded-proto'] ?? ''));
    let plan;
    let site;
    try {
      const { manifest, json } = manifests.current();
      if (raw.manifest !== manifest) raw = { manifest, value: JSON.parse(json) };
      site = {
        html: html(),
        manifest,
        rawManifest: raw.value,
        pageVersions,
        pageOrigin,
        apiOrigin: options.apiOrigin,
        mintInstallId: () => crypto.randomUUID(),
        now: () => Date.now(),
      };
      plan = pageAnswer.planPage(
        { pathname, search: query ? `?${query}` : '', cookieHeader: request.headers.cookie, secure },
        site,
      );
      // --dev: the page may load the route's remote from a dev server (its `?remote-dev=` override,
      // kept in the browser): preloading the release the server would choose fetches what it may not use.
      if (options.dev)
        plan = { ...plan, links: plan.links.filter((link) => !/rel=preload/.test(link) || link.startsWith(`<${pageOrigin}/`)) };
    } catch (error) {
      if (failures++ < 5) console.error(`serve: host page ${pathname.slice(0, 200)} sent as built: ${error?.stack ?? error}`);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // The page differs per visitor (its releases, the cookie): no shared cache may keep it.
    void reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .header('set-cookie', plan.setCookie)
      .header('link', plan.links.join(', '));
    // Never to an HTTP/1.0 client, which must not get a 1xx answer (RFC 9110 §15.2).
    if (request.method === 'GET' && plan.links.length > 0 && request.raw.httpVersion !== '1.0') {
      // Before the api is asked for a preview: the browser starts on the host's files meanwhile.
      reply.writeEarlyHints({ link: plan.links, ...headersNow() });
    }
    // The route's server render and a market page's preview, side by side (both ask the api).
    const rendering =
      renderRoute === null
        ? Promise.resolve(null)
        : renderRoute({ pathname, search: query ? `?${query}` : '', headers: request.headers, releases: plan.releases });
    let preview = null;
    if (plan.marketId !== null) {
      const host = `${secure ? 'https' : 'http'}://${request.headers.host ?? ''}`;
      const origin = options.extraOrigins[0] ?? (known.has(host) ? host : pageOrigin);
      preview = {
        lookup: await previews.lookup(plan.marketId),
        url: `${origin}${pathname}`,
        words: previewWords(request.headers['accept-language']),
      };
    }
    const rendered = await rendering;
    let answer;
    try {
      answer = pageAnswer.renderPage(site, plan, preview);
      if (rendered !== null) answer = { ...answer, html: serverRender.withServerRender(answer.html, rendered) };
      if (!pageRoute.isPagePath(pathname)) answer = { ...answer, status: 404 };
    } catch (error) {
      if (failures++ < 5) console.error(`serve: host page ${pathname.slice(0, 200)} sent as built: ${error?.stack ?? error}`);
      return reply.sendFile('index.html');
    }
    if (renderRoute !== null) {
      // The HTML follows the language and the color-scheme hint; the hint is asked for from now on.
      void reply
        .header('vary', 'Cookie, Accept-Language, Sec-CH-Prefers-Color-Scheme')
        .header('accept-ch', 'Sec-CH-Prefers-Color-Scheme');
    }
    return reply.code(answer.status).type('text/html; charset=utf-8').send(answer.html);
  };
}
