/**
 * PubMedQA PQA-L (MIT; Jin et al. 2019): 1,000 PubMed abstracts, each with one expert-labelled
 * yes/no/maybe question. The abstract comes as its structured sections without the conclusion
 * (CONTEXTS, with their LABELS), and the conclusion apart (LONG_ANSWER).
 *
 * Papers: one per PMID (`pubmedqa:<pmid>`), a section per run of contexts under one label
 * (BACKGROUND, METHODS, RESULTS, ...), then a section CONCLUSIONS holding LONG_ANSWER as its one
 * paragraph. Items: the question, answerable; the conclusion paragraph is the gold evidence (it
 * states the answer) and LONG_ANSWER the gold answer.
 *
 * Caveats: abstracts only (a few short paragraphs per paper, so a scoped question has little to
 * choose from); the questions are the papers' titles rephrased, so the title is left out of the
 * library; the questions are yes/no ones and the gold answer is a conclusion sentence, not "yes"
 * or "no"; the RESULTS paragraphs often support the answer as well and are not counted, so the
 * evidence hit is a lower bound.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_ROOT } from '../../fixture-papers';
import type * as v from 'valibot';
import { PubMedQaFileSchema, readQaFile } from './qa-file-schemas';
import { paperFromSections, type QaItem, type QaSet } from './qa-set';

export const PUBMEDQA_ROOT = join(FIXTURES_ROOT, 'qa', 'pubmedqa');
const FILE = 'ori_pqal.json';

/** One entry of ori_pqal.json (fields the loader reads). */
export type PubMedQaEntry = v.InferOutput<typeof PubMedQaFileSchema>[string];

export const CONCLUSIONS = 'CONCLUSIONS';

/** The set from ori_pqal.json's entries, keyed by PMID. */
export function buildPubMedQa(entries: Readonly<Record<string, PubMedQaEntry>>): QaSet {
  const papers: QaSet['papers'] = [];
  const items: QaItem[] = [];
  for (const [pmid, entry] of Object.entries(entries)) {
    const sections: { title: string; paragraphs: string[] }[] = [];
    entry.CONTEXTS.forEach((context, i) => {
      const label = entry.LABELS[i]?.trim() || 'UNLABELLED';
      if (sections.at(-1)?.title === label) sections.at(-1)!.paragraphs.push(context);
      else sections.push({ title: label, paragraphs: [context] });
    });
    sections.push({ title: CONCLUSIONS, paragraphs: [entry.LONG_ANSWER] });
    // Not the title: PubMedQA's question is the paper's title rephrased, so the title (or the question's
    // words) in the library would hand search the answer's paper; the PMID names the paper instead.
    const paper = paperFromSections(`pubmedqa:${pmid}`, `PubMed ${pmid}`, sections);
    const conclusion = paper.paragraphs.at(-1);
    papers.push(paper);
    items.push({
      id: `pubmedqa:${pmid}`,
      paperId: paper.id,
      question: entry.QUESTION,
      answerable: true,
      // The conclusion paragraph (empty when LONG_ANSWER is blank: no gold then).
      evidence: conclusion && paper.sections.find((s) => s.id === conclusion.sectionId)?.title === CONCLUSIONS ? [new Set([conclusion.id])] : [],
      answers: [entry.LONG_ANSWER],
    });
  }
  return { name: 'pubmedqa', papers, items };
}

/** True when the set's file is in the fixtures (it is not committed here). */
export function pubmedQaAvailable(root = PUBMEDQA_ROOT): boolean {
  return existsSync(join(root, FILE));
}

export function loadPubMedQaSet(root = PUBMEDQA_ROOT): QaSet {
  return buildPubMedQa(readQaFile(join(root, FILE), PubMedQaFileSchema, 'PubMedQA'));
}
