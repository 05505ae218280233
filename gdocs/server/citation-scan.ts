/**
 * Finds every Verbatim citation in the body, in document order: the runs of text whose
 * link URL parses as a citation URL. Nothing else is trusted: a run the user copied,
 * moved or pasted from another document is found the same way.
 */
import { parseCitationUrl } from '../common/citation-url';
import type { CitationInDocument } from '../common/document-contract';
import { kindOf, type DocsBody, type DocsContainer, type DocsElement, type DocsParagraph, type DocsText } from './docs-port';

export interface CitationRun extends CitationInDocument {
  paragraph: DocsParagraph;
  start: number;
  endInclusive: number;
}

function isContainer(element: DocsElement): element is DocsContainer {
  return typeof (element as Partial<DocsContainer>).getNumChildren === 'function';
}

/** Paragraphs in document order, including those inside tables and other containers. */
export function paragraphsOf(container: DocsContainer): DocsParagraph[] {
  const found: DocsParagraph[] = [];
  for (let i = 0; i < container.getNumChildren(); i++) {
    const child = container.getChild(i);
    const kind = kindOf(child);
    if (kind === 'PARAGRAPH' || kind === 'LIST_ITEM') found.push(child as DocsParagraph);
    else if (kind !== 'TEXT' && isContainer(child)) found.push(...paragraphsOf(child));
  }
  return found;
}

function runsIn(paragraph: DocsParagraph): CitationRun[] {
  const text: DocsText = paragraph.editAsText();
  const content = text.getText();
  if (!content) return [];
  const starts = text.getTextAttributeIndices();
  const runs: CitationRun[] = [];
  starts.forEach((start, i) => {
    const end = (starts[i + 1] ?? content.length) - 1;
    const url = text.getLinkUrl(start);
    const anchor = parseCitationUrl(url);
    if (!anchor || !url) return;
    const previous = runs[runs.length - 1];
    // Attribute runs split on bold, italics…: one link over several runs is one citation.
    if (previous && previous.url === url && previous.endInclusive === start - 1) {
      previous.endInclusive = end;
      previous.text = content.slice(previous.start, end + 1);
    } else {
      runs.push({ url, anchor, text: content.slice(start, end + 1), paragraph, start, endInclusive: end });
    }
  });
  return runs;
}

export function findCitations(body: DocsBody): CitationRun[] {
  return paragraphsOf(body).flatMap(runsIn);
}
