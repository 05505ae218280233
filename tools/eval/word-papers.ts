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
import { deflateSync } from 'node:zlib';
import { AlignmentType, BorderStyle, Document, Footer, FootnoteReferenceRun, Header, ImageRun, LineRuleType, Packer, PageNumber, Paragraph, SectionType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
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
  /** What a manuscript holds besides prose: tables with captions and notes, a figure, footnotes, a bulleted list. */
  extras: WordExtras;
}

export interface WordExtras {
  tables: 0 | 1 | 2;
  figure: boolean;
  footnotes: 0 | 1 | 2;
  list: boolean;
}

export const NO_EXTRAS: WordExtras = { tables: 0, figure: false, footnotes: 0, list: false };

export interface WordPaperPlan {
  key: string;
  layout: WordLayout;
  truth: Paper;
  /** The body as printed: each section's blocks, prose as runs of text with superscript citations and footnote marks apart (not in the truth's text). */
  body: { section: Section; blocks: PrintedBlock[] }[];
}

/** A paragraph as printed: runs of text, a superscript citation ("¹²") its own raised run, a footnote its own run (the mark in the text, the note at the page's foot). */
export type PrintedParagraph = ({ text: string; raised?: true } | { footnote: string })[];

export type PrintedBlock =
  | { kind: 'prose'; printed: PrintedParagraph }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; caption: string; header: string[]; rows: string[][]; note?: string; ruled: boolean }
  | { kind: 'figure'; caption: string; seed: number };

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const FONTS = ['DejaVu Serif', 'DejaVu Sans', 'Latin Modern Roman'] as const;
/** Metric twins of Times New Roman, Arial and Calibri (fonts-liberation, fonts-crosextra-carlito): the fonts Word documents are set in. */
const WORD_FONTS = ['Liberation Serif', 'Liberation Sans', 'Carlito'] as const;
const TABLE_CAPTIONS = [
  'Baseline characteristics of the participants',
  'Characteristics of the included studies',
  'Outcomes by treatment group at the end of follow-up',
  'Univariate and multivariable analysis of factors associated with the primary outcome',
  'Adverse events reported during the study period',
];
const TABLE_NOTES = ['Values are n (%) or mean (SD) unless stated otherwise.', 'CI, confidence interval; OR, odds ratio; SD, standard deviation.', 'P values from chi-square tests for categorical and t tests for continuous variables.'];
const ROW_LABELS = ['Age, years', 'Female sex', 'Body mass index, kg/m2', 'Current smoker', 'Hypertension', 'Diabetes mellitus', 'Duration of symptoms, days', 'Follow-up, months', 'Score at baseline', 'Score at 12 weeks'];
const FIGURE_CAPTIONS = [
  'Flow chart of participant selection.',
  'Distribution of the primary outcome by group. Error bars show 95% confidence intervals.',
  'Kaplan–Meier estimates of survival by treatment arm.',
  'Overview of the study design and the timing of measurements.',
];
const FOOTNOTES = [
  'Data were collected between January 2015 and March 2017 at the participating centres.',
  'Values are given as mean and standard deviation unless stated otherwise.',
  'The protocol was approved by the institutional review board of each participating centre.',
  'The full questionnaire is available from the corresponding author on reasonable request.',
];
const LIST_LEAD = 'The procedure had the following steps:';

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

/**
 * The extras and the Word fonts are drawn from a second stream, so a paper's other choices (citation form, headings,
 * columns, spacing, which works it cites, where) stay those it had before the extras were added.
 */
function drawExtras(rng: Rng): { extras: WordExtras; wordFont: string | null } {
  return {
    extras: { tables: pick(rng, [0, 1, 1, 2] as const), figure: rng() < 0.5, footnotes: pick(rng, [0, 0, 1, 2] as const), list: rng() < 0.4 },
    wordFont: rng() < 0.6 ? pick(rng, WORD_FONTS) : null,
  };
}

function drawLayout(rng: Rng): Omit<WordLayout, 'extras'> {
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
  const extrasRng = mulberry32(seed ^ 0x5bd1e995);
  const drawn = drawLayout(rng);
  const { extras, wordFont } = drawExtras(extrasRng);
  const layout: WordLayout = { ...drawn, ...(wordFont ? { font: wordFont } : {}), extras, ...fixed };
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
  const addTruth = (sectionId: string, kind: PaperParagraph['kind'], text: string, citations: PaperParagraph['citations'] = []) =>
    paragraphs.push({ id: `p${paragraphs.length}`, sectionId, kind, text, citations });
  const abstract = prose[0] ?? source.abstract;
  addTruth('abstract', 'text', abstract);
  let next = 1;
  const unused = [...chosen];
  let footnotesLeft: number = layout.extras.footnotes;
  const citeIn = (text: string): { printed: PrintedParagraph; cited: LabelledReference[][]; notes: string[] } => {
    const sentences = text.split(/(?<=[a-z]\.)\s+(?=[A-Z])/);
    const cited: LabelledReference[][] = [];
    const points = new Set([0, Math.floor(rng() * sentences.length)]);
    // A footnote's mark follows a sentence's stop that has no citation (a paragraph of one sentence has none).
    const free = sentences.map((_, i) => i).filter((i) => !points.has(i) && /\.$/.test(sentences[i]!));
    const noteAt = footnotesLeft > 0 && free.length && extrasRng() < 0.35 ? pick(extrasRng, free) : -1;
    const notes: string[] = [];
    const printed: PrintedParagraph = [];
    const add = (part: string) => {
      const last = printed[printed.length - 1];
      if (last && 'text' in last && !last.raised) last.text += part;
      else printed.push({ text: part });
    };
    sentences.forEach((sentence, i) => {
      if (i > 0) add(' ');
      if (i === noteAt) {
        add(sentence);
        const note = FOOTNOTES[(layout.extras.footnotes - footnotesLeft--) % FOOTNOTES.length]!;
        notes.push(note);
        printed.push({ footnote: note });
        return;
      }
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
    return { printed, cited, notes };
  };
  // Where the extras go: a list in the first subsection, tables after Results' first paragraph and Methods' last, the figure after Results' second.
  let tablesLeft: number = layout.extras.tables;
  let tableNumber = 0;
  const usedCaptions = new Set<string>();
  const table = (sectionId: string): PrintedBlock => {
    tablesLeft--;
    // Two tables of one paper have different titles (the score matches paragraphs by text).
    const titled = pick(extrasRng, TABLE_CAPTIONS.filter((c) => !usedCaptions.has(c)));
    usedCaptions.add(titled);
    const caption = `Table ${++tableNumber}. ${titled}`;
    const groups = 2 + Math.floor(extrasRng() * 2) - (layout.columns === 2 ? 1 : 0);
    const header = ['Characteristic', ...['Intervention', 'Control', 'Placebo'].slice(0, groups).map((g) => `${g} (n = ${40 + Math.floor(extrasRng() * 160)})`), 'P value'];
    const labels = [...ROW_LABELS].sort(() => extrasRng() - 0.5).slice(0, 4 + Math.floor(extrasRng() * 5));
    const value = () => (extrasRng() < 0.5 ? `${(20 + extrasRng() * 50).toFixed(1)} (${(2 + extrasRng() * 12).toFixed(1)})` : `${Math.floor(extrasRng() * 90)} (${(extrasRng() * 100).toFixed(1)}%)`);
    const rows = labels.map((label) => [label, ...Array.from({ length: groups }, value), extrasRng() < 0.3 ? '<0.001' : (extrasRng() * 0.9).toFixed(3)]);
    const note = extrasRng() < 0.6 ? pick(extrasRng, TABLE_NOTES) : undefined;
    addTruth(sectionId, 'caption', caption);
    if (note) addTruth(sectionId, 'caption', note);
    return { kind: 'table', caption, header, rows, ...(note ? { note } : {}), ruled: extrasRng() < 0.5 };
  };
  let figureLeft = layout.extras.figure;
  const figure = (sectionId: string): PrintedBlock => {
    figureLeft = false;
    const caption = `Figure 1. ${pick(extrasRng, FIGURE_CAPTIONS)}`;
    addTruth(sectionId, 'caption', caption);
    return { kind: 'figure', caption, seed: Math.floor(extrasRng() * 1e9) };
  };
  let listLeft = layout.extras.list;
  let sectionNumber = 0;
  for (const planned of SECTION_PLAN) {
    sectionNumber++;
    const parts = planned.subsections ? planned.subsections.map((title, i) => ({ title, number: `${sectionNumber}.${i + 1}`, level: 2 })) : [];
    const top: Section = { id: `s${sections.length}`, title: planned.title, level: 1, parentId: null, ...(layout.headings === 'numbered' ? { number: String(sectionNumber) } : {}) };
    sections.push(top);
    const groups = parts.length ? parts : [null];
    const each = Math.ceil(planned.paragraphs / groups.length);
    if (parts.length) body.push({ section: top, blocks: [] });
    for (const [g, part] of groups.entries()) {
      const section: Section = part ? { id: `s${sections.length}`, title: part.title, level: 2, parentId: top.id, ...(layout.headings === 'numbered' ? { number: part.number } : {}) } : top;
      if (part) sections.push(section);
      const blocks: PrintedBlock[] = [];
      for (let k = 0; k < each && next < prose.length; k++) {
        const { printed, cited, notes } = citeIn(prose[next++]!);
        // The truth's text is the prose as read: a superscript citation or a footnote's mark is a mark, not text.
        const text = printed.flatMap((r) => ('text' in r && !r.raised ? [r.text] : [])).join('');
        addTruth(section.id, 'text', text, cited.map((group) => ({ marker: '', referenceIds: group.map((r) => `w${chosen.indexOf(r)}`) })));
        for (const note of notes) addTruth(section.id, 'footnote', note);
        blocks.push({ kind: 'prose', printed });
        if (planned.title === 'Results' && k === 0 && tablesLeft > 0) blocks.push(table(section.id));
        if (planned.title === 'Results' && k === 1 && figureLeft) blocks.push(figure(section.id));
        if (part && g === 0 && k === 0 && listLeft && next < prose.length) {
          // The items are the sentences of a prose paragraph of their own, after a lead-in line.
          listLeft = false;
          const items = prose[next++]!.split(/(?<=[a-z]\.)\s+(?=[A-Z])/).slice(0, 4);
          addTruth(section.id, 'text', LIST_LEAD);
          for (const item of items) addTruth(section.id, 'list', item);
          blocks.push({ kind: 'prose', printed: [{ text: LIST_LEAD }] }, { kind: 'list', items });
        }
      }
      if (planned.title === 'Materials and Methods' && g === groups.length - 1 && tablesLeft > 1) blocks.push(table(section.id));
      body.push({ section, blocks });
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

/** A bar chart as a PNG (grey bars on axes, no text: a figure a word processor embeds as an image). */
function barChartPng(seed: number, width: number, height: number): Buffer {
  const rng = mulberry32(seed);
  const pixels = Buffer.alloc((width * 3 + 1) * height, 255);
  const set = (x: number, y: number, shade: number) => pixels.fill(shade, y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 1 + x * 3 + 3);
  for (let y = 0; y < height; y++) pixels[y * (width * 3 + 1)] = 0;
  for (let x = 20; x < width - 10; x++) set(x, height - 20, 0);
  for (let y = 10; y < height - 20; y++) set(20, y, 0);
  const bars = 3 + Math.floor(rng() * 4);
  const slot = Math.floor((width - 40) / bars);
  for (let b = 0; b < bars; b++) {
    const top = 15 + Math.floor(rng() * (height - 60));
    for (let x = 30 + b * slot; x < 30 + b * slot + slot * 0.6; x++) for (let y = top; y < height - 21; y++) set(Math.floor(x), y, 90 + b * 20);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const TWIPS_PER_INCH = 1440;

export async function wordPaperDocx(plan: WordPaperPlan): Promise<Buffer> {
  const { layout, truth } = plan;
  const half = layout.size * 2;
  const run = (text: string, extra: { bold?: boolean; size?: number } = {}) => new TextRun({ text, font: layout.font, size: extra.size ?? half, ...(extra.bold ? { bold: true } : {}) });
  const line = { line: Math.round(240 * layout.spacing), lineRule: LineRuleType.AUTO };
  const prose = (printed: PrintedParagraph) =>
    new Paragraph({
      children: printed.map((r) =>
        'footnote' in r
          ? new FootnoteReferenceRun({ children: [new Paragraph({ children: [run(r.footnote, { size: half - 4 })] })] })
          : r.raised
            ? new TextRun({ text: r.text, font: layout.font, size: half, superScript: true })
            : run(r.text),
      ),
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
  const caption = (text: string, extra: { before?: number; after?: number } = {}) => {
    const label = /^(Table|Figure) \d+\./.exec(text)![0];
    return new Paragraph({ children: [run(label, { bold: true }), run(text.slice(label.length))], spacing: { before: extra.before ?? 0, after: extra.after ?? 0 }, keepNext: extra.after !== undefined && extra.before === undefined });
  };
  // A table's cells in slightly smaller type; in two columns in 8 pt, as the IEEE and ACM Word templates set them.
  const small = (text: string, bold = false) => new Paragraph({ children: [run(text, { size: layout.columns === 2 ? 16 : half - 2, bold })] });
  const rule = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const block = (printed: PrintedBlock): (Paragraph | Table)[] => {
    if (printed.kind === 'prose') return [prose(printed.printed)];
    if (printed.kind === 'list') return printed.items.map((item) => new Paragraph({ children: [run(item)], bullet: { level: 0 }, spacing: { ...line, after: 60 } }));
    if (printed.kind === 'figure') {
      const width = layout.columns === 2 ? 280 : 420;
      return [
        new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 240 }, keepNext: true, children: [new ImageRun({ type: 'png', data: barChartPng(printed.seed, width, Math.round(width * 0.6)), transformation: { width, height: Math.round(width * 0.6) } })] }),
        caption(printed.caption, { before: 120, after: 240 }),
      ];
    }
    // A table: the caption above (APA and most journals), the cells in smaller type, ruled either as a grid or with horizontal lines only.
    const borders = printed.ruled ? { top: rule, bottom: rule, left: rule, right: rule } : { top: none, bottom: none, left: none, right: none };
    const cell = (text: string, bold: boolean, edge: { top?: boolean; bottom?: boolean } = {}) =>
      new TableCell({ children: [small(text, bold)], borders: printed.ruled ? borders : { ...borders, ...(edge.top ? { top: rule } : {}), ...(edge.bottom ? { bottom: rule } : {}) } });
    const last = printed.rows.length - 1;
    return [
      caption(printed.caption, { after: 120 }),
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [new TableRow({ children: printed.header.map((h) => cell(h, true, { top: true, bottom: true })) }), ...printed.rows.map((row, r) => new TableRow({ children: row.map((c) => cell(c, false, { bottom: r === last })) }))],
      }),
      ...(printed.note ? [new Paragraph({ children: [run(printed.note, { size: half - 2 })], spacing: { before: 60, after: 240 } })] : [new Paragraph({ children: [], spacing: { after: 120 } })]),
    ];
  };
  const main = [
    ...plan.body.flatMap(({ section, blocks }) => [heading(section), ...blocks.flatMap(block)]),
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
