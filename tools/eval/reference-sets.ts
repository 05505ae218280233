/**
 * The labelled reference-string sets (AnyStyle gold/core/CORA, GROBID's citation
 * corpus and evaluation TEI), read once for both `npm run eval:refs` and the
 * labeller's training script, so both see the same strings, the same gold fields
 * and the same dev/test split (key: dataset + item index).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from 'linkedom';
import type { ReferenceLabel } from '../../shared/references/reference-labels';
import { FIXTURES_ROOT } from '../fixture-papers';
import { splitDevTest, type EvalHalf } from './split';

export interface GoldFields {
  author?: string;
  title?: string;
  year?: number;
  container?: string;
  /** The first number printed in the volume and in the pages fields ("61," -> "61", "pp. 327–335" -> "327"). */
  volume?: string;
  pages?: string;
  /** The first author's family name, where the gold author text shows it unambiguously (see firstFamilyOf). */
  firstFamily?: string;
}

const INITIAL_WORD = /^(?:\p{Lu}\.(?:\s?-?\p{Lu}\.)*|\p{Lu}{1,3}|\p{Lu}\.?-\p{Lu}\.?)$/u;
const FAMILY_WORD = /^(?:(?:van|von|de|der|den|del|della|di|da|du|la|le|dos|ter)\s)*\p{Lu}[\p{L}'’-]+$/u;

/**
 * The first author's family name as the gold author text shows it, or undefined where the form is ambiguous: "Bergk,
 * V., …" and "Bergk V., …" (a family name, then initials) give "Bergk"; "J. P. Collman, …" (initials, then one word)
 * gives "Collman". Full given names ("Osbert Bastani", "Zhang Wei") are left out: their order cannot be read off.
 */
export function firstFamilyOf(author: string): string | undefined {
  const parts = author.replace(/\s+/g, ' ').trim().split(/\s*,\s*/);
  const head = parts[0] ?? '';
  const next = (parts[1] ?? '').replace(/^(?:and|&)\s+/i, '');
  if (FAMILY_WORD.test(head) && next.split(' ').every((w) => INITIAL_WORD.test(w))) return head;
  const words = head.split(' ').filter(Boolean);
  if (words.length >= 2 && words.slice(0, -1).every((w) => INITIAL_WORD.test(w)) && FAMILY_WORD.test(words[words.length - 1]!)) return words[words.length - 1];
  const firstInitial = words.findIndex((w) => INITIAL_WORD.test(w));
  if (firstInitial > 0 && words.slice(firstInitial).every((w) => INITIAL_WORD.test(w)) && FAMILY_WORD.test(words.slice(0, firstInitial).join(' '))) return words.slice(0, firstInitial).join(' ');
  return undefined;
}

/** One reference string with its gold fields and, per character, the gold label. */
export interface LabelledReference {
  dataset: string;
  index: number;
  raw: string;
  charLabels: ReferenceLabel[];
  gold: GoldFields;
}

export const REFERENCE_DATASETS = ['anystyle/gold', 'anystyle/core', 'anystyle/cora', 'grobid/corpus', 'grobid/evaluation'] as const;
export type ReferenceDataset = (typeof REFERENCE_DATASETS)[number];

const yearOf = (s: string | undefined) => (s ? Number(/(1[5-9]\d\d|20\d\d)/.exec(s)?.[1]) || undefined : undefined);
const firstNumber = (s: string | undefined) => (s ? /\d+/.exec(s)?.[0] : undefined);
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const text = (el: Element | null | undefined) => collapse(el?.textContent ?? '');

/** Accumulates text with a label per character, collapsing whitespace as textContent + collapse would. */
class LabelledText {
  private chars: string[] = [];
  private labels: ReferenceLabel[] = [];
  add(value: string, label: ReferenceLabel): void {
    for (const ch of value) {
      if (/\s/.test(ch)) {
        if (this.chars.length && this.chars[this.chars.length - 1] !== ' ') {
          this.chars.push(' ');
          this.labels.push('other');
        }
      } else {
        this.chars.push(ch);
        this.labels.push(label);
      }
    }
  }
  separate(): void {
    this.add(' ', 'other');
  }
  result(): { raw: string; charLabels: ReferenceLabel[] } {
    while (this.chars[this.chars.length - 1] === ' ') {
      this.chars.pop();
      this.labels.pop();
    }
    return { raw: this.chars.join(''), charLabels: this.labels };
  }
}

const ANYSTYLE_LABELS: Record<string, ReferenceLabel> = {
  author: 'author', editor: 'editor', translator: 'editor', director: 'editor', producer: 'editor',
  title: 'title', journal: 'container', 'container-title': 'container', booktitle: 'container',
  date: 'date', volume: 'volume', pages: 'pages', publisher: 'publisher', location: 'location',
  doi: 'doi', url: 'url', 'citation-number': 'other',
};

function anystyle(file: string, dataset: ReferenceDataset): LabelledReference[] {
  const dom = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/xml');
  return (Array.from(dom.querySelectorAll('sequence')) as Element[]).map((seq, index) => {
    const children = Array.from(seq.children) as Element[];
    const field = (...names: string[]) => children.filter((c) => names.includes(c.tagName.toLowerCase())).map((c) => text(c)).join(' ') || undefined;
    const labelled = new LabelledText();
    children.forEach((c, i) => {
      if (i) labelled.separate();
      labelled.add(text(c), ANYSTYLE_LABELS[c.tagName.toLowerCase()] ?? 'note');
    });
    const gold: GoldFields = {};
    const author = field('author');
    if (author) gold.author = author;
    const family = author ? firstFamilyOf(author) : undefined;
    if (family) gold.firstFamily = family;
    const title = field('title');
    if (title) gold.title = title;
    const year = yearOf(field('date'));
    if (year) gold.year = year;
    const container = field('journal', 'container-title', 'booktitle');
    if (container) gold.container = container.replace(/^in\s+/i, '');
    const volume = firstNumber(field('volume'));
    if (volume) gold.volume = volume;
    const pages = firstNumber(field('pages'));
    if (pages) gold.pages = pages;
    return { dataset, index, ...labelled.result(), gold };
  });
}

function grobidLabel(el: Element, article: Element | undefined, container: Element | undefined): ReferenceLabel {
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('unit') ?? el.getAttribute('type') ?? '').toLowerCase();
  switch (tag) {
    case 'author': return 'author';
    case 'editor': return 'editor';
    case 'date': return 'date';
    case 'publisher': return 'publisher';
    case 'pubplace': return 'location';
    case 'ptr': return 'url';
    case 'title':
      if (el === article) return 'title';
      if (el === container) return !article && el.getAttribute('level') === 'm' ? 'title' : 'container';
      return 'note';
    case 'biblscope':
      if (type === 'volume' || type === 'vol') return 'volume';
      if (type === 'issue') return 'issue';
      if (type === 'page' || type === 'pp') return 'pages';
      return 'note';
    case 'idno':
      if (type === 'doi') return 'doi';
      if (type.startsWith('arxiv')) return 'arxiv';
      return 'note';
    default: return 'note';
  }
}

function grobid(file: string, dataset: ReferenceDataset, start: number): LabelledReference[] {
  const dom = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/xml');
  const bibls = (Array.from(dom.querySelectorAll('bibl')) as Element[]).filter((b) => !b.querySelector('bibl'));
  const out: LabelledReference[] = [];
  for (const bibl of bibls) {
    const gold: GoldFields = {};
    const authors = (Array.from(bibl.querySelectorAll('author')) as Element[]).map(text).join(' ');
    if (authors) gold.author = authors;
    const firstAuthor = bibl.querySelector('author');
    const family = firstAuthor ? firstFamilyOf(text(firstAuthor)) : undefined;
    if (family) gold.firstFamily = family;
    const titles = Array.from(bibl.querySelectorAll('title')) as Element[];
    const article = titles.find((t) => t.getAttribute('level') === 'a');
    const container = titles.find((t) => t.getAttribute('level') === 'j' || t.getAttribute('level') === 'm' || t.getAttribute('level') === 's');
    if (article) gold.title = text(article);
    else if (container?.getAttribute('level') === 'm') gold.title = text(container);
    if (article && container) gold.container = text(container);
    else if (!article && container && container.getAttribute('level') !== 'm') gold.container = text(container);
    const year = yearOf(text(bibl.querySelector('date')));
    if (year) gold.year = year;
    const scope = (...units: string[]) => (Array.from(bibl.querySelectorAll('biblScope')) as Element[]).find((b) => units.includes((b.getAttribute('unit') ?? b.getAttribute('type') ?? '').toLowerCase()));
    const volume = firstNumber(text(scope('volume', 'vol')));
    if (volume) gold.volume = volume;
    const pages = firstNumber(text(scope('page', 'pp')));
    if (pages) gold.pages = pages;
    const labelled = new LabelledText();
    const walk = (node: Node, label: ReferenceLabel) => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType === 3) labelled.add(child.textContent ?? '', label);
        else if (child.nodeType === 1) walk(child, label === 'other' ? grobidLabel(child as Element, article, container) : label);
      }
    };
    walk(bibl, 'other');
    const result = labelled.result();
    if (result.raw.length > 10) out.push({ dataset, index: start + out.length, ...result, gold });
  }
  return out;
}

const referencesRoot = join(FIXTURES_ROOT, 'references');

function grobidFolder(folder: string, dataset: ReferenceDataset): LabelledReference[] {
  const dir = join(referencesRoot, 'grobid-citation', folder);
  const out: LabelledReference[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml')).sort()) out.push(...grobid(join(dir, file), dataset, out.length));
  return out;
}

export function loadReferenceSet(dataset: ReferenceDataset): LabelledReference[] {
  switch (dataset) {
    case 'anystyle/gold': return anystyle(join(referencesRoot, 'anystyle', 'gold.xml'), dataset);
    case 'anystyle/core': return anystyle(join(referencesRoot, 'anystyle', 'core.xml'), dataset);
    case 'anystyle/cora': return anystyle(join(referencesRoot, 'anystyle', 'cora.xml'), dataset);
    case 'grobid/corpus': return grobidFolder('corpus', dataset);
    case 'grobid/evaluation': return grobidFolder('evaluation', dataset);
  }
}

/** The one split: key = dataset + item index. */
export function splitReferenceSet(items: LabelledReference[]): Record<EvalHalf, LabelledReference[]> {
  return splitDevTest(items, (item) => `${item.dataset}#${item.index}`);
}
