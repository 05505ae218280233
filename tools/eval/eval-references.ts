/**
 * `npm run eval:refs`: the reference-string parser against gold field labels:
 * AnyStyle (gold, core), CORA, and GROBID's citation corpus and evaluation files.
 * Per field (author, the first author's family name, title, year, container, volume, pages): precision, recall and F1,
 * where a field is correct when it matches the gold value after normalisation (authors
 * by token set, so "L. Breiman" matches "Breiman, L."; years, the volume's and the first
 * page's number exactly; title and container by fuzzy ratio >= 90).
 * Every set is split by the one seeded split (key: dataset + item index); the
 * labeller is trained on the dev halves only, so the test figures are the ones to quote.
 */
import { ratio, token_set_ratio } from 'fuzzball';
import type { CslReference } from '../../shared/references/csl-reference';
import { fieldsOf, parseReference, parseReferenceFields } from '../../shared/references/parse-reference';
import { loadReferenceSet, REFERENCE_DATASETS, splitReferenceSet, type GoldFields, type LabelledReference } from './reference-sets';
import { requestedHalves } from './split';

const FIELDS = ['author', 'firstFamily', 'title', 'year', 'container', 'volume', 'pages'] as const;
type Field = (typeof FIELDS)[number];

const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\bet al\b|\band\b/g, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

interface Predicted extends ReturnType<typeof parseReferenceFields> {
  record: CslReference;
}

function predictedField(field: Field, predicted: Predicted): string | number | undefined {
  if (field === 'volume') return /\d+/.exec(predicted.record.volume ?? '')?.[0];
  if (field === 'pages') return /\d+/.exec(predicted.record.page ?? '')?.[0];
  if (field === 'author') return predicted.authors?.length ? predicted.authors.join(' ') : undefined;
  if (field === 'firstFamily') return predicted.record.author?.[0]?.family || undefined;
  if (field === 'container') return predicted.venue || undefined;
  return predicted[field] || undefined;
}

function matches(field: Field, gold: GoldFields, predicted: Predicted): boolean | null {
  const g = gold[field];
  const p = predictedField(field, predicted);
  if (g === undefined && p === undefined) return null;
  if (g === undefined || p === undefined) return false;
  if (field === 'year' || field === 'volume' || field === 'pages') return g === p;
  if (field === 'firstFamily') return norm(String(g)) === norm(String(p));
  const a = norm(String(g));
  const b = norm(String(p));
  return (field === 'author' ? token_set_ratio(a, b, { full_process: false }) : ratio(a, b, { full_process: false })) >= 90;
}

function score(dataset: string, half: string, items: LabelledReference[]) {
  const counts = Object.fromEntries(FIELDS.map((f) => [f, { correct: 0, predicted: 0, gold: 0 }])) as Record<Field, { correct: number; predicted: number; gold: number }>;
  for (const item of items) {
    const record = parseReference(item.raw);
    const predicted: Predicted = { ...fieldsOf(record), record };
    for (const field of FIELDS) {
      // The first author's family is scored only where the gold shows it unambiguously.
      if (field === 'firstFamily' && item.gold.firstFamily === undefined) continue;
      if (predictedField(field, predicted) !== undefined) counts[field].predicted++;
      if (item.gold[field] !== undefined) counts[field].gold++;
      if (matches(field, item.gold, predicted) === true) counts[field].correct++;
    }
  }
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  const fields = Object.fromEntries(FIELDS.map((f) => {
    const c = counts[f];
    const precision = c.correct / Math.max(1, c.predicted);
    const recall = c.correct / Math.max(1, c.gold);
    return [f, { precision: r3(precision), recall: r3(recall), f1: r3(precision + recall ? (2 * precision * recall) / (precision + recall) : 0) }];
  })) as Record<Field, { precision: number; recall: number; f1: number }>;
  return { dataset, half, references: items.length, fields };
}

const halves = requestedHalves(process.argv);
const results = REFERENCE_DATASETS.flatMap((dataset) => {
  const split = splitReferenceSet(loadReferenceSet(dataset));
  return halves.map((half) => score(dataset, half, split[half]));
});
const timed = REFERENCE_DATASETS.flatMap((dataset) => loadReferenceSet(dataset).slice(0, 200).map((item) => item.raw));
parseReferenceFields(timed[0]!); // loads the weights once, as the first real call would
const started = performance.now();
const cpuStarted = process.cpuUsage();
for (const raw of timed) parseReferenceFields(raw);
const msPer1000 = Math.round(((performance.now() - started) / timed.length) * 1000);
// CPU time too: on a shared machine the wall clock measures the neighbours as well.
const cpu = process.cpuUsage(cpuStarted);
const cpuMsPer1000 = Math.round(((cpu.user + cpu.system) / 1000 / timed.length) * 1000);
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log([pad('dataset', 20), pad('half', 6), pad('refs', 6), ...FIELDS.map((f) => pad(`${f} F1`, 13))].join(''));
for (const r of results) console.log([pad(r.dataset, 20), pad(r.half, 6), pad(r.references, 6), ...FIELDS.map((f) => pad(r.fields[f].f1, 13))].join(''));
console.log(`parse time: ${msPer1000} ms per 1,000 references (CPU ${cpuMsPer1000} ms)`);
console.log(JSON.stringify({ results, msPer1000, cpuMsPer1000 }, null, 2));
