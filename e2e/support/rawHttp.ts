// HTTP as no well-behaved client sends it: paths byte for byte (URL parsers would fix or refuse `/%`)
// and raw bytes on a TCP connection, to see what our servers answer (security.spec.ts).
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with the path sent byte for byte (URL parsers would fix or refuse `/%`). */
export function rawGet(port: number, pathName: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathName, method: 'GET', headers, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${pathName} on ${port}: no answer`)));
    request.on('error', reject);
    request.end();
  });
}

export interface RawExchange {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `chunks` on a raw TCP connection (one every `gapMs`, then nothing more) and resolves with what
 * the server answered once it closed the connection: requests no HTTP client would send.
 */
export function rawExchange(port: number, chunks: readonly string[], gapMs = 0): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    const deadline = setTimeout(() => socket.destroy(), 30_000);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(deadline);
      const [head = '', ...rest] = Buffer.concat(received).toString('utf8').split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines
          .filter((line) => line.includes(':'))
          .map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0) || 0, headers, body: rest.join('\r\n\r\n') });
    });
    let i = 0;
    const sendNext = () => {
      if (socket.destroyed || i >= chunks.length) return;
      socket.write(chunks[i++] ?? '');
      setTimeout(sendNext, gapMs);
    };
    socket.once('connect', sendNext);
  });
}

/** Any request with the path sent byte for byte; resolves with the status, headers and body. */
export function rawRequest(
  port: number,
  method: string,
  pathName: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathName, method, headers, timeout: 10_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${pathName} on ${port}: no answer`)));
    request.on('error', reject);
    request.end(body);
  });
}
