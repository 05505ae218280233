/**
 * What one dev paper's PDF extraction misses against its LaTeXML ground truth: section
 * titles not found, truth paragraphs with no match, extracted paragraphs that match
 * nothing. The tool for tuning rules on the dev half; test-half papers are refused, so
 * rules are never fitted to them.
 *
 *   npx tsx tools/eval/pdf-diff.ts <corpus folder of a dev paper>
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { nodePdfReader } from '../../cli/pdf-node';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { familyOf, normalizeForComparison, paragraphMisses, sameParagraph } from './pdf-eval';
import { evalHalf } from './split';
import { readCorpusMeta, splitKeyOf } from './pdf-corpus';

const folder = process.argv[2];
if (!folder) throw new Error('usage: pdf-diff.ts <corpus folder>');
// A corpus folder has a meta.json (a transplant shares the half of the paper it came from); a fixture folder has none.
const metaFile = join(folder, 'meta.json');
const half = evalHalf(existsSync(metaFile) ? splitKeyOf(readCorpusMeta(folder)) : basename(folder));
if (half !== 'dev') {
  console.log(`${basename(folder)} is in the ${half} half: not shown (tune on dev papers only).`);
  process.exit(2);
}
const truth = extractLatexml(parseHtmlWithLinkedom(readFileSync(join(folder, 'paper.latexml.html'), 'utf8')));
const extracted = await extractPdf(new Uint8Array(readFileSync(join(folder, 'paper.pdf'))), { reader: nodePdfReader });
const near = sameParagraph;
const short = (text: string) => text.replace(/\s+/g, ' ').slice(0, 140);

const exTitles = extracted.sections.map((s) => normalizeForComparison(s.title));
console.log('== section titles missed');
for (const s of truth.sections) if (s.id !== 'abstract' && !exTitles.some((e) => near(normalizeForComparison(s.title), e))) console.log(`  ${s.number ?? ''} ${s.title}`);
console.log('== extracted titles');
for (const s of extracted.sections) console.log(`  ${s.number ?? ''} ${s.title}`);
const ex = extracted.paragraphs.filter((p) => p.kind !== 'equation').map((p) => ({ p, n: normalizeForComparison(p.text) })).filter((x) => x.n);
const { missed, unmatched } = paragraphMisses(truth, extracted);
console.log('== truth paragraphs missed');
for (const g of missed) console.log(`  ${short(g)}`);
// A missed paragraph that starts like an extracted one: where the two texts part.
console.log('== where near misses part (truth | extracted)');
for (const g of missed) {
  const partner = ex.find((x) => x.n.slice(0, 50) === g.slice(0, 50));
  if (!partner) continue;
  let at = 0;
  while (at < g.length && g[at] === partner.n[at]) at++;
  console.log(`  @${at} of ${g.length}/${partner.n.length}: …${g.slice(Math.max(0, at - 40), at + 60)}… | …${partner.n.slice(Math.max(0, at - 40), at + 60)}…`);
}
console.log('== extracted paragraphs matching nothing');
for (const { paragraph, text } of unmatched) console.log(`  p${paragraph.page} ${paragraph.kind}: ${short(text)}`);
console.log(`== references: truth ${truth.references.length}, extracted ${extracted.references.length}`);

// Citation links the extraction missed: per matched paragraph, the truth's cited works whose
// year and first family name appear in no reference the extracted paragraph links to.
console.log('== citation links missed');
const truthRefs = new Map(truth.references.map((r) => [r.id, r]));
const exRefs = new Map(extracted.references.map((r) => [r.id, r]));
for (const g of truth.paragraphs) {
  const gn = normalizeForComparison(g.text);
  const partner = ex.find((x) => near(gn, x.n))?.p;
  if (!partner) continue;
  const linked = partner.citations.flatMap((c) => c.referenceIds).map((id) => normalizeForComparison(exRefs.get(id)?.raw ?? ''));
  for (const id of new Set(g.citations.flatMap((c) => c.referenceIds))) {
    const ref = truthRefs.get(id);
    const family = familyOf(ref?.authors?.[0] ?? '') || normalizeForComparison(ref?.raw ?? '').split(' ')[0] || '';
    if (!ref || !family || linked.some((raw) => raw.includes(family) && (!ref.year || raw.includes(String(ref.year))))) continue;
    const markers = partner.citations.map((c) => c.marker).join(' | ');
    console.log(`  ${family} ${ref.year ?? ''} — in "${short(partner.text).slice(0, 80)}" — markers: ${markers.slice(0, 160)}`);
  }
}
