/**
 * The sidebar's three actions, each ending in a refresh of the whole document: the server
 * inserts with "[?]" placeholders, the sidebar renders every citation and the bibliography
 * with the cite engine, the server writes the rendering. If a co-author changed the
 * citations in between, the rendering is refused and done again (once).
 */
import { isStyleId, type StyleId } from '../../shared/cite';
import { VerbatimError } from '../../shared/errors';
import type { InsertAnswerPayload, InsertQuotePayload, RefreshReport } from '../common/document-contract';
import type { DocsServer } from './docs-server-client';
import { renderState } from './render-state';

export const DEFAULT_STYLE: StyleId = 'ieee';

export interface ActionReport {
  inserted: number;
  refresh: RefreshReport;
  style: StyleId;
  missingRecords: string[];
}

export class SidebarActions {
  constructor(private readonly server: DocsServer) {}

  /** The style to render in: the one asked for, else the document's own, else IEEE. */
  async documentStyle(requested?: StyleId): Promise<StyleId> {
    if (requested) return requested;
    const { style } = await this.server.getDocumentState();
    return style && isStyleId(style) ? style : DEFAULT_STYLE;
  }

  async refresh(requested?: StyleId, attempts = 2): Promise<Omit<ActionReport, 'inserted'>> {
    const state = await this.server.getDocumentState();
    const style = requested ?? (state.style && isStyleId(state.style) ? state.style : DEFAULT_STYLE);
    const { rendering, missingRecords } = renderState(state, style);
    try {
      return { refresh: await this.server.refreshDocument(rendering), style, missingRecords };
    } catch (error) {
      if (error instanceof VerbatimError && error.code === 'GDOCS_DOCUMENT_CHANGED' && attempts > 1) return this.refresh(requested, attempts - 1);
      throw error;
    }
  }

  /** The text selected in the document, to find where it comes from. */
  selectedText(): Promise<string> {
    return this.server.getSelectedText();
  }

  async insertQuote(payload: InsertQuotePayload, style?: StyleId): Promise<ActionReport> {
    const report = await this.server.insertQuoteAtCursor(payload);
    return { inserted: report.inserted, ...(await this.refresh(style)) };
  }

  async insertAnswer(payload: InsertAnswerPayload, style?: StyleId): Promise<ActionReport> {
    const report = await this.server.insertAnswerAtCursor(payload);
    return { inserted: report.inserted, ...(await this.refresh(style)) };
  }
}
