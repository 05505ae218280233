/** A throw-away self-signed certificate for the https stand-in, made with the system's openssl. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function selfSignedCertificate(host = 'arxiv.org'): { key: string; cert: string } | null {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${host}`,
      '-addext', `subjectAltName=DNS:${host},DNS:www.${host}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    return null; // no openssl: the stand-in serves http only
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
