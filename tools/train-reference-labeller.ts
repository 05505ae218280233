/**
 * `npm run train:refs`: learns the reference labeller's weights (averaged structured
 * perceptron over shared/references/reference-features.ts) from the DEV halves of
 * the labelled sets only (AnyStyle: BSD-2-Clause; GROBID: Apache-2.0), and writes
 * shared/references/reference-labeller.json. Deterministic: a seeded shuffle, a fixed
 * number of epochs; features seen fewer than MIN_COUNT times and near-zero weights
 * are dropped so the file stays small.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceFeatures } from '../shared/references/reference-features';
import { REFERENCE_LABELS, type ReferenceLabel } from '../shared/references/reference-labels';
import { emissionScores, viterbi, type LabellerWeightsFile } from '../shared/references/sequence-labeller';
import { tokenizeReference } from '../shared/references/tokenize-reference';
import { loadReferenceSet, REFERENCE_DATASETS, splitReferenceSet } from './eval/reference-sets';

const EPOCHS = Number(process.env.EPOCHS ?? 10);
const MIN_COUNT = 3;
const SCALE = 100;
/** Scaled weights smaller than this are dropped: they hardly move a score, and they fill the file. */
const MIN_WEIGHT = Number(process.env.MIN_WEIGHT ?? 1);
const L = REFERENCE_LABELS.length;
const labelIndex = new Map<ReferenceLabel, number>(REFERENCE_LABELS.map((l, i) => [l, i]));

/**
 * AnyStyle's fields carry their trailing punctuation ("2005,"), GROBID's do not
 * ("(<date>1982</date>)."): punctuation at either edge of a field is relabelled
 * "other" so both sets teach the same boundaries. Brackets and quotes inside stay.
 */
function withBareEdges(tokens: { text: string }[], labels: ReferenceLabel[]): ReferenceLabel[] {
  const out = [...labels];
  const isPunct = (i: number) => /^[,;:.)\]}([{“”‘’"'–—-]$/u.test(tokens[i]!.text);
  for (let i = 0; i < out.length; i++) {
    if (out[i] === 'other' || !isPunct(i)) continue;
    const startsSpan = i === 0 || labels[i - 1] !== labels[i];
    if (!startsSpan) continue;
    for (let j = i; j < out.length && labels[j] === labels[i] && isPunct(j); j++) out[j] = 'other';
  }
  for (let i = out.length - 1; i >= 0; i--) {
    if (labels[i] === 'other' || !isPunct(i)) continue;
    const endsSpan = i === out.length - 1 || labels[i + 1] !== labels[i];
    if (!endsSpan) continue;
    for (let j = i; j >= 0 && labels[j] === labels[i] && isPunct(j); j--) out[j] = 'other';
  }
  return out;
}

interface Example {
  features: string[][];
  gold: number[];
}

const examples: Example[] = [];
for (const dataset of REFERENCE_DATASETS) {
  for (const item of splitReferenceSet(loadReferenceSet(dataset)).dev) {
    const tokens = tokenizeReference(item.raw);
    if (!tokens.length) continue;
    examples.push({ features: referenceFeatures(tokens), gold: withBareEdges(tokens, tokens.map((t) => item.charLabels[t.start] ?? 'other')).map((l) => labelIndex.get(l) ?? 0) });
  }
}

const counts = new Map<string, number>();
for (const ex of examples) for (const names of ex.features) for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
for (const ex of examples) ex.features = ex.features.map((names) => names.filter((name) => (counts.get(name) ?? 0) >= MIN_COUNT));

const weights = new Map<string, Float64Array>();
const totals = new Map<string, Float64Array>();
const transitions = new Float64Array(L * L);
const transitionTotals = new Float64Array(L * L);
const start = new Float64Array(L);
const startTotals = new Float64Array(L);
let step = 1;

function bump(name: string, label: number, delta: number): void {
  let row = weights.get(name);
  let total = totals.get(name);
  if (!row || !total) {
    row = new Float64Array(L);
    total = new Float64Array(L);
    weights.set(name, row);
    totals.set(name, total);
  }
  row[label]! += delta;
  total[label]! += step * delta;
}

let seed = 20261122;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);

for (let epoch = 0; epoch < EPOCHS; epoch++) {
  for (let i = examples.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [examples[i], examples[j]] = [examples[j]!, examples[i]!];
  }
  let wrong = 0;
  let tokens = 0;
  for (const ex of examples) {
    const predicted = viterbi(ex.features.map((names) => emissionScores(names, weights, L)), transitions, start, L);
    for (let i = 0; i < ex.gold.length; i++) {
      tokens++;
      const g = ex.gold[i]!;
      const p = predicted[i]!;
      if (g !== p) {
        wrong++;
        for (const name of ex.features[i]!) {
          bump(name, g, 1);
          bump(name, p, -1);
        }
      }
      if (i === 0 && g !== p) {
        start[g]! += 1; startTotals[g]! += step;
        start[p]! -= 1; startTotals[p]! -= step;
      }
      if (i > 0) {
        const gPair = ex.gold[i - 1]! * L + g;
        const pPair = predicted[i - 1]! * L + p;
        if (gPair !== pPair) {
          transitions[gPair]! += 1; transitionTotals[gPair]! += step;
          transitions[pPair]! -= 1; transitionTotals[pPair]! -= step;
        }
      }
    }
    step++;
  }
  console.log(`epoch ${epoch + 1}: token error ${(wrong / tokens).toFixed(4)} on ${examples.length} dev references`);
}

const averaged = (w: number, total: number) => Math.round((w - total / step) * SCALE);
const features: Record<string, number[]> = {};
for (const [name, row] of weights) {
  const total = totals.get(name)!;
  const pairs: number[] = [];
  for (let k = 0; k < L; k++) {
    const w = averaged(row[k]!, total[k]!);
    if (Math.abs(w) >= MIN_WEIGHT) pairs.push(k, w);
  }
  if (pairs.length) features[name] = pairs;
}
const file: LabellerWeightsFile = {
  source: 'Averaged perceptron trained by tools/train-reference-labeller.ts on the dev halves (tools/eval/split.ts, key dataset#index) of AnyStyle gold/core/CORA (BSD-2-Clause, github.com/inukshuk/anystyle) and GROBID citation corpus + evaluation TEI (Apache-2.0, github.com/kermitt2/grobid).',
  labels: [...REFERENCE_LABELS],
  scale: SCALE,
  transitions: Array.from(transitions, (w, i) => averaged(w, transitionTotals[i]!)),
  start: Array.from(start, (w, i) => averaged(w, startTotals[i]!)),
  features,
};
const out = join(import.meta.dirname, '..', 'shared', 'references', 'reference-labeller.json');
const json = JSON.stringify(file);
writeFileSync(out, json + '\n');
console.log(`wrote ${out}: ${Object.keys(features).length} features, ${(json.length / 1024).toFixed(0)} KiB`);
