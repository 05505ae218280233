/**
 * A search hit's excerpt for the side panel, the writing panes and the CLI. Kept apart from library-search.ts,
 * which imports the index and the ranking: the Google Docs sidebar and the Word pane show excerpts and search
 * through the extension, and this file is all they need (the sidebar grew 134 KB when it imported the excerpt
 * from there).
 */
import type { LibrarySearchHit } from './library-search';

type ExcerptHit = Pick<LibrarySearchHit, 'text' | 'highlights' | 'quoted'>;

/**
 * A hit's excerpt of about `chars` characters as pieces, marked or not, for the panel and the CLI: around the
 * quotation the paragraph holds (marked whole, and never cut), else around its first matched word (each marked).
 */
export function excerptOf(hit: ExcerptHit, chars: number, lead: number): { pieces: { text: string; marked: boolean }[]; cutBefore: boolean; cutAfter: boolean } {
  const spans = hit.quoted ? [hit.quoted] : hit.highlights;
  const first = spans[0]?.start ?? 0;
  const from = wordStartFrom(hit.text, Math.max(0, Math.min(first - lead, hit.text.length - chars)), first);
  const to = wordEndBefore(hit.text, Math.min(hit.text.length, Math.max(from + chars, hit.quoted?.end ?? 0)), Math.max(first, hit.quoted?.end ?? 0));
  const pieces: { text: string; marked: boolean }[] = [];
  let at = from;
  for (const span of spans) {
    if (span.start < from || span.end > to) continue;
    pieces.push({ text: hit.text.slice(at, span.start), marked: false }, { text: hit.text.slice(span.start, span.end), marked: true });
    at = span.end;
  }
  pieces.push({ text: hit.text.slice(at, to), marked: false });
  return { pieces, cutBefore: from > 0, cutAfter: to < hit.text.length };
}

const midToken = (text: string, at: number) => at > 0 && at < text.length && !/\s/.test(text[at - 1]!) && !/\s/.test(text[at]!);

/**
 * An excerpt's start moved forward to the next word when it falls inside one ("…n elaborated" read as a word of its
 * own), never past `limit` (the first marked span).
 */
function wordStartFrom(text: string, at: number, limit: number): number {
  let start = at;
  if (midToken(text, start)) {
    const space = text.slice(start, limit).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  while (start < limit && /\s/.test(text[start]!)) start++;
  return start;
}

/** An excerpt's end moved back to the end of the last whole word, never before `limit` (the quotation's end). */
function wordEndBefore(text: string, at: number, limit: number): number {
  let end = at;
  if (midToken(text, end)) {
    const space = text.slice(limit, end).search(/\s\S*$/);
    if (space >= 0) end = limit + space;
  }
  while (end > limit && /\s/.test(text[end - 1]!)) end--;
  return end;
}
