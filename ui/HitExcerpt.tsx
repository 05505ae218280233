/** A search hit's excerpt: the part around its quotation or its first matched word, the matched words marked (side panel, Word pane, Google Docs sidebar). */
import { excerptOf } from '../shared/library/search-excerpt';
import type { LibrarySearchHit } from '../shared/library/library-search';

/** How much of the paragraph shows before the first mark. */
const LEAD_CHARS = 60;

export function HitExcerpt({ hit, chars }: { hit: LibrarySearchHit; chars: number }) {
  const { pieces, cutBefore, cutAfter } = excerptOf(hit, chars, LEAD_CHARS);
  return <span class="excerpt">{cutBefore ? '…' : ''}{pieces.map((p) => (p.marked ? <mark>{p.text}</mark> : p.text))}{cutAfter ? '…' : ''}</span>;
}
