import { fetchWithTimeout } from './fetchWithTimeout';
import type { ClassifyTools } from './rollout/classifyFailure';

/** How a page tells why a release failed (rollout/classifyFailure.ts): its files over HTTP, hashed with SubtleCrypto. */
export const browserClassifyTools: ClassifyTools = {
  async fetchFile(url) {
    try {
      const response = await fetchWithTimeout(url, { cache: 'no-store' }, 10_000);
      return { status: response.status, body: await response.arrayBuffer() };
    } catch (error) {
      const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : null;
      return { status: typeof status === 'number' ? status : null, body: null };
    }
  },
  async sha384(body) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', body));
    return `sha384-${btoa(String.fromCharCode(...digest))}`;
  },
};
