/**
 * The web origins that may reach the extension's library from outside it: the writing
 * panes (Word task pane, Google Docs sidebar). One list feeds both the manifest's
 * `externally_connectable.matches` (what Chrome lets through at all) and the
 * background's own origin check (what Verbatim then answers), so they cannot drift.
 * Chrome's match patterns cannot express every rule (no wildcard in the middle of a
 * host label, ports are ignored), so each entry pairs its pattern with an exact test.
 */

/**
 * Where the released Word pane is hosted (manifest.xml for release points here). The pane has no
 * public home yet, so this is a reserved name (RFC 2606) that nobody can register: an origin we do
 * not control must never be able to reach the library. Set it when the pane is deployed.
 */
export const RELEASE_PANE_ORIGIN = 'https://verbatim-pane.invalid';

export interface PaneOriginRule {
  pane: 'word-dev' | 'word-release' | 'google-docs';
  /** The externally_connectable match pattern that lets the origin through Chrome. */
  matchPattern: string;
  /** The exact test of a sender's origin ("https://host[:port]"). */
  allows(origin: URL): boolean;
}

/** Apps Script serves every HtmlService sidebar from https://n-<hash>-<n>lu-script.googleusercontent.com. */
const APPS_SCRIPT_SANDBOX_HOST = /^n-[a-z0-9]+(?:-[a-z0-9]+)*-script\.googleusercontent\.com$/;

export const PANE_ORIGIN_RULES: readonly PaneOriginRule[] = [
  // `npm run addin:serve` and the e2e tests serve the pane on https://localhost (any port).
  { pane: 'word-dev', matchPattern: 'https://localhost/*', allows: (origin) => origin.hostname === 'localhost' },
  { pane: 'word-release', matchPattern: `${RELEASE_PANE_ORIGIN}/*`, allows: (origin) => origin.origin === RELEASE_PANE_ORIGIN },
  // The sandbox host is "n-…-script.googleusercontent.com", not "….script.googleusercontent.com", and a pattern's wildcard
  // may only lead the host: the pattern must be the whole googleusercontent.com domain, narrowed here to Apps Script's hosts.
  { pane: 'google-docs', matchPattern: 'https://*.googleusercontent.com/*', allows: (origin) => APPS_SCRIPT_SANDBOX_HOST.test(origin.hostname) && origin.port === '' },
];

export const PANE_MATCH_PATTERNS: readonly string[] = PANE_ORIGIN_RULES.map((rule) => rule.matchPattern);

/** Which pane an origin belongs to, or null: only https, only the listed hosts. */
export function paneForOrigin(origin: string | undefined): PaneOriginRule['pane'] | null {
  if (!origin || !URL.canParse(origin)) return null;
  const parsed = new URL(origin);
  // An origin has no path, credentials, query or fragment; anything more is not what the browser reports.
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.origin !== origin) return null;
  return PANE_ORIGIN_RULES.find((rule) => rule.allows(parsed))?.pane ?? null;
}
