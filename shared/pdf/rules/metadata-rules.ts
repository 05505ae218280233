/** Rules for a paper's identity from the file itself: which metadata to trust, where the DOI is. */
import { defineRule } from '../rule';

// A DOI: "10." registrant "/" suffix; the suffix runs to white space.
const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;

export const plausibleMetadataTitle = defineRule({
  name: 'metadata-title',
  why: 'File metadata titles are often tool defaults ("main.tex", "Microsoft Word - draft.docx", "untitled"): only a title of real words counts.',
  constants: { minWords: 2 },
  test: (title: string) =>
    title.split(/\s+/).length >= 2 && !/\.(tex|dvi|pdf|docx?|odt|rtf)\b|^microsoft word|^untitled|^title$|^paper$|^document\d*$/i.test(title.trim()) && /\p{L}{3,}/u.test(title),
});

export const plausibleAuthorName = defineRule({
  name: 'metadata-author',
  why: 'An author name has two to five capitalised parts; tool names and e-mail addresses are not authors.',
  test: (name: string) => /^\p{Lu}[\p{L}.'’-]*(?:\s+\p{L}[\p{L}.'’-]*){1,4}$/u.test(name.trim()) && !/@|latex|word|acrobat|user/i.test(name),
});

export const printedDoi = defineRule({
  name: 'printed-doi',
  why: 'Publishers print the DOI on page 1 (header, footnote, "https://doi.org/..."): the first one found there is the paper\'s.',
  constants: { pattern: DOI },
  test: (text: string) => DOI.test(text),
});

/** The DOI in a string ("doi:10.1/x", "https://doi.org/10.1/x."), without trailing punctuation; null if none. */
export function doiIn(text: string): string | null {
  const m = DOI.exec(text);
  if (!m) return null;
  let doi = m[1]!.replace(/[.,;:)\]}]+$/, '');
  // A closing bracket belongs to the DOI only when it opens one too ("10.1002/(SICI)1097").
  if ((doi.match(/\(/g) ?? []).length < (doi.match(/\)/g) ?? []).length) doi = doi.replace(/\)+$/, '');
  return doi;
}

/** Authors from one metadata string: "A. Author, B. Author and C. Author" or "A; B". */
export function splitAuthors(value: string): string[] {
  return value.split(/\s*(?:;|,|\band\b|&)\s*/).map((s) => s.trim()).filter(Boolean);
}
