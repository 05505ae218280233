/**
 * Copy or download cited text for any editor: rich text (HTML and plain text on the clipboard)
 * for Google Docs, Word, Notion or e-mail; LaTeX with a .bib; Pandoc Markdown with a .bib or
 * CSL-JSON; a .docx. Whatever is exported (an answer's supported sentences, or chosen quotes),
 * every action renders the same ExportDocument, built by the cite engine in the chosen style.
 */
import { useState } from 'preact/hooks';
import { messageFor } from '../shared/errors';
import { CITATION_STYLES, type StyleId } from '../shared/cite';
import type { ExportDocument } from '../shared/export/export-document';
import { bibFile, cslJsonFile } from '../shared/export/export-files';
import { BIB_FILE_NAME as BIB_NAME, copyExport, CSL_JSON_FILE_NAME as CSL_JSON_NAME, downloadDocx } from './copy-export';
import { downloadFile } from './download-file';
import { Notice, useNotice } from './Notice';


export interface ExportMenuProps {
  /** What the menu is for, e.g. "this answer" or "3 quotes". */
  subject: string;
  /** Builds the document in the chosen style (may throw a VerbatimError, shown beside the menu). */
  build: (style: StyleId) => Promise<ExportDocument>;
  /** The file name of a downloaded .docx. */
  docxName: string;
}

export function ExportMenu({ subject, build, docxName }: ExportMenuProps) {
  const [style, setStyle] = useState<StyleId>('ieee');
  const [notice, showNotice] = useNotice();

  const run = (done: string, action: (document: ExportDocument) => Promise<void> | void) => async () => {
    showNotice(null);
    try {
      await action(await build(style));
      showNotice({ kind: 'info', text: done });
    } catch (e) {
      showNotice({ kind: 'error', text: messageFor(e) });
    }
  };

  return (
    <details class="export-menu" data-testid="export-menu">
      <summary>Copy or export {subject} with citations</summary>
      <label>
        Style{' '}
        <select data-testid="export-style" value={style} onChange={(e) => setStyle((e.currentTarget as HTMLSelectElement).value as StyleId)}>
          {CITATION_STYLES.map((s) => (
            <option key={s.id} value={s.id}>{s.label}</option>
          ))}
        </select>
      </label>
      <div class="export-actions">
        <button type="button" data-testid="export-copy-rich" onClick={run('Copied as rich text: paste into Google Docs, Word, Notion or an e-mail.', (d) => copyExport(d, 'rich'))}>Copy rich text</button>
        <button type="button" data-testid="export-copy-latex" onClick={run('Copied LaTeX.', (d) => copyExport(d, 'latex'))}>Copy LaTeX</button>
        <button type="button" data-testid="export-copy-bib" onClick={run('Copied the .bib.', (d) => copyExport(d, 'bib'))}>Copy .bib</button>
        <button type="button" data-testid="export-download-bib" onClick={run(`Downloaded ${BIB_NAME}.`, (d) => downloadFile(BIB_NAME, bibFile(d), 'application/x-bibtex'))}>Download .bib</button>
        <button type="button" data-testid="export-copy-markdown" onClick={run('Copied Markdown.', (d) => copyExport(d, 'markdown'))}>Copy Markdown</button>
        <button type="button" data-testid="export-download-csl" onClick={run(`Downloaded ${CSL_JSON_NAME}.`, (d) => downloadFile(CSL_JSON_NAME, cslJsonFile(d), 'application/json'))}>Download CSL-JSON</button>
        <button type="button" data-testid="export-download-docx" onClick={run(`Downloaded ${docxName}.`, (d) => downloadDocx(d, docxName))}>Download .docx</button>
      </div>
      <Notice notice={notice} onDismiss={showNotice} testId="export-status" />
    </details>
  );
}
