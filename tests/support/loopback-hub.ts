/**
 * A model hub on loopback: serves model repositories' files at the hub's URL layout
 * (/{owner}/{name}/resolve/{revision}/{file}) and records every request, so tests can
 * tell a download from a cache hit. Unknown files are 404, as on the hub.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

export interface LoopbackHub {
  host: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/** `tls` (a certificate for huggingface.co) serves https, so Chromium can reach it as the hub through --host-resolver-rules. */
export async function startLoopbackHub(repositories: ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>, tls?: { key: string; cert: string }): Promise<LoopbackHub> {
  const requests: string[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    requests.push(url);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(url);
    const body = match ? repositories.get(match[1]!)?.get(decodeURIComponent(match[2]!)) : undefined;
    if (!body) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end('not found');
      return;
    }
    // The hub answers any origin (the extension's worker fetches it cross-origin).
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length), 'access-control-allow-origin': '*' }).end(Buffer.from(body));
  };
  const server = tls ? createHttpsServer(tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { host: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, port, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
