/** Rules for a paper's identity from the file itself: which metadata to trust (DOIs are found by model/identifiers' findDoi). */
import { defineRule } from '../rule';

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

/** Authors from one metadata string: "A. Author, B. Author and C. Author" or "A; B". */
export function splitAuthors(value: string): string[] {
  return value.split(/\s*(?:;|,|\band\b|&)\s*/).map((s) => s.trim()).filter(Boolean);
}
