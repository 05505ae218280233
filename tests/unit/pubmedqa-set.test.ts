import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPubMedQa, loadPubMedQaSet, type PubMedQaEntry } from '../../tools/eval/qa-sets/pubmedqa-set';

// Written for this test, in ori_pqal.json's shape: not taken from the data.
const ENTRIES: Record<string, PubMedQaEntry> = {
  '111': {
    QUESTION: 'Does evening tea drinking shorten sleep in shift workers?',
    CONTEXTS: [
      'Caffeine late in the day is thought to delay sleep onset.',
      'We followed 80 nurses on rotating shifts for four weeks with wrist actigraphy.',
      'Participants kept a diary of every cup after 6 pm.',
      'Each evening cup was associated with 11 minutes less sleep on that night.',
    ],
    LABELS: ['BACKGROUND', 'METHODS', 'METHODS', 'RESULTS'],
    final_decision: 'yes',
    LONG_ANSWER: 'Evening caffeine shortened sleep in this group; advice on timing may help.',
  },
  '222': {
    QUESTION: 'Is handgrip strength a marker of frailty after hip fracture?',
    CONTEXTS: ['To relate grip to later dependence.', 'Grip did not predict dependence at one year (p = 0.41).'],
    LABELS: ['OBJECTIVE', 'RESULTS'],
    final_decision: 'no',
    LONG_ANSWER: 'Grip measured on the ward told us little about the year ahead.',
  },
};

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);

describe('PubMedQA loader', () => {
  const set = buildPubMedQa(ENTRIES);

  it('makes one paper per PMID, a section per label run, and the conclusion last', () => {
    expect(set.name).toBe('pubmedqa');
    expect(set.papers.map((p) => p.id)).toEqual(['pubmedqa:111', 'pubmedqa:222']);
    const paper = set.papers[0]!;
    expect(paper.sections.map((s) => s.title)).toEqual(['BACKGROUND', 'METHODS', 'RESULTS', 'CONCLUSIONS']);
    const sectionOf = (id: string) => paper.sections.find((s) => s.id === paper.paragraphs.find((p) => p.id === id)!.sectionId)!.title;
    expect(paper.paragraphs.map((p) => [p.id, sectionOf(p.id)])).toEqual([
      ['p1', 'BACKGROUND'],
      ['p2', 'METHODS'],
      ['p3', 'METHODS'],
      ['p4', 'RESULTS'],
      ['p5', 'CONCLUSIONS'],
    ]);
    expect(paper.paragraphs.at(-1)!.text).toBe(ENTRIES['111']!.LONG_ANSWER);
    expect(set.papers[1]!.sections.map((s) => s.title)).toEqual(['OBJECTIVE', 'RESULTS', 'CONCLUSIONS']);
  });

  it('asks each question of its paper, with the conclusion paragraph as the evidence and the answer', () => {
    expect(set.items.map((i) => [i.paperId, i.question, i.answerable, i.evidence.map((g) => [...g]), i.answers])).toEqual([
      ['pubmedqa:111', ENTRIES['111']!.QUESTION, true, [['p5']], [ENTRIES['111']!.LONG_ANSWER]],
      ['pubmedqa:222', ENTRIES['222']!.QUESTION, true, [['p3']], [ENTRIES['222']!.LONG_ANSWER]],
    ]);
  });

  it('titles a paper by its PMID, not by the question made from its title', () => {
    set.items.forEach((item, i) => {
      const paper = set.papers[i]!;
      expect(paper.title).toBe(`PubMed ${paper.id.slice('pubmedqa:'.length)}`);
      const titleWords = words(paper.title);
      expect([...words(item.question)].filter((w) => titleWords.has(w))).toEqual([]);
    });
  });

  it('reads the file through its schema: a changed field stops the load and names its path', () => {
    const root = mkdtempSync(join(tmpdir(), 'pubmedqa-'));
    writeFileSync(join(root, 'ori_pqal.json'), JSON.stringify(ENTRIES));
    expect(loadPubMedQaSet(root).items).toHaveLength(2);
    writeFileSync(join(root, 'ori_pqal.json'), JSON.stringify({ ...ENTRIES, '333': { ...ENTRIES['222'], CONTEXTS: 'one context, not a list' } }));
    expect(() => loadPubMedQaSet(root)).toThrow(/PubMedQA .*: 333\.CONTEXTS: /);
  });
});
