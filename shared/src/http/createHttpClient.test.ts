/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, type HttpClient } from './createHttpClient';
import { HttpError } from './HttpError';
import { fetchUserInfo } from './fetchUserInfo';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

type Handler = (req: Seen, res: http.ServerResponse) => void;

let server: http.Server;
let baseURL: string;
let handler: Handler;
let seen: Seen[];
const openResponses = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const entry: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      openResponses.add(res);
      res.on('close', () => openResponses.delete(res));
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, { code: 0, data: 'ok' });
});

afterEach(() => {
  // Responses a test left hanging (time-outs) must not keep the server busy.
  for (const res of openResponses) res.destroy();
  openResponses.clear();
});

function json(res: http.ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function client(overrides: Partial<Parameters<typeof createHttpClient>[0]> = {}): HttpClient {
  return createHttpClient({ baseURL, reload: () => undefined, ...overrides });
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw new Error(`expected HttpError, got ${String(error)}`);
  }
  throw new Error('expected a rejection');
}

describe('requests', () => {
  it('POSTs JSON to the base URL + path without credentials and resolves with the answer', async () => {
    handler = (_req, res) => json(res, 200, { code: 0, data: [1, 2], extra: { cash: '5' } });
    const answer = await client({ baseURL: `${baseURL}/` }).post('/api/markets', { page: 2 });
    expect(answer).toEqual({ code: 0, data: [1, 2], extra: { cash: '5' } });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/markets');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({ page: 2 });
    expect(req?.headers.cookie).toBeUndefined();
    expect(req?.headers.authorization).toBeUndefined();
  });

  it('POSTs a multipart form with its boundary and file, and resolves with the answer', async () => {
    const form = new FormData();
    form.append('text', 'evidence text');
    form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'chart.png');
    await expect(client().postForm('/api/evidence/upload', form)).resolves.toEqual({ code: 0, data: 'ok' });
    const [request] = seen;
    expect(request?.url).toBe('/api/evidence/upload');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="text"');
    expect(request?.body).toContain('evidence text');
    expect(request?.body).toContain('filename="chart.png"');
    expect(request?.body).toContain('Content-Type: image/png');
  });

  it('sends an empty object when the body is missing', async () => {
    await client().post('/api/markets');
    expect(seen[0]?.body).toBe('{}');
    await client().post('/api/markets', null);
    expect(seen[1]?.body).toBe('{}');
  });

  it("passes credentials: 'omit' to fetch", async () => {
    const inits: RequestInit[] = [];
    await client({
      fetchImpl: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    }).post('/api/markets');
    expect(inits[0]?.credentials).toBe('omit');
    expect(inits[0]?.method).toBe('POST');
  });
});

describe('conditional calls (ETag → 304)', () => {
  /** A server that tags its answer and answers 304 when the tag comes back, as the api does. */
  function taggedServer(answers: Record<string, unknown>) {
    handler = (req, res) => {
      const payload = answers[req.body] ?? { code: 0, data: null };
      const etag = `"${Buffer.from(JSON.stringify(payload)).toString('base64url').slice(-16)}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag });
      res.end(JSON.stringify(payload));
    };
  }

  it('asks again with the ETag it was given, and a 304 resolves with the answer it kept', async () => {
    const answers: Record<string, unknown> = { '{"page":1}': { code: 0, data: ['a'] } };
    taggedServer(answers);
    const api = client();
    await expect(api.post('/api/markets', { page: 1 })).resolves.toEqual({ code: 0, data: ['a'] });
    expect(seen[0]?.headers['if-none-match']).toBeUndefined();
    await expect(api.post('/api/markets', { page: 1 })).resolves.toEqual({ code: 0, data: ['a'] });
    expect(seen[1]?.headers['if-none-match']).toMatch(/^"/);
    // Changed data: a new tag and the new answer, kept for the next time.
    answers['{"page":1}'] = { code: 0, data: ['a', 'b'] };
    await expect(api.post('/api/markets', { page: 1 })).resolves.toEqual({ code: 0, data: ['a', 'b'] });
    await expect(api.post('/api/markets', { page: 1 })).resolves.toEqual({ code: 0, data: ['a', 'b'] });
    expect(seen.map((r) => r.headers['if-none-match'] !== undefined)).toEqual([false, true, true, true]);
  });

  it('keeps each call (path and body) apart, and never sends a tag for a call it has not seen', async () => {
    taggedServer({ '{"page":1}': { code: 0, data: [1] }, '{"page":2}': { code: 0, data: [2] } });
    const api = client();
    await api.post('/api/markets', { page: 1 });
    await expect(api.post('/api/markets', { page: 2 })).resolves.toEqual({ code: 0, data: [2] });
    await expect(api.post('/api/other', { page: 1 })).resolves.toEqual({ code: 0, data: [1] });
    expect(seen.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined, undefined]);
  });

  it('treats a 304 it did not ask for as a failure, and sends no tag after an untagged answer', async () => {
    handler = (_req, res) => {
      res.writeHead(304);
      res.end();
    };
    const error = await rejection(client().post('/api/markets'));
    expect(error.status).toBe(304);
    handler = (_req, res) => json(res, 200, { code: 0, data: 'untagged' });
    const api = client();
    await api.post('/api/markets');
    await api.post('/api/markets');
    expect(seen.slice(1).map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
  });
});

describe('failures', () => {
  it('times out with kind timeout and the Response Timeout key', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    const error = await rejection(client({ timeoutMs: 150 }).post('/api/markets'));
    expect(error.kind).toBe('timeout');
    expect(error.messageKey).toBe('common.error.responseTimeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out when the server sends headers and then stalls', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"code":');
    };
    const error = await rejection(client({ timeoutMs: 150 }).post('/api/markets'));
    expect(error.kind).toBe('timeout');
  });

  it('treats no response at all as Response Timeout (spec §8)', async () => {
    const error = await rejection(
      createHttpClient({ baseURL: 'http://127.0.0.1:1', reload: () => undefined }).post('/api/markets'),
    );
    expect(error.kind).toBe('network');
    expect(error.messageKey).toBe('common.error.responseTimeout');
  });

  it.each([400, 404, 406, 410, 422, 429, 500, 502, 503, 504, 201, 204])('rejects status %i with its message', async (status) => {
    handler = (_req, res) =>
      status === 204 ? res.writeHead(204).end() : json(res, status, { code: status, msg: `failure ${status}` });
    const error = await rejection(client().post('/api/markets'));
    expect(error.kind).toBe('status');
    expect(error.status).toBe(status);
    expect(error.messageKey).toBe('common.error.http');
    expect(error.values).toEqual({ status });
    expect(error.message).toBe(status === 204 ? 'No Content' : `failure ${status}`);
  });

  it('uses a plain-text body or the status text when there is no JSON message', async () => {
    handler = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/plain' }).end('upstream down');
    expect((await rejection(client().post('/x'))).message).toBe('upstream down');
    handler = (_req, res) => res.writeHead(503).end();
    expect((await rejection(client().post('/x'))).message).toBe('Service Unavailable');
  });

  it('rejects an answer whose code is not 0 as kind api with its msg', async () => {
    handler = (_req, res) => json(res, 200, { code: 1003, msg: 'Market not found', data: null });
    const error = await rejection(client().post('/api/market/detail', { id: 9 }));
    expect(error.kind).toBe('api');
    expect(error.code).toBe(1003);
    expect(error.status).toBe(200);
    expect(error.message).toBe('Market not found');
    expect(error.messageKey).toBe('common.error.api');
  });

  it('reads a code sent as text', async () => {
    handler = (_req, res) => json(res, 200, { code: '5', msg: 'Paused' });
    const error = await rejection(client().post('/x'));
    expect(error.kind).toBe('api');
    expect(error.code).toBe(5);
    handler = (_req, res) => json(res, 200, { code: '0', data: 1 });
    await expect(client().post('/x')).resolves.toEqual({ code: '0', data: 1 });
  });

  it("keeps the api's message key (api.error.…) on a failed status and on a failed code, and no other text", async () => {
    handler = (_req, res) => json(res, 413, { code: 41301, msg: 'api.error.evidenceTooLarge' });
    expect((await rejection(client().post('/x'))).apiKey).toBe('api.error.evidenceTooLarge');
    handler = (_req, res) => json(res, 200, { code: 40001, msg: 'api.error.badRequest' });
    expect((await rejection(client().post('/x'))).apiKey).toBe('api.error.badRequest');
    handler = (_req, res) => json(res, 200, { code: 1003, msg: 'Market not found' });
    expect((await rejection(client().post('/x'))).apiKey).toBeUndefined();
    handler = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/plain' }).end('upstream down');
    expect((await rejection(client().post('/x'))).apiKey).toBeUndefined();
  });

  it("keeps the field and the details the api's failure names, and none when it names none", async () => {
    handler = (_req, res) =>
      json(res, 422, {
        code: 42201,
        msg: 'api.error.contentRefused',
        data: null,
        extra: { message: 'refused', field: 'options.1', details: { reason: 'api.moderation.gambling', term: 'bet' } },
      });
    const refused = await rejection(client().post('/x'));
    expect([refused.field, refused.details]).toEqual(['options.1', { reason: 'api.moderation.gambling', term: 'bet' }]);
    handler = (_req, res) => json(res, 200, { code: 40001, msg: 'api.error.invalidBody', extra: { field: 'event' } });
    expect((await rejection(client().post('/x'))).field).toBe('event');
    handler = (_req, res) => json(res, 400, { code: 40000, msg: 'api.error.badRequest', extra: { field: 7, details: 'x' } });
    const plain = await rejection(client().post('/x'));
    expect([plain.field, plain.details]).toEqual([undefined, {}]);
  });

  it('rejects a 200 answer that is not JSON', async () => {
    handler = (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
    const error = await rejection(client().post('/x'));
    expect(error.kind).toBe('api');
  });
});

describe('401/403 reload, debounced 500 ms', () => {
  it('reloads once for a burst, and again for a later burst', async () => {
    let reloads = 0;
    const c = client({ reload: () => (reloads += 1) });
    handler = (req, res) => json(res, req.url === '/forbidden' ? 403 : 401, { msg: 'no' });

    const burst = () =>
      Promise.all([c.post('/a'), c.post('/forbidden'), c.post('/b'), c.post('/forbidden')].map((p) => rejection(p)));
    const errors = await burst();
    expect(errors.map((e) => e.status).sort()).toEqual([401, 401, 403, 403]);
    await sleep(200);
    await burst(); // still inside the window: pushes the single reload back
    expect(reloads).toBe(0);
    await sleep(650);
    expect(reloads).toBe(1);

    await burst();
    await sleep(650);
    expect(reloads).toBe(2);
  });

  it('does not reload for other statuses', async () => {
    let reloads = 0;
    const c = client({ reload: () => (reloads += 1) });
    handler = (_req, res) => json(res, 500, { msg: 'boom' });
    await rejection(c.post('/a'));
    await sleep(600);
    expect(reloads).toBe(0);
  });
});

describe('fetchUserInfo', () => {
  it('shares one request among concurrent callers and starts a new one after it settles', async () => {
    handler = (_req, res) => {
      setTimeout(
        () =>
          json(res, 200, {
            code: 0,
            data: [{ symbol: 'USDT', balance: '12' }],
            extra: { statics: { cash: '3', portfolio: '9' } },
          }),
        100,
      );
    };
    const c = client();
    const request = { account: '0xAbC', chainType: 'devnet' };
    const results = await Promise.all(Array.from({ length: 5 }, () => fetchUserInfo(c, request)));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/user/info');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ account: '0xAbC', chainType: 'devnet' });
    for (const result of results) {
      expect(result).toEqual({ fundData: [{ symbol: 'USDT', balance: '12' }], statics: { cash: '3', portfolio: '9' } });
    }

    await fetchUserInfo(c, request);
    expect(seen).toHaveLength(2);
  });

  it('never runs two at once, even for a different account', async () => {
    let running = 0;
    let maxRunning = 0;
    handler = (_req, res) => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      setTimeout(() => {
        running -= 1;
        json(res, 200, { code: 0, data: [], extra: { statics: { cash: '0', portfolio: '0' } } });
      }, 80);
    };
    const c = client();
    await Promise.all([
      fetchUserInfo(c, { account: '0x1', chainType: 'devnet' }),
      fetchUserInfo(c, { account: '0x2', chainType: 'devnet' }),
      fetchUserInfo(c, { account: '0x2', chainType: 'devnet' }),
    ]);
    expect(maxRunning).toBe(1);
    expect(seen.map((s) => JSON.parse(s.body).account)).toEqual(['0x1', '0x2']);
  });

  it('lets the next call retry after a failure', async () => {
    handler = (_req, res) => json(res, 200, { code: 7, msg: 'busy' });
    const c = client();
    const first = await rejection(fetchUserInfo(c, { account: '0x1', chainType: 'devnet' }));
    expect(first.message).toBe('busy');
    handler = (_req, res) => json(res, 200, { code: 0, data: [], extra: { statics: { cash: '1', portfolio: '2' } } });
    await expect(fetchUserInfo(c, { account: '0x1', chainType: 'devnet' })).resolves.toEqual({
      fundData: [],
      statics: { cash: '1', portfolio: '2' },
    });
    expect(seen).toHaveLength(2);
  });
});
