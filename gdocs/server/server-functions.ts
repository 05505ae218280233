/**
 * The functions the sidebar calls through google.script.run, on any DocsServices (the real
 * document in Apps Script, the fake in tests). Each answers with an envelope so that a named
 * error reaches the sidebar as its code, not as a bare message.
 */
import { serializeError } from '../../shared/errors';
import type { DocumentRendering, DocumentState, InsertReport, RefreshReport, ServerResult } from '../common/document-contract';
import { locateBibliography } from './bibliography-writer';
import { findCitations } from './citation-scan';
import { kindOf, type DocsDocument, type DocsServices } from './docs-port';
import { insertQuote, insertSentences } from './insert-at-cursor';
import { parseInsertAnswer, parseInsertQuote, parseRendering } from './payload-schema';
import { readState } from './record-store';
import { applyRendering } from './refresh-document';

export function readDocumentState(services: DocsServices): DocumentState {
  const stored = readState(services.properties);
  return {
    style: stored.style,
    citations: findCitations(services.document.getBody()).map(({ url, anchor, text }) => ({ url, anchor, text })),
    records: stored.records,
    citedWorks: stored.citedWorks,
    bibliography: locateBibliography(services.document).status,
    hasCursor: services.document.getCursor() !== null,
  };
}

function enveloped<T>(run: () => T): ServerResult<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}

export function getDocumentState(services: DocsServices): ServerResult<DocumentState> {
  return enveloped(() => readDocumentState(services));
}

/**
 * The text the user has selected ('' for a caret): a Text element's selected characters, or a
 * whole selected paragraph or list item (a claim in a bulleted list is a selection writers make).
 * Other elements (a whole table, an image) give nothing; text selected inside a table cell is a Text.
 */
export function selectedText(document: DocsDocument): string {
  const selection = document.getSelection();
  if (!selection) return '';
  return selection
    .getRangeElements()
    .map((part) => {
      const element = part.getElement();
      const kind = kindOf(element);
      if (kind === 'TEXT') {
        const text = element.asText().getText();
        return part.isPartial() ? text.slice(part.getStartOffset(), part.getEndOffsetInclusive() + 1) : text;
      }
      if (kind === 'PARAGRAPH') return element.asParagraph().getText();
      return kind === 'LIST_ITEM' ? element.asListItem().getText() : '';
    })
    .filter(Boolean)
    .join(' ');
}

export function getSelectedText(services: DocsServices): ServerResult<string> {
  return enveloped(() => selectedText(services.document));
}

export function insertQuoteAtCursor(services: DocsServices, payload: unknown): ServerResult<InsertReport> {
  return enveloped(() => {
    const { quote, citation, records } = parseInsertQuote(payload);
    const citations = insertQuote(services, quote, citation, records);
    return { inserted: 1, citations, state: readDocumentState(services) };
  });
}

export function insertAnswerAtCursor(services: DocsServices, payload: unknown): ServerResult<InsertReport> {
  return enveloped(() => {
    const { sentences, records } = parseInsertAnswer(payload);
    const citations = insertSentences(services, sentences, records);
    return { inserted: sentences.length, citations, state: readDocumentState(services) };
  });
}

export function refreshDocument(services: DocsServices, rendering: unknown): ServerResult<RefreshReport> {
  return enveloped(() => applyRendering(services, parseRendering(rendering) satisfies DocumentRendering));
}
