import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { isProseSentence } from '../../shared/answer/answer-sentences';
import { isAbbreviationGlossary } from '../../shared/text/abbreviation-glossary';
import { coverageTerms, questionKind, topicTerms } from '../../shared/search/question-cues';
import { termsOf } from '../../shared/search/paragraph-index';
import { syntheticPaper } from '../support/synthetic-library';

const linking = syntheticPaper('paper:linking', 'Entity linking for low-resource domains', {
  Abstract: [
    'Entity linking in specialised domains is hard without training data. We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.',
  ],
  Introduction: [
    'Annotators in the humanities link mentions to knowledge bases by hand. Our main contributions are:',
    'A user study shows that annotation speed improves by thirty-five percent with the ranked suggestions compared with annotating alone.',
  ],
});
const planning = syntheticPaper('paper:planning', 'Planning in board games', {
  Abstract: ['This paper introduces a planner for board games with large branching factors and late rewards.'],
  Method: ['The agent plans with Monte Carlo tree search guided by a learned policy prior.'],
});
const library = LibrarySnapshot.fromPapers([linking, planning]);

describe('questions about a paper as a whole', () => {
  it('are told apart from questions about a detail', () => {
    expect(questionKind('Hi, what is this paper about?')).toBe('summary');
    expect(questionKind('Can you explain the main idea of the paper?')).toBe('summary');
    expect(questionKind('Can you tell me more about the paper?')).toBe('summary');
    expect(questionKind('What does the annotation approach rank?')).not.toBe('summary');
    expect(questionKind('Which of my papers use tree search?')).toBe('papers');
  });

  it('are answered, when scoped to a paper, from its abstract sentence that says what the paper does', () => {
    const answer = answerExtractively('Hi, what is this paper about?', library, { paperIds: [linking.id] });
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.text).toBe('We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.');
    expect(answer.sentences[0]!.citations[0]).toMatchObject({ paperId: linking.id, paragraphId: 'p1', verified: true });
    expect(answer.passages?.[0]).toMatchObject({ paperId: linking.id, paragraphId: 'p1' });
  });

  it('give one abstract sentence per chosen paper when several are in scope', () => {
    const answer = answerExtractively('What is the main idea of the paper?', library, { paperIds: [linking.id, planning.id] });
    expect(answer.sentences.map((s) => s.citations[0]!.paperId)).toEqual([linking.id, planning.id]);
  });

  it('are answered from the abstract of the only paper in a one-paper library, scoped or not', () => {
    const answer = answerExtractively('Hi, what is this paper about?', LibrarySnapshot.fromPapers([linking]));
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.text).toBe('We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.');
  });

  it('are not answered from an abstract when no paper is chosen (which paper would it be?)', () => {
    const answer = answerExtractively('What is this paper about?', library);
    expect(answer.sentences.map((s) => s.text)).not.toContain('We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.');
  });
});

describe('dialogue turns', () => {
  it('leave greetings and acknowledgements out of the topic', () => {
    expect(topicTerms('Okay, sure! Thanks. Hi, how well do the suggestions work?')).toEqual(topicTerms('how well do the suggestions work?'));
  });

  it('leave a reader thinking aloud, and the stems of contractions, out of the topic', () => {
    expect(topicTerms("But couldn't it be that I wonder about something, if the suggestions don't help?")).toEqual(topicTerms('suggestions help?'));
  });

  it('keep prepositions and negations for ranking, but an answer need not cover them', () => {
    const question = 'With respect to pain after surgery, what is the difference between ibuprofen and no treatment?';
    expect(topicTerms(question)).toEqual(expect.arrayContaining(termsOf('after between no')));
    expect(coverageTerms(question)).not.toEqual(expect.arrayContaining(termsOf('after')));
    expect(coverageTerms(question)).toEqual(expect.arrayContaining(termsOf('pain surgery ibuprofen treatment')));
  });
});

describe('answer sentences', () => {
  it('never end in a colon that opens a list', () => {
    const paragraph = linking.paragraphs.find((p) => p.text.includes('contributions'))!;
    expect(isProseSentence(paragraph, 'Our main contributions in this article are the following:')).toBe(false);
    expect(isProseSentence(paragraph, 'Annotators in the humanities link mentions to knowledge bases by hand.')).toBe(true);
  });

  it('are never a list of abbreviations, which holds a question\'s terms and answers nothing', () => {
    const paragraph = linking.paragraphs.find((p) => p.text.includes('contributions'))!;
    const glossaries = [
      'INP: intermittent nebulization program; EIMT: electronic inspiratory muscle training; MIP: maximal inspiratory pressure.',
      'Abbreviations: BMI, body mass index; CABG, coronary artery bypass graft; PCI, percutaneous coronary intervention.',
      'a Abbreviation: HRSD, Hamilton rating scale for depression, as scored at baseline and week four.',
      'ChEI cholinesterase inhibitor, ER extended-release formulation (28 mg), ITT intent-to-treat population of the trial',
    ];
    for (const text of glossaries) {
      expect(isAbbreviationGlossary(text)).toBe(true);
      expect(isProseSentence(paragraph, text)).toBe(false);
    }
    // Prose that names abbreviations is still prose: a list of models or datasets, one definition in passing.
    for (const text of [
      'We fine-tune BERT, RoBERTa and XLNet on SST-2, MNLI, QNLI and RTE with the same learning rate.',
      'The maximal inspiratory pressure (MIP) after training was significantly higher in the EIMT group (P = 0.017).',
      'These antibodies target the MPER epitope (2F5, 4E10, M66.6, CAP206-CH12 and 10e8) of the envelope protein.',
      'Our metric, BLEU: a precision of n-grams, rewards fluent output that matches the reference translations.',
    ]) {
      expect(isAbbreviationGlossary(text)).toBe(false);
      expect(isProseSentence(paragraph, text)).toBe(true);
    }
  });
});
