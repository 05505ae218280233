/**
 * Bidirectional and zero-width control characters are invisible but change what a
 * reader sees: U+202E can make "moc.elpmaxe" display as "example.com", and a zero-width
 * space can hide a word from matching while the screen shows it whole. Stored text
 * (titles, paragraphs, references) and everything shown as a quote or a sentence is
 * stripped of them, before any offsets are computed.
 */
import type { Paper } from '../model/paper';

/** LRE..RLO, LRI..PDI, LRM/RLM, ALM; ZWSP, ZWNJ, ZWJ, word joiner, BOM / zero-width no-break space. */
const INVISIBLE_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/gu;

export function stripInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}

export function hasInvisibleControls(text: string): boolean {
  return text.search(INVISIBLE_CONTROLS) >= 0;
}

/** Where each original offset lands once controls are removed (one extra entry for the end). */
function strippedOffsets(text: string): number[] {
  const map: number[] = [];
  let kept = 0;
  for (let i = 0; i < text.length; i++) {
    map.push(kept);
    if (!hasInvisibleControls(text[i]!)) kept++;
  }
  map.push(kept);
  return map;
}

/**
 * The one text clean-up every extractor path applies to the Paper it returns (LaTeXML,
 * PDF, imported JSON, captured metadata): controls stripped from every stored string,
 * and in-text citation offsets moved with the paragraph text they point into.
 */
export function stripPaperControls<T extends Paper>(paper: T): T {
  const clean = stripInvisibleControls;
  return {
    ...paper,
    title: clean(paper.title),
    authors: paper.authors.map(clean),
    abstract: clean(paper.abstract),
    sections: paper.sections.map((s) => ({ ...s, title: clean(s.title), ...(s.number !== undefined ? { number: clean(s.number) } : {}) })),
    references: paper.references.map((r) => ({
      ...r,
      raw: clean(r.raw),
      ...(r.title !== undefined ? { title: clean(r.title) } : {}),
      ...(r.authors ? { authors: r.authors.map(clean) } : {}),
      ...(r.venue !== undefined ? { venue: clean(r.venue) } : {}),
      ...(r.label !== undefined ? { label: clean(r.label) } : {}),
    })),
    paragraphs: paper.paragraphs.map((p) => {
      if (!hasInvisibleControls(p.text)) return p;
      const map = strippedOffsets(p.text);
      const at = (offset: number | undefined) => (offset === undefined ? undefined : map[Math.min(Math.max(0, offset), p.text.length)]);
      return {
        ...p,
        text: clean(p.text),
        citations: p.citations.map((c) => {
          const start = at(c.start);
          const end = at(c.end);
          return { ...c, marker: clean(c.marker), ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
        }),
      };
    }),
  };
}
