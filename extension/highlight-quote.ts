/**
 * "Open in paper": the side panel opens the arXiv HTML page with `#verbatim-quote=<quote>`;
 * the content script finds the quote in the page text (white space collapsed, as the
 * stored text is), marks it, and scrolls it into view. The fragment is removed from the
 * address afterwards so a reload or a shared link does not carry it.
 */
import { quoteFromHash } from '../shared/library/quote-fragment';

interface TextPosition { node: Text; offset: number }

/** The page's text with white space collapsed, and for each kept character where it is in the DOM. */
function collapsedText(root: Node): { text: string; positions: TextPosition[] } {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest('script, style, verbatim-save, .ltx_bibliography') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let text = '';
  const positions: TextPosition[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const data = node.data;
    for (let i = 0; i < data.length; i++) {
      const ch = /\s/.test(data[i]!) ? ' ' : data[i]!;
      if (ch === ' ' && (text.endsWith(' ') || text === '')) continue;
      text += ch;
      positions.push({ node, offset: i });
    }
  }
  return { text, positions };
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A Range over the quote's first occurrence, or over its longest findable start (math may render differently). */
export function findQuoteRange(root: Node, quote: string): Range | null {
  const { text, positions } = collapsedText(root);
  const wanted = collapse(quote);
  for (const length of [wanted.length, 120, 60, 30]) {
    const needle = wanted.slice(0, length);
    if (needle.length < Math.min(20, wanted.length)) break;
    const at = text.indexOf(needle);
    if (at < 0) continue;
    const first = positions[at]!;
    const last = positions[at + needle.length - 1]!;
    const range = root.ownerDocument!.createRange();
    range.setStart(first.node, first.offset);
    range.setEnd(last.node, last.offset + 1);
    return range;
  }
  return null;
}

/** Wraps the range in one <mark> (splitting elements it crosses) and scrolls to it. */
export function markRange(range: Range): HTMLElement {
  const mark = range.startContainer.ownerDocument!.createElement('mark');
  mark.setAttribute('data-verbatim-highlight', '');
  mark.style.background = '#fff3b0';
  mark.style.color = '#1f2328';
  mark.style.scrollMarginTop = '96px';
  mark.append(range.extractContents());
  range.insertNode(mark);
  mark.scrollIntoView({ block: 'center' });
  return mark;
}

/** Runs on arXiv pages: shows the quote the panel asked for, if any. */
export function highlightQuoteFromLocation(doc: Document, location: Location, history: History): boolean {
  const quote = quoteFromHash(location.hash);
  if (!quote) return false;
  history.replaceState(history.state, '', location.pathname + location.search);
  const range = findQuoteRange(doc.querySelector('article, main, .ltx_page_content') ?? doc.body, quote);
  if (!range) return false;
  markRange(range);
  return true;
}
