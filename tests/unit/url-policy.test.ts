import { describe, expect, it } from 'vitest';
import { assertCaptureUrl, isCaptureUrl, MAX_REDIRECTS, nextRedirectHop } from '../../shared/capture/url-policy';

describe('capture URL policy', () => {
  it.each([
    'https://arxiv.org/abs/2104.01180',
    'https://www.arxiv.org/html/2104.01180v1',
    'https://export.arxiv.org/abs/2104.01180',
    'https://ar5iv.labs.arxiv.org/html/2104.01180',
    'https://ar5iv.org/abs/2104.01180',
    'HTTPS://ARXIV.ORG/pdf/2104.01180',
  ])('allows arXiv over https: %s', (url) => {
    expect(isCaptureUrl(url)).toBe(true);
  });

  it.each([
    ['plain http', 'http://arxiv.org/abs/2104.01180'],
    ['loopback', 'https://127.0.0.1/abs/2104.01180'],
    ['localhost', 'http://localhost:8080/abs/2104.01180'],
    ['a look-alike host', 'https://arxiv.org.evil.example/abs/2104.01180'],
    ['a host ending in arxiv.org', 'https://notarxiv.org/abs/2104.01180'],
    ['an unlisted arXiv subdomain', 'https://static.arxiv.org/abs/2104.01180'],
    ['credentials in the URL', 'https://user:pw@arxiv.org/abs/2104.01180'],
    ['a host smuggled after credentials', 'https://arxiv.org@127.0.0.1/abs/2104.01180'],
    ['a non-default port', 'https://arxiv.org:8443/abs/2104.01180'],
    ['a file URL', 'file:///etc/passwd'],
    ['a data URL', 'data:text/html,<p>x</p>'],
    ['not a URL', 'arxiv.org/abs/2104.01180'],
  ])('refuses %s', (_name, url) => {
    expect(isCaptureUrl(url)).toBe(false);
    expect(() => assertCaptureUrl(url)).toThrow(expect.objectContaining({ code: 'URL_NOT_ALLOWED' }));
  });

  it('follows a redirect that stays on arXiv, resolving relative locations', () => {
    expect(nextRedirectHop('https://ar5iv.org/abs/2104.01180', 'https://ar5iv.labs.arxiv.org/html/2104.01180', 0)).toBe('https://ar5iv.labs.arxiv.org/html/2104.01180');
    expect(nextRedirectHop('https://arxiv.org/html/2104.01180', '/html/2104.01180v1', 1)).toBe('https://arxiv.org/html/2104.01180v1');
  });

  it.each([
    ['off arXiv', 'http://127.0.0.1:9999/evil'],
    ['a downgrade to http', 'http://arxiv.org/html/2104.01180v1'],
    ['a protocol-relative hop elsewhere', '//evil.example/html'],
    ['a location that could not be read', null],
  ])('refuses a redirect %s', (_name, location) => {
    expect(() => nextRedirectHop('https://arxiv.org/html/2104.01180', location, 0)).toThrow(expect.objectContaining({ code: 'REDIRECT_NOT_ALLOWED' }));
  });

  it('refuses a chain longer than the limit', () => {
    expect(() => nextRedirectHop('https://arxiv.org/a', '/b', MAX_REDIRECTS)).toThrow(expect.objectContaining({ code: 'REDIRECT_NOT_ALLOWED' }));
    expect(nextRedirectHop('https://arxiv.org/a', '/b', MAX_REDIRECTS - 1)).toBe('https://arxiv.org/b');
  });
});
