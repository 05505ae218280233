/**
 * Where the task pane is served from (the release origin itself is named once, in shared/pane-origins.ts).
 * The manifest is generated for one of these (`npm run addin:manifest -- --origin …`).
 */
import { RELEASE_PANE_ORIGIN } from '../shared/pane-origins';

export const DEVELOPMENT_ORIGIN = 'https://localhost:3000';
/** The hosted pane for release: the same origin the extension lets through (shared/pane-origins.ts). */
export const RELEASE_ORIGIN = RELEASE_PANE_ORIGIN;

/** An origin the manifest may name: https with no path, query or credentials (http only for localhost). */
export function parsePaneOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (!/^[a-z0-9.:[\]-]+$/i.test(url.host)) return null;
  return url.origin;
}
