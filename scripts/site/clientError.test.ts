import { clientErrorResponse, clientErrorStatus, siteClientErrorHandler } from './clientError';

const HEADERS = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function parse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe("the site's answer to a request Node cannot parse", () => {
  test.each([
    ['HPE_HEADER_OVERFLOW', 431],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
    ['HPE_URI_TOO_LONG', 414],
    ['HPE_INVALID_VERSION', 400],
    ['HPE_INVALID_METHOD', 400],
    [undefined, 400],
  ])('%s → %i', (code, status) => {
    expect(clientErrorStatus(code)).toBe(status);
  });

  test('carries the security headers, is never cached, closes the connection, and its length is right', () => {
    const answer = parse(clientErrorResponse('HPE_HEADER_OVERFLOW', HEADERS));
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatchObject({ ...HEADERS, 'cache-control': 'no-store', connection: 'close' });
    expect(answer.body).toBe('Request Header Fields Too Large');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });

  test('the handler answers with the headers in force at the time, then lets the socket close', () => {
    let headers: Record<string, string> = HEADERS;
    const handler = siteClientErrorHandler(() => headers);
    const socket = { destroyed: false, writable: true, written: [] as string[], closing: 0 };
    const fake = {
      get destroyed() {
        return socket.destroyed;
      },
      get writable() {
        return socket.writable;
      },
      end: (data: string) => socket.written.push(data),
      destroySoon: () => (socket.closing += 1),
    };
    handler(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), fake);
    headers = { ...HEADERS, 'content-security-policy': "default-src 'self'; script-src 'self' https://cdn.test" };
    handler(Object.assign(new Error('bad version'), { code: 'HPE_INVALID_VERSION' }), fake);
    expect(socket.written.map((raw) => parse(raw).status)).toEqual([408, 400]);
    expect(parse(socket.written[1] ?? '').headers['content-security-policy']).toContain('https://cdn.test');
    expect(socket.closing).toBe(2);
  });

  test('a reset or destroyed connection gets nothing', () => {
    const handler = siteClientErrorHandler(() => HEADERS);
    const end = jest.fn();
    const destroySoon = jest.fn();
    handler(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), { destroyed: false, writable: true, end, destroySoon });
    handler(Object.assign(new Error('late'), { code: 'HPE_INVALID_VERSION' }), {
      destroyed: true,
      writable: false,
      end,
      destroySoon,
    });
    expect(end).not.toHaveBeenCalled();
    expect(destroySoon).not.toHaveBeenCalled();
  });
});
