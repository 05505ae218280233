/**
 * Inserts at the user's cursor: a quote with its citation, or an answer's supported sentences
 * each followed by their citations. Citations go in as "[?]" links carrying their anchor; the
 * sidebar then renders the whole document (numbers depend on every citation) and refreshes.
 * Records are checked against the quota before the text goes in, so a refused insert changes
 * nothing.
 */
import { VerbatimError } from '../../shared/errors';
import { formatCitationUrl, passageKey } from '../common/citation-url';
import { PLACEHOLDER_CITATION, type CitationToInsert, type StoredRecord } from '../common/document-contract';
import type { DocsServices } from './docs-port';
import type { StoredState } from './payload-schema';
import { commitWrite, prepareWrite, readState } from './record-store';

interface Piece {
  text: string;
  citation?: CitationToInsert;
}

function withRecords(state: StoredState, records: StoredRecord[], citations: CitationToInsert[]): StoredState {
  const next: StoredState = { ...state, records: { ...state.records }, citedWorks: { ...state.citedWorks } };
  for (const record of records) next.records[record.id] = record;
  for (const { anchor, citedWorkIds } of citations) {
    if (!next.records[anchor.paperId]) throw new VerbatimError('GDOCS_BAD_PAYLOAD', `no record for the cited work ${anchor.paperId}`);
    const unknown = citedWorkIds.find((id) => !next.records[id]);
    if (unknown) throw new VerbatimError('GDOCS_BAD_PAYLOAD', `no record for the secondary work ${unknown}`);
    const key = passageKey(anchor);
    next.citedWorks[key] = [...new Set([...(next.citedWorks[key] ?? []), ...citedWorkIds])];
  }
  return next;
}

/** Inserts the pieces as one run of text at the cursor; returns the number of citations. */
function insertPieces({ document, properties }: DocsServices, pieces: Piece[], records: StoredRecord[]): number {
  const cursor = document.getCursor();
  if (!cursor) throw new VerbatimError('GDOCS_NO_CURSOR');
  const citations = pieces.flatMap((p) => (p.citation ? [p.citation] : []));
  const written = prepareWrite(properties, withRecords(readState(properties), records, citations));

  const content = pieces.map((p) => p.text).join('');
  const inserted = cursor.insertText(content);
  if (!inserted) throw new VerbatimError('GDOCS_NO_CURSOR', 'the cursor is where text cannot go');
  // The new text may take the link of what precedes it (a citation, say): start it link-free.
  inserted.setLinkUrl(0, content.length - 1, null);
  let offset = 0;
  for (const piece of pieces) {
    if (piece.citation) inserted.setLinkUrl(offset, offset + piece.text.length - 1, formatCitationUrl(piece.citation.anchor));
    offset += piece.text.length;
  }
  document.setCursor(document.newPosition(inserted, content.length));
  commitWrite(properties, written);
  return citations.length;
}

export function insertQuote(services: DocsServices, quote: string, citation: CitationToInsert, records: StoredRecord[]): number {
  return insertPieces(services, [{ text: `“${quote.trim()}” ` }, { text: PLACEHOLDER_CITATION, citation }], records);
}

export function insertSentences(services: DocsServices, sentences: { text: string; citations: CitationToInsert[] }[], records: StoredRecord[]): number {
  const pieces: Piece[] = [];
  sentences.forEach((sentence, i) => {
    const text = sentence.text.trim();
    // The citation goes before the sentence's closing punctuation: "… search [1]."
    const end = /[.!?]$/.test(text) ? text.slice(-1) : '';
    pieces.push({ text: `${i > 0 ? ' ' : ''}${end ? text.slice(0, -1) : text}` });
    for (const citation of sentence.citations) pieces.push({ text: ' ' }, { text: PLACEHOLDER_CITATION, citation });
    if (end) pieces.push({ text: end });
  });
  return insertPieces(services, pieces, records);
}
