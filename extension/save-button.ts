/**
 * The "Save to Verbatim" button on arXiv pages. Plain DOM in a CLOSED shadow root, so
 * arXiv's styles cannot reach it, ours cannot leak into the page, and page scripts cannot
 * reach the button (host.shadowRoot is null). A save starts only from a real click
 * (event.isTrusted): a click synthesised by script is ignored.
 */
import { messageFor } from '../shared/errors';
import type { CaptureStage } from '../shared/capture/capture-paper';
import type { SaveResult } from '../shared/library/library-store';
import type { SavedStatus } from '../shared/library/saved-status';
import { listenForEvents, sendRequest } from './messaging';

const STAGE_LABELS: Record<CaptureStage, string> = {
  metadata: 'Reading the abstract page…',
  'full-text': 'Fetching the full text…',
  ar5iv: 'No arXiv HTML: trying ar5iv…',
  pdf: 'No HTML full text: reading the PDF…',
  extracting: 'Extracting sections, paragraphs and references…',
};

const STYLE = `
:host { all: initial; position: fixed; top: 12px; right: 12px; z-index: 2147483647; font: 14px/1.4 system-ui, sans-serif; }
.box { display: flex; flex-direction: column; align-items: flex-end; gap: 6px; max-width: 320px; }
button { background: #b31b1b; color: #fff; border: 0; border-radius: 6px; padding: 8px 14px; font: inherit; font-weight: 600; cursor: pointer; box-shadow: 0 1px 4px rgba(0,0,0,.25); }
button[disabled] { opacity: .7; cursor: progress; }
.status { background: #fff; color: #222; border: 1px solid #ddd; border-radius: 6px; padding: 6px 10px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
.status:empty { display: none; }
.status.error { border-color: #b31b1b; color: #8a1010; }
`;

export function describeSave(result: SaveResult): string {
  const p = result.paper;
  const counts = `${p.paragraphCount} paragraphs, ${p.referenceCount} references, ${p.citationCount} citations`;
  const version = p.version ? ` ${p.version}` : '';
  const warnings = result.warnings?.length ? ` ${result.warnings.join(' ')}` : '';
  if (result.status === 'unchanged') return `Already in your library${version}: nothing to do.`;
  if (result.status === 'updated') return `Updated to${version} (was ${result.previousVersion ?? 'unversioned'}): ${counts}.${warnings}`;
  return `Saved${version}: ${counts}.${warnings}`;
}

/** The button's label before a click: "Already saved (v2)", or an offer to update to the page's newer version. */
export function describeSavedStatus(status: SavedStatus): string {
  if (!status.saved) return 'Save to Verbatim';
  const version = status.version ? ` (${status.version})` : '';
  return status.newerOnPage ? `Update in Verbatim (saved${version})` : `Already saved${version}`;
}

export function mountSaveButton(pageUrl: () => string): HTMLElement {
  const host = document.createElement('verbatim-save');
  const shadow = host.attachShadow({ mode: 'closed' });
  shadow.innerHTML = `<style>${STYLE}</style><div class="box"><button type="button">Save to Verbatim</button><div class="status" role="status" aria-live="polite"></div></div>`;
  const button = shadow.querySelector('button')!;
  const status = shadow.querySelector<HTMLElement>('.status')!;
  const show = (text: string, isError = false) => {
    status.textContent = text;
    status.classList.toggle('error', isError);
  };

  listenForEvents('save/progress', ({ url, stage }) => {
    if (url === pageUrl()) show(STAGE_LABELS[stage]);
  });

  // Before any click: say whether this paper is already in the library, and which version.
  void sendRequest('library/status', { url: pageUrl() })
    .then((status) => {
      if (!button.disabled) button.textContent = describeSavedStatus(status);
    })
    .catch(() => undefined);

  button.addEventListener('click', async (event) => {
    if (!event.isTrusted) return;
    button.disabled = true;
    button.textContent = 'Saving…';
    show('Starting…');
    try {
      const result = await sendRequest('library/save', { url: pageUrl() });
      show(describeSave(result));
      button.textContent = 'Saved ✓';
    } catch (error) {
      show(messageFor(error), true);
      button.textContent = 'Save to Verbatim';
    } finally {
      button.disabled = false;
    }
  });
  document.documentElement.append(host);
  return host;
}
