import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { isProseSentence } from '../../shared/answer/answer-sentences';
import { summaryCandidates } from '../../shared/answer/summary-sentences';
import { isAbbreviationGlossary } from '../../shared/text/abbreviation-glossary';
import { asksForFindings, coverageTerms, questionKind, topicTerms } from '../../shared/search/question-cues';
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
const survey = syntheticPaper('paper:survey', 'Mental health of health care workers', {
  Abstract: [
    'This study examines the mental health of health care workers in 34 hospitals during the outbreak. Nurses and women had more severe symptoms of depression and anxiety than other workers. These results suggest that special interventions are needed for workers on the front line.',
  ],
  Methods: ['Participants completed four validated questionnaires on depression, anxiety, insomnia and distress.'],
});

describe('questions about a paper as a whole', () => {
  it('are told apart from questions about a detail', () => {
    expect(questionKind('Hi, what is this paper about?')).toBe('summary');
    expect(questionKind('Can you explain the main idea of the paper?')).toBe('summary');
    expect(questionKind('Can you tell me more about the paper?')).toBe('summary');
    expect(questionKind('What does the annotation approach rank?')).not.toBe('summary');
    // "What does it propose?" with nothing after the verb is about the paper; with an object, about a detail.
    for (const q of ['What does this paper propose?', 'What do the authors present?', 'What do they propose?', 'What did the study investigate?']) expect(questionKind(q), q).toBe('summary');
    expect(questionKind('What do they propose for unseen words?')).not.toBe('summary');
    // Asked as a request.
    for (const q of ['Summarize the paper', 'Please summarise this article.', 'Can you explain the paper?', 'Describe this study', 'tl;dr?']) expect(questionKind(q), q).toBe('summary');
    expect(questionKind('Describe the study design and its controls')).not.toBe('summary');
    expect(questionKind('What does the model propose?')).not.toBe('summary');
    expect(questionKind('Which of my papers use tree search?')).toBe('papers');
    expect(questionKind('What papers discuss tree search?')).toBe('papers');
    expect(questionKind('Which studies report mortality?')).toBe('papers');
    // A detail of one paper that mentions studies, or "works" as a verb.
    expect(questionKind('What is the conclusion of the long-term surveillance studies?')).not.toBe('papers');
    expect(questionKind('So between those two, what works better and for which tasks?')).not.toBe('papers');
  });

  it('are answered, when scoped to a paper, from its abstract sentence that says what the paper does', () => {
    const answer = answerExtractively('Hi, what is this paper about?', library, { paperIds: [linking.id] });
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.text).toBe('We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.');
    expect(answer.sentences[0]!.citations[0]).toMatchObject({ paperId: linking.id, paragraphId: 'p1', verified: true });
    expect(answer.passages?.[0]).toMatchObject({ paperId: linking.id, paragraphId: 'p1' });
  });

  it('"What does this paper propose?" scoped is answered from the abstract, not abstained on', () => {
    const answer = answerExtractively('What does this paper propose?', library, { paperIds: [linking.id] });
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.text).toBe('We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.');
  });

  it('give one abstract sentence per chosen paper when several are in scope', () => {
    const answer = answerExtractively('What is the main idea of the paper?', library, { paperIds: [linking.id, planning.id] });
    expect(answer.sentences.map((s) => s.citations[0]!.paperId)).toEqual([linking.id, planning.id]);
  });

  it('asked of several papers with none chosen, ask the reader to choose, listing found papers at their aim', () => {
    // "paper" and "main" would otherwise be matched in any passage: the planner's abstract says "This paper introduces".
    const answer = answerExtractively('What is the main idea of the paper?', library);
    expect(answer.abstained).toBe(true);
    expect(answer.sentences).toEqual([]);
    expect(answer.notice).toContain('This question is about one paper, and the library holds 2. Choose the paper to ask about');
    expect(answer.passages?.length).toBeGreaterThan(0);
    for (const passage of answer.passages ?? []) {
      const paper = [linking, planning].find((p) => p.id === passage.paperId)!;
      const marked = paper.paragraphs.find((p) => p.id === passage.paragraphId)!.text.slice(passage.highlights[0]!.start, passage.highlights[0]!.end);
      expect(marked).toBe(summaryCandidates(paper, 1)[0]!.text);
    }
  });

  it('are answered from the abstract of the only paper in a one-paper library, scoped or not', () => {
    const answer = answerExtractively('Hi, what is this paper about?', LibrarySnapshot.fromPapers([linking]));
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.text).toBe('We present a human-in-the-loop annotation approach that ranks candidate entities for each mention.');
  });

  it('that ask what a paper found are told apart, and answered from the abstract sentence that states a finding', () => {
    for (const question of ['What are the conclusions of this study?', 'What is the conclusion of the report?', 'What are the main findings of the paper?', 'What did the study find?', 'What did the authors conclude?', 'What is the summary of this report?']) {
      expect(questionKind(question)).toBe('summary');
    }
    expect(asksForFindings('What are the conclusions of this study?')).toBe(true);
    expect(asksForFindings('What is this paper about?')).toBe(false);
    // A finding about a detail is not a question about the paper as a whole.
    expect(questionKind('What did the authors find about insomnia in nurses?')).not.toBe('summary');
    const onlySurvey = LibrarySnapshot.fromPapers([survey]);
    expect(answerExtractively('What are the conclusions of this study?', onlySurvey).sentences[0]!.text).toBe('These results suggest that special interventions are needed for workers on the front line.');
    expect(answerExtractively('What is this paper about?', onlySurvey).sentences[0]!.text).toBe('This study examines the mental health of health care workers in 34 hospitals during the outbreak.');
  });

  it('that ask for findings put the abstract\'s conclusion before its single results', () => {
    const trial = syntheticPaper('paper:trial', 'A trial of exercise after surgery', {
      Abstract: ['We randomised 120 patients to exercise or usual care after knee surgery. We found that pain scores fell faster with exercise at six weeks. In conclusion, supervised exercise speeds recovery after knee surgery.'],
    });
    expect(summaryCandidates(trial, 2, true).map((c) => c.text)).toEqual([
      'In conclusion, supervised exercise speeds recovery after knee surgery.',
      'We found that pain scores fell faster with exercise at six weeks.',
    ]);
    expect(summaryCandidates(trial, 1)[0]!.text).toBe('We randomised 120 patients to exercise or usual care after knee surgery.');
  });

  it('that ask for findings never get the aim or a roadmap, and read "I" as the author', () => {
    const note = syntheticPaper('paper:note', 'The rise and fall of the note', {
      Abstract: ['In this note, I examine trends in the lengths of papers published from 2000 to 2018. The note soon disappeared as a genre, while papers grew longer every year. I conclude by addressing the implications of such trends for the community.'],
    });
    expect(summaryCandidates(note, 1, true)[0]!.text).toBe('The note soon disappeared as a genre, while papers grew longer every year.');
    const found = syntheticPaper('paper:found', 'Lengths of papers', {
      Abstract: ['In this note, I examine trends in the lengths of papers. Papers grew longer in every single year of the eighteen years in the sample. I find that the short format disappeared once page limits were removed.'],
    });
    expect(summaryCandidates(found, 1, true)[0]!.text).toBe('I find that the short format disappeared once page limits were removed.');
    const shown = syntheticPaper('paper:shown', 'Pruning', {
      Abstract: ['We study the pruning of weights in large language models of several sizes. Pruning is cheap to run on a single graphics card in an afternoon. We show that pruning half the weights costs one point of accuracy.'],
    });
    expect(summaryCandidates(shown, 1, true)[0]!.text).toBe('We show that pruning half the weights costs one point of accuracy.');
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
