/** The QASPER sample: ten papers stored as JSON objects one after another (not an array). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_ROOT } from '../fixture-papers';

export interface QasperAnswer {
  unanswerable: boolean;
  extractive_spans: string[];
  yes_no: boolean | null;
  free_form_answer: string;
  evidence: string[];
}

export interface QasperPaper {
  id: string;
  title: string;
  abstract: string;
  full_text: { section_name: (string | null)[]; paragraphs: string[][] };
  qas: { question: string[]; answers: { answer: QasperAnswer[] }[] };
}

/** Splits concatenated top-level JSON objects, minding braces inside strings. */
export function splitJsonObjects(text: string): unknown[] {
  const objects: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}' && --depth === 0) objects.push(JSON.parse(text.slice(start, i + 1)));
  }
  return objects;
}

export function readQasper(): QasperPaper[] {
  return splitJsonObjects(readFileSync(join(FIXTURES_ROOT, 'qa', 'qasper-sample', 'qasper-train-first10.hf-format.json'), 'utf8')) as QasperPaper[];
}
