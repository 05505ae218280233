import { describe, expect, it } from 'vitest';
import { alignReferences, buildChemRxivQuest, chunkAnswer, paperFromMarkdown, readChemRows } from '../../tools/eval/qa-sets/chemrxivquest-set';

const MARKDOWN = [
  'Catalytic Widgets for Hydrogen',
  'Abstract',
  'We report a cobalt boride catalyst that evolves hydrogen at low overpotential in alkaline water.',
  '## 1. Methods',
  'The catalyst was annealed at 400 °C under argon for two hours before testing.\nSamples were stored in a glovebox.',
  '| sample | overpotential |\n|---|---|\n| A | 120 mV |',
  '![Figure 1](image)',
  '**Results**',
  'The annealed catalyst reached 10 mA cm-2 at an overpotential of 120 mV and kept it for 50 hours.',
].join('\n\n');

/** A released reference: the chunk lower-cased, behind a 20-character lead-in from the text before it. */
const released = (lead: string, span: string) => `${lead.slice(-20).padStart(20, ' ')}${span}`.toLowerCase();

describe('ChemRxivQuest loader', () => {
  it('reads the Markdown into sections and prose paragraphs, leaving out tables and images', () => {
    const { paper } = paperFromMarkdown('chemrxivquest:1', MARKDOWN);
    expect(paper.title).toBe('Catalytic Widgets for Hydrogen');
    expect(paper.sections.map((s) => s.title)).toEqual(['Abstract', '1. Methods', 'Results']);
    expect(paper.paragraphs.map((p) => p.text)).toEqual([
      'We report a cobalt boride catalyst that evolves hydrogen at low overpotential in alkaline water.',
      'The catalyst was annealed at 400 °C under argon for two hours before testing. Samples were stored in a glovebox.',
      'The annealed catalyst reached 10 mA cm-2 at an overpotential of 120 mV and kept it for 50 hours.',
    ]);
  });

  it('undoes a references column that drifts behind the questions', () => {
    const questions = ['cobalt boride catalyst hydrogen', 'annealing temperature argon', 'glovebox storage samples', 'overpotential current density hours'];
    // One extra reference (a dropped question's) sits before the third: from there on the shift is 1.
    const references = ['cobalt boride catalyst evolves hydrogen', 'annealed temperature under argon', 'unrelated dropped chunk', 'samples stored glovebox storage', 'overpotential current density hours'];
    expect(alignReferences(questions, references)).toEqual([0, 1, 3, 4]);
    // Past the end of the references a question has none.
    expect(alignReferences([...questions, 'surplus question'], references)).toEqual([0, 1, 3, 4, -1]);
  });

  it('maps each aligned chunk to the paragraphs it covers and drops chunks from another paper', () => {
    const rows = [
      { question: 'At what temperature was the catalyst annealed under argon?', reference: released('ly water.\n\n## 1. Methods\n\n', 'The catalyst was annealed at 400 °C under argon for two hours'), corpusId: 'full-text/1.txt' },
      { question: 'What overpotential did the annealed catalyst reach?', reference: released('**Results**\n\n', 'The annealed catalyst reached 10 mA cm-2 at an overpotential of 120 mV'), corpusId: 'full-text/1.txt' },
      { question: 'Which solvent dissolved the polymer?', reference: released('some other paper ', 'the polymer dissolved readily in chloroform at room temperature'), corpusId: 'full-text/1.txt' },
    ];
    const set = buildChemRxivQuest(rows, (id) => (id === 'full-text/1.txt' ? MARKDOWN : undefined));
    expect(set.items.map((i) => [...(i.evidence[0] ?? [])])).toEqual([['p2'], ['p3']]);
    expect(set.dropped).toEqual({ pastTheEnd: 0, chunkNotInPaper: 1 });
    expect(set.items[1]!.answers[0]).toBe('the annealed catalyst reached 10 ma cm-2 at an overpotential of 120 mv');
    expect(set.papers.map((p) => p.id)).toEqual(['chemrxivquest:1']);
  });

  it('reads the released CSV, skipping its licence line', () => {
    const csv = '# SPDX-License-Identifier: CC-BY-4.0\nquestion,references,corpus_id\n"Why, then?","[{""content"": ""abc"", ""start_index"": 0, ""end_index"": 3}]",full-text/0.txt\n';
    expect(readChemRows(csv)).toEqual([{ question: 'Why, then?', reference: 'abc', corpusId: 'full-text/0.txt' }]);
    expect(chunkAnswer('0123456789abcdefghi whole words here')).toBe('whole words here');
    expect(chunkAnswer('0123456789abcdefghijpart of a word')).toBe('of a word');
  });
});
