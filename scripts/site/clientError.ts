// The site's answer to a request Node could not parse (Fastify's clientErrorHandler): headers over
// Node's 16 KiB limit, a request line that is not HTTP/1.x, headers or a request that did not arrive
// within the server's time-outs. Fastify's default writes a bare JSON answer without the site's
// security headers; this one is plain text like the site's other errors, carries the same headers as
// every answer of the app, is never cached, echoes nothing of the request, and closes the
// connection. (The api does the same in its envelope: api/src/http/connections.ts.)

/** Node's parser error codes and the status each is answered with; anything else is a 400. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_URI_TOO_LONG: 414,
};

const REASON: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

export function clientErrorStatus(code: string | undefined): number {
  return STATUS_BY_CODE[code ?? ''] ?? 400;
}

/** The whole raw HTTP/1.1 answer for a client error with Node's error `code`. */
export function clientErrorResponse(code: string | undefined, headers: Readonly<Record<string, string>>): string {
  const status = clientErrorStatus(code);
  const body = REASON[status] ?? 'Bad Request';
  const lines = [
    `HTTP/1.1 ${status} ${body}`,
    'content-type: text/plain; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

interface ClientSocket {
  readonly destroyed: boolean;
  readonly writable: boolean;
  end(data: string): void;
  destroySoon(): void;
}

/**
 * Fastify's clientErrorHandler for one app: `headersNow` gives the app's current security headers
 * (the CSP follows the rollout manifest). A reset connection has nobody to answer.
 */
export function siteClientErrorHandler(
  headersNow: () => Readonly<Record<string, string>>,
): (error: Error & { code?: string }, socket: ClientSocket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) socket.end(clientErrorResponse(error.code, headersNow()));
    socket.destroySoon();
  };
}
