/**
 * PDF extraction scored against the HTML extraction of the same paper (LaTeXML, the
 * ground truth). Paragraph found: one extracted paragraph matches it with normalised
 * similarity >= 0.9 (splits and merges miss). Display equations are left out on both
 * sides (LaTeX vs. PDF glyphs cannot be compared as text). Citation links are checked
 * by the entry they point to, since a PDF's numbering can differ from LaTeXML's.
 */
import { partial_ratio, ratio } from 'fuzzball';
import type { Paper } from '../../shared/model/paper';

export interface PdfEvalRow {
  paper: string;
  paragraphs: { truth: number; extracted: number; found: number; correct: number; precision: number; recall: number; f1: number };
  sectionTitles: { truth: number; found: number; recall: number };
  references: { truth: number; extracted: number; matched: number; precision: number; recall: number; f1: number };
  citationLinks: { truth: number; correct: number; accuracy: number };
  /**
   * What a PDF from disk is saved under: the title read from the PDF matches the source's (ratio 90), and its
   * authors include the source's first author (by family name; null when LaTeXML read no usable first author).
   */
  metadata: { title: boolean; firstAuthor: boolean | null };
  ms: number;
}

/** Lower case, citation brackets and punctuation out, white space folded. */
export function normalizeForComparison(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\[[\d,\s–-]+\]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Two normalised texts the paragraph score counts as one paragraph (ratio 90). */
export const sameParagraph = (a: string, b: string) => ratio(a, b, { full_process: false }) >= 90;

/**
 * What a paper's extraction misses, for tuning on dev papers: the truth's paragraphs no extracted one matches, and the
 * extracted ones that match none (displays left out on both sides, as the score leaves them out), as normalised text.
 */
export function paragraphMisses(truth: Paper, extracted: Paper): { missed: string[]; unmatched: ScoredParagraph[] } {
  const gt = scoredParagraphs(truth).map((g) => g.text);
  const ex = scoredParagraphs(extracted);
  return { missed: gt.filter((g) => !ex.some((x) => sameParagraph(g, x.text))), unmatched: ex.filter((x) => !gt.some((g) => sameParagraph(g, x.text))) };
}

/** A dev paper's misses printed for tuning: truth paragraphs no extracted one matches, extracted ones that match none. */
export function printParagraphMisses(name: string, truth: Paper, extracted: Paper): void {
  const { missed, unmatched } = paragraphMisses(truth, extracted);
  console.log(`\n-- ${name}: truth paragraphs not found`);
  for (const text of missed) console.log(`   T ${text.slice(0, 140)}`);
  console.log(`-- extracted paragraphs matching none (${extracted.sections.map((s) => s.title).join(' | ')})`);
  for (const { text } of unmatched) console.log(`   X ${text.slice(0, 140)}`);
}

interface ScoredParagraph {
  paragraph: Paper['paragraphs'][number];
  /** Normalised for comparison. */
  text: string;
}

/** The paragraphs the score compares: displays left out on both sides, each with its normalised text, empty ones dropped. */
function scoredParagraphs(paper: Paper): ScoredParagraph[] {
  return paper.paragraphs.filter((p) => p.kind !== 'equation').map((paragraph) => ({ paragraph, text: normalizeForComparison(paragraph.text) })).filter((x) => x.text);
}

/** A name's family name as the comparisons read it: its last word, normalised ("J. R. A. Davenport" -> "davenport"). */
export const familyOf = (name: string) => normalizeForComparison(name).split(' ').pop() ?? '';

const tokens = (s: string) => new Set(s.split(' ').filter((t) => t.length > 2));
function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.max(1, a.size + b.size - shared);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function scorePdfAgainstHtml(name: string, truth: Paper, extracted: Paper, ms: number): PdfEvalRow {
  const gtParagraphs = scoredParagraphs(truth);
  const exParagraphs = scoredParagraphs(extracted);
  const exTokens = exParagraphs.map((x) => tokens(x.text));
  const pairs = new Map<string, string>(); // truth paragraph id -> extracted paragraph id
  const matchedExtracted = new Set<string>();
  for (const g of gtParagraphs) {
    const gt = tokens(g.text);
    const candidates = exParagraphs.map((x, i) => ({ x, j: jaccard(gt, exTokens[i]!) })).sort((a, b) => b.j - a.j).slice(0, 3);
    for (const { x } of candidates) {
      if (sameParagraph(g.text, x.text)) {
        pairs.set(g.paragraph.id, x.paragraph.id);
        matchedExtracted.add(x.paragraph.id);
        break;
      }
    }
  }
  const pPrecision = matchedExtracted.size / Math.max(1, exParagraphs.length);
  const pRecall = pairs.size / Math.max(1, gtParagraphs.length);

  // The reference list's own heading is not a section in either extractor.
  const gtTitles = truth.sections.filter((s) => s.id !== 'abstract' && !/^(references|bibliography)$/i.test(s.title)).map((s) => normalizeForComparison(s.title));
  const exTitles = extracted.sections.map((s) => normalizeForComparison(s.title));
  const titlesFound = gtTitles.filter((t) => exTitles.some((e) => ratio(t, e, { full_process: false }) >= 90)).length;

  // Reference entries, one to one: by title inside the extracted entry; failing that (styles that print
  // no title for proceedings), by the year plus the authors' family names all present in the entry.
  const refMap = new Map<string, string>();
  const usedRefs = new Set<string>();
  for (const g of truth.references) {
    const key = normalizeForComparison(g.title ?? g.raw);
    let best: { id: string; score: number } | null = null;
    for (const e of extracted.references) {
      if (usedRefs.has(e.id)) continue;
      const raw = normalizeForComparison(e.raw);
      const score = key.length > 12 ? partial_ratio(key.length <= raw.length ? key : raw, key.length <= raw.length ? raw : key, { full_process: false, autojunk: false } as never) : ratio(key, raw, { full_process: false });
      if (score >= 90 && (!best || score > best.score)) best = { id: e.id, score };
    }
    if (!best && g.year && g.authors?.length) {
      const families = g.authors.map(familyOf).filter((f) => f.length > 1);
      const candidate = extracted.references.find((e) => !usedRefs.has(e.id) && e.raw.includes(String(g.year)) && families.every((f) => normalizeForComparison(e.raw).includes(f)));
      if (candidate && families.length) best = { id: candidate.id, score: 90 };
    }
    if (best) {
      refMap.set(g.id, best.id);
      usedRefs.add(best.id);
    }
  }
  const rPrecision = refMap.size / Math.max(1, extracted.references.length);
  const rRecall = refMap.size / Math.max(1, truth.references.length);

  const exById = new Map(extracted.paragraphs.map((p) => [p.id, p]));
  let links = 0;
  let correct = 0;
  for (const g of truth.paragraphs) {
    const partnerId = pairs.get(g.id);
    if (!partnerId) continue;
    const partnerLinks = new Set(exById.get(partnerId)!.citations.flatMap((c) => c.referenceIds));
    for (const id of new Set(g.citations.flatMap((c) => c.referenceIds))) {
      const mapped = refMap.get(id);
      if (!mapped) continue;
      links++;
      if (partnerLinks.has(mapped)) correct++;
    }
  }
  return {
    paper: name,
    paragraphs: { truth: gtParagraphs.length, extracted: exParagraphs.length, found: pairs.size, correct: matchedExtracted.size, precision: round3(pPrecision), recall: round3(pRecall), f1: round3(f1(pPrecision, pRecall)) },
    sectionTitles: { truth: gtTitles.length, found: titlesFound, recall: round3(titlesFound / Math.max(1, gtTitles.length)) },
    references: { truth: truth.references.length, extracted: extracted.references.length, matched: refMap.size, precision: round3(rPrecision), recall: round3(rRecall), f1: round3(f1(rPrecision, rRecall)) },
    citationLinks: { truth: links, correct, accuracy: round3(correct / Math.max(1, links)) },
    metadata: scoreMetadata(truth, extracted),
    ms: Math.round(ms),
  };
}

/** The title and first author read from the PDF against the source's (see PdfEvalRow.metadata). */
export function scoreMetadata(truth: Pick<Paper, 'title' | 'authors'>, extracted: Pick<Paper, 'title' | 'authors'>): PdfEvalRow['metadata'] {
  const title = ratio(normalizeForComparison(truth.title ?? ''), normalizeForComparison(extracted.title ?? ''), { full_process: false }) >= 90;
  // LaTeXML sometimes reads an e-mail or an institute into the author line ("edu", "kz"): no usable first author then.
  const first = familyOf(truth.authors?.[0] ?? '');
  const usable = /^\p{L}{3,}$/u.test(first) && !/^(edu|com|org|net|gov)$/.test(first);
  return { title, firstAuthor: usable ? (extracted.authors ?? []).some((a) => familyOf(a) === first) : null };
}
