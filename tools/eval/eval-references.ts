/**
 * `npm run eval:refs`: the reference-string parser against gold field labels:
 * AnyStyle (gold, core), CORA, and GROBID's citation corpus and evaluation files.
 * Per field (author, title, year, container): precision, recall and F1, where a
 * field is correct when it matches the gold value after normalisation (authors by
 * token set, so "L. Breiman" matches "Breiman, L."; years exactly; others >= 90).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ratio, token_set_ratio } from 'fuzzball';
import { DOMParser } from 'linkedom';
import { parseReferenceFields } from '../../shared/references/parse-reference';
import { FIXTURES_ROOT } from '../fixture-papers';

interface Gold {
  raw: string;
  author?: string;
  title?: string;
  year?: number;
  container?: string;
}

const FIELDS = ['author', 'title', 'year', 'container'] as const;
type Field = (typeof FIELDS)[number];

const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\bet al\b|\band\b/g, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const yearOf = (s: string | undefined) => (s ? Number(/(1[5-9]\d\d|20\d\d)/.exec(s)?.[1]) || undefined : undefined);
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

function anystyle(file: string): Gold[] {
  const dom = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/xml');
  return (Array.from(dom.querySelectorAll('sequence')) as Element[]).map((seq) => {
    const children = Array.from(seq.children) as Element[];
    const field = (...names: string[]) => children.filter((c) => names.includes(c.tagName.toLowerCase())).map((c) => text(c)).join(' ') || undefined;
    const gold: Gold = { raw: children.map((c) => text(c)).join(' ') };
    const author = field('author');
    if (author) gold.author = author;
    const title = field('title');
    if (title) gold.title = title;
    const year = yearOf(field('date'));
    if (year) gold.year = year;
    const container = field('journal', 'container-title', 'booktitle');
    if (container) gold.container = container.replace(/^in\s+/i, '');
    return gold;
  });
}

function grobid(file: string): Gold[] {
  const dom = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/xml');
  return (Array.from(dom.querySelectorAll('bibl')) as Element[]).filter((b) => !b.querySelector('bibl')).map((bibl) => {
    const gold: Gold = { raw: text(bibl) };
    const authors = (Array.from(bibl.querySelectorAll('author')) as Element[]).map(text).join(' ');
    if (authors) gold.author = authors;
    const titles = Array.from(bibl.querySelectorAll('title')) as Element[];
    const article = titles.find((t) => t.getAttribute('level') === 'a');
    const container = titles.find((t) => t.getAttribute('level') === 'j' || t.getAttribute('level') === 'm' || t.getAttribute('level') === 's');
    if (article) gold.title = text(article);
    else if (container?.getAttribute('level') === 'm') gold.title = text(container);
    if (article && container) gold.container = text(container);
    else if (!article && container && container.getAttribute('level') !== 'm') gold.container = text(container);
    const year = yearOf(text(bibl.querySelector('date')));
    if (year) gold.year = year;
    return gold;
  }).filter((g) => g.raw.length > 10);
}

function matches(field: Field, gold: Gold, predicted: ReturnType<typeof parseReferenceFields>): boolean | null {
  const g = gold[field];
  const p = field === 'author' ? predicted.authors?.join(' ') : field === 'container' ? predicted.venue : predicted[field];
  if (g === undefined && p === undefined) return null;
  if (g === undefined || p === undefined || p === '') return false;
  if (field === 'year') return g === p;
  const a = norm(String(g));
  const b = norm(String(p));
  return (field === 'author' ? token_set_ratio(a, b, { full_process: false }) : ratio(a, b, { full_process: false })) >= 90;
}

function score(name: string, golds: Gold[]) {
  const counts = Object.fromEntries(FIELDS.map((f) => [f, { correct: 0, predicted: 0, gold: 0 }])) as Record<Field, { correct: number; predicted: number; gold: number }>;
  for (const gold of golds) {
    const predicted = parseReferenceFields(gold.raw);
    for (const field of FIELDS) {
      const has = field === 'author' ? predicted.authors?.length : field === 'container' ? predicted.venue : predicted[field];
      if (has) counts[field].predicted++;
      if (gold[field] !== undefined) counts[field].gold++;
      if (matches(field, gold, predicted) === true) counts[field].correct++;
    }
  }
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  const fields = Object.fromEntries(FIELDS.map((f) => {
    const c = counts[f];
    const precision = c.correct / Math.max(1, c.predicted);
    const recall = c.correct / Math.max(1, c.gold);
    return [f, { precision: r3(precision), recall: r3(recall), f1: r3(precision + recall ? (2 * precision * recall) / (precision + recall) : 0) }];
  })) as Record<Field, { precision: number; recall: number; f1: number }>;
  return { dataset: name, references: golds.length, fields };
}

const refs = join(FIXTURES_ROOT, 'references');
const corpusDir = join(refs, 'grobid-citation', 'corpus');
const results = [
  score('anystyle/gold', anystyle(join(refs, 'anystyle', 'gold.xml'))),
  score('anystyle/core', anystyle(join(refs, 'anystyle', 'core.xml'))),
  score('anystyle/cora', anystyle(join(refs, 'anystyle', 'cora.xml'))),
  score('grobid/corpus', readdirSync(corpusDir).filter((f) => f.endsWith('.xml')).flatMap((f) => grobid(join(corpusDir, f)))),
  score('grobid/evaluation', readdirSync(join(refs, 'grobid-citation', 'evaluation')).flatMap((f) => grobid(join(refs, 'grobid-citation', 'evaluation', f)))),
];
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log([pad('dataset', 20), pad('refs', 6), ...FIELDS.map((f) => pad(`${f} F1`, 13))].join(''));
for (const r of results) console.log([pad(r.dataset, 20), pad(r.references, 6), ...FIELDS.map((f) => pad(r.fields[f].f1, 13))].join(''));
console.log(JSON.stringify(results, null, 2));
