/** Text a reader selected (on a page, in Word) as a search query or a question. */

/** A selection longer than this is cut at a word: a search of a remembered passage or a question needs no more. */
export const MAX_SELECTION_CHARS = 1_000;

/**
 * The selection's whitespace (line breaks of a PDF's or a web page's lines, a document's tabs) made single spaces,
 * cut at a word when longer than `max` (at `max` itself when one word runs past it); empty when nothing but whitespace.
 */
export function queryFromSelection(selection: string, max: number = MAX_SELECTION_CHARS): string {
  const text = selection.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const lastSpace = text.lastIndexOf(' ', max);
  return (lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, max)).trimEnd();
}
