/**
 * Copy or download an answer with its citations for any editor: rich text (HTML and plain text
 * on the clipboard) for Google Docs, Word, Notion or e-mail; LaTeX with its .bib; Pandoc Markdown
 * with a .bib or CSL-JSON; a .docx. Every action builds the same ExportDocument (the cite engine,
 * the chosen style) from the answer's supported sentences only.
 */
import { useState } from 'preact/hooks';
import { isSupported, type Answer } from '../shared/answer/answer';
import { CITATION_STYLES, parseStyleId, type StyleId } from '../shared/cite';
import { messageFor } from '../shared/errors';
import type { ExportDocument } from '../shared/export/export-document';
import { bibFile, cslJsonFile } from '../shared/export/export-files';
import { BIB_FILE_NAME, buildChosenExport, copyExport, CSL_JSON_FILE_NAME, type ExportContent } from './copy-export';
import { downloadFile } from './download-file';
import { Notice, useNotice } from './Notice';
import type { PassageLoader } from './passage';

const DOCX_FILE_NAME = 'verbatim-answer.docx';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ExportMenuProps {
  answer: Answer;
  loadPaper: PassageLoader;
}

export function ExportMenu({ answer, loadPaper }: ExportMenuProps) {
  const [style, setStyle] = useState<StyleId>('ieee');
  const [notice, showNotice] = useNotice();
  const [content, setContent] = useState<ExportContent>('sentences');
  const supported = answer.sentences.flatMap((sentence, i) => (isSupported(sentence) ? [i] : []));
  // Every supported sentence is chosen until the user unticks some; the unticked ones belong to
  // the answer they were unticked in (the panel shows the next answer in the same menu).
  const [unticked, setUnticked] = useState<{ answer: Answer | null; indices: ReadonlySet<number> }>({ answer: null, indices: new Set() });
  if (answer.abstained || supported.length === 0) return null;
  const unchosen = unticked.answer === answer ? unticked.indices : new Set<number>();
  const chosen = new Set(supported.filter((i) => !unchosen.has(i)));
  const toggle = (i: number) => {
    const next = new Set(unchosen);
    if (!next.delete(i)) next.add(i);
    setUnticked({ answer, indices: next });
  };

  const run = (done: string, action: (document: ExportDocument) => Promise<void> | void) => async () => {
    showNotice(null);
    try {
      await action(await buildChosenExport(answer, loadPaper, { style, content, chosen }));
      showNotice({ text: done, kind: 'info' });
    } catch (e) {
      showNotice({ text: messageFor(e), kind: 'error' });
    }
  };

  return (
    <details class="export-menu" data-testid="export-menu">
      <summary>Copy or export with citations</summary>
      <label>
        Style{' '}
        <select data-testid="export-style" value={style} onChange={(e) => setStyle(parseStyleId((e.currentTarget as HTMLSelectElement).value))}>
          {CITATION_STYLES.map((s) => (
            <option key={s.id} value={s.id}>{s.label}</option>
          ))}
        </select>
      </label>
      <fieldset class="export-content">
        <legend>Export</legend>
        <label><input type="radio" name="export-content" data-testid="export-content-sentences" checked={content === 'sentences'} onChange={() => setContent('sentences')} /> the answer's sentences</label>{' '}
        <label><input type="radio" name="export-content" data-testid="export-content-quotes" checked={content === 'quotes'} onChange={() => setContent('quotes')} /> the quotes themselves</label>
        <ul class="export-choice">
          {supported.map((i) => (
            <li key={i}>
              <label>
                <input type="checkbox" data-testid="export-choose" checked={chosen.has(i)} onChange={() => toggle(i)} /> {shorten(answer.sentences[i]!.text)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div class="export-actions">
        <button type="button" data-testid="export-copy-rich" onClick={run('Copied as rich text.', (d) => copyExport(d, 'rich'))}>Copy rich text</button>
        <button type="button" data-testid="export-copy-latex" onClick={run('Copied LaTeX.', (d) => copyExport(d, 'latex'))}>Copy LaTeX</button>
        <button type="button" data-testid="export-copy-bib" onClick={run('Copied the .bib.', (d) => copyExport(d, 'bib'))}>Copy .bib</button>
        <button type="button" data-testid="export-download-bib" onClick={run(`Downloaded ${BIB_FILE_NAME}.`, (d) => downloadFile(BIB_FILE_NAME, bibFile(d), 'application/x-bibtex'))}>Download .bib</button>
        <button type="button" data-testid="export-copy-markdown" onClick={run('Copied Markdown.', (d) => copyExport(d, 'markdown'))}>Copy Markdown</button>
        <button type="button" data-testid="export-download-csl" onClick={run(`Downloaded ${CSL_JSON_FILE_NAME}.`, (d) => downloadFile(CSL_JSON_FILE_NAME, cslJsonFile(d), 'application/json'))}>Download CSL-JSON</button>
        <button type="button" data-testid="export-download-docx" onClick={run(`Downloaded ${DOCX_FILE_NAME}.`, downloadDocx)}>Download .docx</button>
      </div>
      <Notice notice={notice} onDismiss={showNotice} testId="export-status" />
    </details>
  );
}

function shorten(text: string): string {
  return text.length > 90 ? `${text.slice(0, 87)}…` : text;
}

async function downloadDocx(document: ExportDocument): Promise<void> {
  // Loaded on demand: the docx writer is large and most answers are never downloaded.
  const { toDocx } = await import('../shared/export/to-docx');
  downloadFile(DOCX_FILE_NAME, await toDocx(document), DOCX_TYPE);
}
