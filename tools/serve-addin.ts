/**
 * `npm run addin:serve`: serves the built task pane at https://localhost:3000 for
 * sideloading into Word. The certificate is self-signed; trust it once (README).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './fixture-papers';
import { selfSignedCertificate } from './self-signed';
import { startStaticServer } from './static-server';

const ROOT = join(PROJECT_ROOT, '.output', 'addin');
const tls = selfSignedCertificate('localhost');
if (!tls) throw new Error('openssl is needed to make a development certificate.');
if (!existsSync(join(ROOT, 'taskpane.html'))) throw new Error('Build the pane first: npm run build:addin');
const server = await startStaticServer(ROOT, { port: 3000, tls, host: 'localhost' });
console.log(`Verbatim pane at ${server.url}/taskpane.html (Ctrl+C to stop)`);
