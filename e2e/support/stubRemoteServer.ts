// Stand-ins for a remote in trouble, listening on the remote's own port:
// - serveNotFound: the port answers, but every path (the manifest included) is a 404 — what a deploy
//   to the wrong folder looks like to the host;
// - serveHanging: the port accepts requests and never answers — a stuck server or network.
import http from 'node:http';

export interface RunningServer {
  close(): Promise<void>;
}

function listen(server: http.Server, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

export function serveNotFound(port: number): Promise<RunningServer> {
  const server = http.createServer((request, response) => {
    response.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
    response.end(`not found: ${request.url ?? ''}`);
  });
  return listen(server, port);
}

export function serveHanging(port: number): Promise<RunningServer> {
  const server = http.createServer(() => {
    // Deliberately never responds; close() drops the open connections.
  });
  return listen(server, port);
}
