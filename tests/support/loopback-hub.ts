/**
 * A model hub on loopback: serves model repositories' files at the hub's URL layout
 * (/{owner}/{name}/resolve/{revision}/{file}) and records every request, so tests can
 * tell a download from a cache hit. Unknown files are 404, as on the hub.
 */
import { createServer } from 'node:http';

export interface LoopbackHub {
  host: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startLoopbackHub(repositories: ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>): Promise<LoopbackHub> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(url);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(url);
    const body = match ? repositories.get(match[1]!)?.get(decodeURIComponent(match[2]!)) : undefined;
    if (!body) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) }).end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { host: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
