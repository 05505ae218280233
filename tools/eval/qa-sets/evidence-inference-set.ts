/**
 * Evidence Inference 2.0 (test split, RCT articles): each prompt becomes the question
 * "With respect to <outcome>, what is the reported difference between <intervention>
 * and <comparator>?"; annotators' evidence spans mark the gold paragraphs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_ROOT } from '../../fixture-papers';
import { paperFromSections, paragraphsHolding, type QaItem, type QaSet } from './qa-set';

const ROOT = join(FIXTURES_ROOT, 'qa', 'evidence-inference-v2');

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (field || row.length) endRow();
  return rows;
}

function records(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(join(ROOT, file), 'utf8'));
  return rows.filter((r) => r.length === header!.length).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

const HEADING = /^[A-Z0-9][A-Z0-9 .,&()'/-]*:\s*$/;

function sectionsOf(text: string): { title: string; sections: { title: string; paragraphs: string[] }[] } {
  const sections: { title: string; paragraphs: string[] }[] = [];
  let title = '';
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    if (HEADING.test(line)) sections.push({ title: line.replace(/:\s*$/, '').replace(/\./g, ' ').toLowerCase(), paragraphs: [] });
    else if (sections.at(-1)?.title === 'title' && !title) title = line;
    else {
      if (!sections.length) sections.push({ title: '', paragraphs: [] });
      sections.at(-1)!.paragraphs.push(line);
    }
  }
  return { title, sections: sections.filter((s) => s.title !== 'title') };
}

export function loadEvidenceInferenceSet(): QaSet {
  const files = new Set(readdirSync(join(ROOT, 'txt_files')));
  const papers = new Map<string, ReturnType<typeof paperFromSections>>();
  const paperFor = (pmcid: string) => {
    if (!papers.has(pmcid) && files.has(`PMC${pmcid}.txt`)) {
      const { title, sections } = sectionsOf(readFileSync(join(ROOT, 'txt_files', `PMC${pmcid}.txt`), 'utf8'));
      papers.set(pmcid, paperFromSections(`evidence-inference:PMC${pmcid}`, title, sections));
    }
    return papers.get(pmcid);
  };
  const annotations = records('v2_annotations.ev2_test.csv');
  const items: QaItem[] = [];
  for (const prompt of records('prompts_merged.ev2_test.csv')) {
    const paper = paperFor(prompt['PMCID']!);
    if (!paper) continue;
    const gold = annotations.filter((a) => a['PromptID'] === prompt['PromptID'] && a['Annotations']);
    if (!gold.length) continue;
    items.push({
      id: `evidence-inference:${prompt['PromptID']}`,
      paperId: paper.id,
      question: `With respect to ${prompt['Outcome']}, what is the reported difference between ${prompt['Intervention']} and ${prompt['Comparator']}?`,
      answerable: true,
      evidence: gold.map((a) => new Set(paragraphsHolding(paper, a['Annotations']!))).filter((g) => g.size > 0),
      answers: gold.map((a) => a['Annotations']!),
    });
  }
  return { name: 'evidence-inference-v2', papers: [...papers.values()], items };
}
