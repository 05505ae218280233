/**
 * `npm run addin:serve`: serves the built task pane at https://localhost:3000 for
 * sideloading into Word. The certificate is self-signed; trust it once (README).
 */
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:https';
import { extname, join, normalize } from 'node:path';
import { PROJECT_ROOT } from './fixture-papers';
import { selfSignedCertificate } from './self-signed';

const ROOT = join(PROJECT_ROOT, '.output', 'addin');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.xml': 'application/xml' };

const certificate = selfSignedCertificate('localhost');
if (!certificate) throw new Error('openssl is needed to make a development certificate.');
if (!existsSync(join(ROOT, 'taskpane.html'))) throw new Error('Build the pane first: npm run build:addin');
createServer(certificate, (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'https://localhost').pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(ROOT, path === '/' ? 'taskpane.html' : path);
  if (!file.startsWith(ROOT) || !existsSync(file)) {
    res.writeHead(404).end('Not found');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
}).listen(3000, () => console.log('Verbatim pane at https://localhost:3000/taskpane.html (Ctrl+C to stop)'));
