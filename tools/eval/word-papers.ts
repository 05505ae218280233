/**
 * Papers as a word processor makes them, for `npm run eval:word-pdf`. The PDF corpus is all
 * LaTeX; researchers also add PDFs written in Word or LibreOffice (medicine, psychology, the
 * social sciences), whose layout differs in kind: half-inch hanging indents, headings in body
 * type, "(Smith et al., 2010)" and "(3)" citations, running heads and page numbers in the
 * header and footer, single or double spacing.
 *
 * Each paper is planned from real material: the prose of a paper from the QA sets (COVID-QA,
 * Evidence Inference, QASPER) and real reference strings with gold fields (AnyStyle, GROBID);
 * its layout is drawn from the variants below by a generator seeded with the paper's key. The
 * plan is the ground truth (a Paper); `wordPaperDocx` writes it as .docx, and LibreOffice prints
 * that to PDF. Nothing generated is committed: it is rebuilt from the fixtures on every run.
 */
import { AlignmentType, Document, Footer, Header, LineRuleType, Packer, PageNumber, Paragraph, SectionType, TextRun } from 'docx';
import type { LibraryPaper, Paper, Paragraph as PaperParagraph, Reference, Section } from '../../shared/model/paper';
import { mulberry32 } from '../seeded-random';
import type { LabelledReference } from './reference-sets';

export const CITATION_FORMS = ['apa', 'harvard', 'ieee', 'vancouver', 'superscript'] as const;
export type CitationForm = (typeof CITATION_FORMS)[number];
export const HEADING_FORMS = ['numbered', 'centred-bold', 'left-large'] as const;
export type HeadingForm = (typeof HEADING_FORMS)[number];

export interface WordLayout {
  citations: CitationForm;
  headings: HeadingForm;
  font: string;
  /** Body type size in points. */
  size: number;
  /** Line spacing, as a multiple of single. */
  spacing: number;
  columns: 1 | 2;
  /** Paragraphs open with a half-inch indent; otherwise they are blocks with space after. */
  firstLineIndent: boolean;
}

export interface WordPaperPlan {
  key: string;
  layout: WordLayout;
  truth: Paper;
  /** The body as printed: each section's paragraphs as runs of text, superscript citations apart (not in the truth's text). */
  body: { section: Section; paragraphs: PrintedParagraph[] }[];
}

/** A paragraph as printed: runs of text, a superscript citation ("¹²") its own raised run. */
export type PrintedParagraph = { text: string; raised?: true }[];

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const FONTS = ['DejaVu Serif', 'DejaVu Sans', 'Latin Modern Roman'] as const;
const GIVEN = ['Maria', 'Tomas', 'Aisha', 'Kenji', 'Laura', 'Pedro', 'Ingrid', 'Samuel', 'Mei', 'Olusegun'];
const SECTION_PLAN: { title: string; subsections?: string[]; paragraphs: number }[] = [
  { title: 'Introduction', paragraphs: 3 },
  { title: 'Materials and Methods', subsections: ['Study design', 'Statistical analysis'], paragraphs: 4 },
  { title: 'Results', paragraphs: 3 },
  { title: 'Discussion', paragraphs: 2 },
];
const UNICODE_SPACES = /[\u00a0\u2000-\u200b\u202f]/g;

/** Prose paragraphs of a source paper: long enough to be prose, without the QA sets' placeholders. */
export function proseOf(paper: LibraryPaper): string[] {
  return paper.paragraphs
    .filter((p) => p.kind === 'text' && p.sectionId !== 'abstract')
    .map((p) =>
      p.text
        .replace(/\s*\b(BIB|FIG|TAB|SEC|EQ)REF\d+\b/g, '')
        .replace(/\s*\[[\d,\s–-]+\]/g, '')
        .replace(UNICODE_SPACES, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((t) => t.split(' ').length >= 40 && t.split(' ').length <= 260);
}

function drawLayout(rng: Rng): WordLayout {
  return {
    citations: pick(rng, CITATION_FORMS),
    headings: pick(rng, HEADING_FORMS),
    font: pick(rng, FONTS),
    size: pick(rng, [10, 11, 12]),
    spacing: pick(rng, [1, 1.15, 1.5, 2]),
    columns: rng() < 0.3 ? 2 : 1,
    firstLineIndent: rng() < 0.6,
  };
}

/** "(Smith et al., 2010)" and the like: the family name as the gold shows it, "et al." when the gold names several authors. */
function authorYearPart(reference: LabelledReference, form: 'apa' | 'harvard'): string {
  const several = /[,;&]|\band\b/.test(reference.gold.author!.replace(/^[^,]+,\s*(\p{Lu}\.\s*)+/u, ''));
  const names = `${reference.gold.firstFamily}${several ? ' et al.' : ''}`;
  return form === 'apa' ? `${names}, ${reference.gold.year}` : `${names} ${reference.gold.year}`;
}

function markerFor(cited: LabelledReference[], numbers: number[], form: CitationForm): string {
  if (form === 'ieee') return `[${numbers.join(', ')}]`;
  if (form === 'vancouver') return `(${numbers.join(',')})`;
  if (form === 'superscript') return numbers.join(',');
  return `(${cited.map((r) => authorYearPart(r, form)).join('; ')})`;
}

/** References usable as ground truth: a first author's family name and a year the gold shows; one per family and year. */
export function citableReferences(all: readonly LabelledReference[]): LabelledReference[] {
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = `${r.gold.firstFamily}|${r.gold.year}`;
    if (!r.gold.firstFamily || !r.gold.year || !r.gold.author || seen.has(key) || r.raw.length > 400) return false;
    seen.add(key);
    return true;
  });
}

const rawOf = (r: LabelledReference) => r.raw.replace(/^\s*(\[\d+\]|\d+\.)\s*/, '').replace(UNICODE_SPACES, ' ').replace(/\s+/g, ' ').trim();

/** Eight to sixteen works of the pool, no two of one first author and year (they would need "2010a"; the truth keeps them apart). */
function chooseReferences(rng: Rng, pool: readonly LabelledReference[]): LabelledReference[] {
  const chosen: LabelledReference[] = [];
  const count = 8 + Math.floor(rng() * 9);
  const used = new Set<LabelledReference>();
  while (chosen.length < count && used.size < pool.length) {
    const r = pick(rng, pool);
    if (used.has(r)) continue;
    used.add(r);
    if (chosen.some((c) => c.gold.firstFamily === r.gold.firstFamily && c.gold.year === r.gold.year)) continue;
    chosen.push(r);
  }
  return chosen;
}

/** `fixed`: layout choices that override the drawn ones (a test that must cover each citation form). */
export function planWordPaper(key: string, source: LibraryPaper, pool: readonly LabelledReference[], seed: number, fixed: Partial<WordLayout> = {}): WordPaperPlan {
  const rng = mulberry32(seed);
  const layout = { ...drawLayout(rng), ...fixed };
  const prose = proseOf(source);
  const chosen = chooseReferences(rng, pool);

  // Citations are placed first, so a numbered list can follow the order of first citation.
  const order: LabelledReference[] = [];
  const numberOf = (r: LabelledReference) => {
    if (!order.includes(r)) order.push(r);
    return order.indexOf(r) + 1;
  };
  const sections: Section[] = [{ id: 'abstract', title: 'Abstract', level: 1, parentId: null }];
  const body: WordPaperPlan['body'] = [];
  const paragraphs: PaperParagraph[] = [];
  const abstract = prose[0] ?? source.abstract;
  paragraphs.push({ id: 'p0', sectionId: 'abstract', kind: 'text', text: abstract, citations: [] });
  let next = 1;
  const unused = [...chosen];
  const citeIn = (text: string): { printed: PrintedParagraph; cited: LabelledReference[][] } => {
    const sentences = text.split(/(?<=[a-z]\.)\s+(?=[A-Z])/);
    const cited: LabelledReference[][] = [];
    const points = new Set([0, Math.floor(rng() * sentences.length)]);
    const printed: PrintedParagraph = [];
    const add = (part: string) => {
      const last = printed[printed.length - 1];
      if (last && !last.raised) last.text += part;
      else printed.push({ text: part });
    };
    sentences.forEach((sentence, i) => {
      if (i > 0) add(' ');
      if (!points.has(i) || !/\.$/.test(sentence)) return add(sentence);
      const many = rng() < 0.3 ? 2 : 1;
      const group: LabelledReference[] = [];
      for (let k = 0; k < many; k++) {
        const r = unused.length && rng() < 0.8 ? unused.shift()! : pick(rng, chosen);
        if (!group.includes(r)) group.push(r);
      }
      cited.push(group);
      const marker = markerFor(group, group.map(numberOf), layout.citations);
      // A superscript goes after the stop, raised and unspaced ("… children.¹²"); the others inside the sentence.
      if (layout.citations === 'superscript') {
        add(sentence);
        printed.push({ text: marker, raised: true });
      } else add(`${sentence.slice(0, -1)} ${marker}.`);
    });
    return { printed, cited };
  };
  let sectionNumber = 0;
  for (const planned of SECTION_PLAN) {
    sectionNumber++;
    const parts = planned.subsections ? planned.subsections.map((title, i) => ({ title, number: `${sectionNumber}.${i + 1}`, level: 2 })) : [];
    const top: Section = { id: `s${sections.length}`, title: planned.title, level: 1, parentId: null, ...(layout.headings === 'numbered' ? { number: String(sectionNumber) } : {}) };
    sections.push(top);
    const groups = parts.length ? parts : [null];
    const each = Math.ceil(planned.paragraphs / groups.length);
    if (parts.length) body.push({ section: top, paragraphs: [] });
    for (const part of groups) {
      const section: Section = part ? { id: `s${sections.length}`, title: part.title, level: 2, parentId: top.id, ...(layout.headings === 'numbered' ? { number: part.number } : {}) } : top;
      if (part) sections.push(section);
      const held: PrintedParagraph[] = [];
      for (let k = 0; k < each && next < prose.length; k++) {
        const { printed, cited } = citeIn(prose[next++]!);
        // The truth's text is the prose as read: a superscript citation is a mark, not text.
        const text = printed.filter((r) => !r.raised).map((r) => r.text).join('');
        paragraphs.push({ id: `p${paragraphs.length}`, sectionId: section.id, kind: 'text', text, citations: cited.map((group) => ({ marker: '', referenceIds: group.map((r) => `w${chosen.indexOf(r)}`) })) });
        held.push(printed);
      }
      body.push({ section, paragraphs: held });
    }
  }
  const listed = layout.citations === 'apa' || layout.citations === 'harvard'
    ? [...chosen].sort((a, b) => a.gold.firstFamily!.localeCompare(b.gold.firstFamily!) || a.gold.year! - b.gold.year!)
    : [...order, ...chosen.filter((r) => !order.includes(r))];
  const references: Reference[] = listed.map((r, i) => ({
    id: `w${chosen.indexOf(r)}`,
    raw: layout.citations === 'ieee' ? `[${i + 1}] ${rawOf(r)}` : layout.citations === 'vancouver' || layout.citations === 'superscript' ? `${i + 1}. ${rawOf(r)}` : rawOf(r),
    ...(r.gold.title ? { title: r.gold.title } : {}),
    year: r.gold.year!,
    authors: [r.gold.firstFamily!],
  }));
  const authors = [0, 1, 2].slice(0, 1 + Math.floor(rng() * 3)).map(() => `${pick(rng, GIVEN)} ${pick(rng, chosen).gold.firstFamily}`);
  const truth: Paper = { arxivId: null, version: null, source: 'pdf', title: source.title.replace(UNICODE_SPACES, ' ').trim(), authors, abstract, sections, paragraphs, references };
  return { key, layout, truth, body };
}

const TWIPS_PER_INCH = 1440;

export async function wordPaperDocx(plan: WordPaperPlan): Promise<Buffer> {
  const { layout, truth } = plan;
  const half = layout.size * 2;
  const run = (text: string, extra: { bold?: boolean; size?: number } = {}) => new TextRun({ text, font: layout.font, size: extra.size ?? half, ...(extra.bold ? { bold: true } : {}) });
  const line = { line: Math.round(240 * layout.spacing), lineRule: LineRuleType.AUTO };
  const prose = (printed: PrintedParagraph) =>
    new Paragraph({
      children: printed.map((r) => (r.raised ? new TextRun({ text: r.text, font: layout.font, size: half, superScript: true }) : run(r.text))),
      alignment: AlignmentType.JUSTIFIED,
      spacing: { ...line, after: layout.firstLineIndent ? 0 : 160 },
      ...(layout.firstLineIndent ? { indent: { firstLine: TWIPS_PER_INCH / 2 } } : {}),
    });
  const heading = (section: Section) => {
    const text = section.number ? `${section.number}${section.level === 1 ? '.' : ''} ${section.title}` : section.title;
    const large = layout.headings === 'left-large' && section.level === 1;
    return new Paragraph({
      children: [run(text, { bold: true, size: large ? half + 6 : half })],
      alignment: layout.headings === 'centred-bold' && section.level === 1 ? AlignmentType.CENTER : AlignmentType.LEFT,
      spacing: { before: 240, after: 120 },
      keepNext: true,
    });
  };
  const hanging = layout.citations === 'harvard' ? 0 : layout.citations === 'apa' ? TWIPS_PER_INCH / 2 : TWIPS_PER_INCH / 3;
  const entry = (reference: Reference) =>
    new Paragraph({
      children: [run(reference.raw)],
      spacing: { ...line, after: hanging ? 0 : 120 },
      ...(hanging ? { indent: { left: hanging, hanging } } : {}),
    });
  const front = [
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [run(truth.title, { bold: true, size: half + 8 })] }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [run(truth.authors.join(', '))] }),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [run('Department of Epidemiology, University of Example')] }),
    new Paragraph({ children: [run('Abstract', { bold: true })], spacing: { before: 120, after: 120 } }),
    new Paragraph({ children: [run(truth.abstract)], alignment: AlignmentType.JUSTIFIED, spacing: { ...line, after: 240 } }),
  ];
  const main = [
    ...plan.body.flatMap(({ section, paragraphs }) => [heading(section), ...paragraphs.map(prose)]),
    heading({ id: 'refs', title: 'References', level: 1, parentId: null }),
    ...truth.references.map(entry),
  ];
  const runningHead = new Header({ children: [new Paragraph({ children: [run(truth.title.slice(0, 50).toUpperCase(), { size: half - 4 })] })] });
  const folio = new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT], font: layout.font, size: half - 2 })] })] });
  const margins = { top: TWIPS_PER_INCH, bottom: TWIPS_PER_INCH, left: TWIPS_PER_INCH, right: TWIPS_PER_INCH };
  const document = new Document({
    sections:
      layout.columns === 2
        ? [
            { properties: { page: { margin: margins } }, headers: { default: runningHead }, footers: { default: folio }, children: front },
            { properties: { page: { margin: margins }, column: { count: 2, space: 360 }, type: SectionType.CONTINUOUS }, headers: { default: runningHead }, footers: { default: folio }, children: main },
          ]
        : [{ properties: { page: { margin: margins } }, headers: { default: runningHead }, footers: { default: folio }, children: [...front, ...main] }],
  });
  return Packer.toBuffer(document);
}
