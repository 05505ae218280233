/**
 * Model servers on loopback, recording every request so tests can tell a download from a
 * cache hit; unknown files are 404. The hub serves model repositories at its URL layout
 * (/{owner}/{name}/resolve/{revision}/{file}); the CDN serves files at their exact paths
 * (jsDelivr's /npm/{package}@{version}/{file}).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

export interface LoopbackHub {
  host: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/** `tls` (a certificate for the real host's name) serves https, so Chromium can reach it under that name through --host-resolver-rules. */
async function startLoopbackServer(fileAt: (path: string) => Uint8Array | undefined, tls?: { key: string; cert: string }): Promise<LoopbackHub> {
  const requests: string[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    requests.push(url);
    const body = fileAt(url);
    if (!body) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end('not found');
      return;
    }
    // Both answer any origin (the extension's worker fetches them cross-origin).
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length), 'access-control-allow-origin': '*' }).end(Buffer.from(body));
  };
  const server = tls ? createHttpsServer(tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { host: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, port, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function startLoopbackHub(repositories: ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>, tls?: { key: string; cert: string }): Promise<LoopbackHub> {
  return startLoopbackServer((url) => {
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(url);
    return match ? repositories.get(match[1]!)?.get(decodeURIComponent(match[2]!)) : undefined;
  }, tls);
}

/** Files by exact URL path, e.g. a CDN's. */
export function startLoopbackFiles(files: ReadonlyMap<string, Uint8Array>, tls?: { key: string; cert: string }): Promise<LoopbackHub> {
  return startLoopbackServer((url) => files.get(decodeURIComponent(url)), tls);
}
