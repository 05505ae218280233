/**
 * The CSL record of a LaTeXML bibliography entry. When LaTeXML rendered the entry
 * from BibTeX it marks each field (`ltx_bib_title`, `ltx_bib_journal`,
 * `ltx_bib_volume`, …) and the entry type (`li.ltx_bib_article`): those are exact
 * and win. What is not marked comes from the reference-string parser.
 */
import { cslTypeOf, type CslReference, type CslType } from '../references/csl-reference';
import { parseNames } from '../references/parse-names';
import { parseReference } from '../references/parse-reference';
import { collapseWhitespace } from '../text/normalize';

const ENTRY_TYPES: Record<string, CslType> = {
  ltx_bib_article: 'article-journal',
  ltx_bib_inproceedings: 'paper-conference',
  ltx_bib_book: 'book',
  ltx_bib_inbook: 'chapter',
  ltx_bib_incollection: 'chapter',
  ltx_bib_report: 'report',
  ltx_bib_techreport: 'report',
  ltx_bib_thesis: 'thesis',
  ltx_bib_phdthesis: 'thesis',
  ltx_bib_mastersthesis: 'thesis',
};

const tidy = (text: string) => collapseWhitespace(text).replace(/^[\s,.;:()]+|[\s,.;:(]+$/g, '');

/**
 * `entry` is the bibitem with its tag and "Cited by" blocks removed; `raw` its text;
 * `authorText` the author list when only the label has it; `textOf` the extractor's
 * own inline rendering (maths as text).
 */
export function latexmlCsl(entry: Element, entryClasses: string[], raw: string, authorText: string | undefined, textOf: (element: Element) => string): CslReference {
  const parsed = parseReference(raw);
  const field = (cls: string) => {
    const element = entry.querySelector(`.${cls}`);
    const value = element ? tidy(textOf(element)) : '';
    return value || undefined;
  };
  const record: CslReference = { ...parsed };
  const title = field('ltx_bib_title');
  if (title) record.title = title;
  const authors = field('ltx_bib_author') ?? authorText;
  const names = authors ? parseNames(authors) : [];
  if (names.length) record.author = names;
  const editors = field('ltx_bib_editor');
  const editorNames = editors ? parseNames(editors) : [];
  if (editorNames.length) record.editor = editorNames;
  const container = field('ltx_bib_journal') ?? field('ltx_bib_inbook') ?? field('ltx_bib_booktitle');
  if (container) record['container-title'] = container;
  const year = Number(/\b(1[5-9]\d\d|20\d\d)\b/.exec(field('ltx_bib_year') ?? '')?.[1]);
  if (year) record.issued = { 'date-parts': [[year]] };
  const fields: [string, 'volume' | 'issue' | 'page' | 'publisher' | 'publisher-place'][] = [
    ['ltx_bib_volume', 'volume'], ['ltx_bib_number', 'issue'], ['ltx_bib_pages', 'page'], ['ltx_bib_publisher', 'publisher'], ['ltx_bib_place', 'publisher-place'],
  ];
  for (const [cls, key] of fields) {
    const value = field(cls);
    if (value) record[key] = key === 'page' ? value.replace(/^pp?\.\s*/i, '').replace(/\s*[–-]+\s*/, '-') : value;
  }
  const marked = entryClasses.map((c) => ENTRY_TYPES[c]).find((t) => t !== undefined);
  record.type = marked ?? cslTypeOf(record, raw);
  return record;
}
