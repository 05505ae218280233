import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { answerCue, questionKind } from '../../shared/search/question-cues';
import { syntheticPaper } from '../support/synthetic-library';

describe('questions that compare two things', () => {
  it('are told apart from other kinds, and want a sentence that states the comparison', () => {
    const kinds: [string, string][] = [
      ['What is the difference between the placebo and the vaccine group?', 'comparison'],
      ['How does beam search compare to greedy decoding?', 'comparison'],
      ['Is the ranked list better than annotating alone?', 'comparison'],
      ['How many patients were enrolled?', 'quantity'],
      ['How did they obtain the dataset?', 'method'],
    ];
    for (const [question, kind] of kinds) expect(questionKind(question), question).toBe(kind);
    const cue = answerCue('comparison')!;
    const sentences: [string, boolean][] = [
      ['Pain scores were significantly lower in the treated group (p < 0.01).', true],
      ['There was no difference in relapse between the arms.', true],
      ['Patients were recruited from three hospitals in 2019.', false],
    ];
    for (const [sentence, states] of sentences) expect(cue.test(sentence), sentence).toBe(states);
  });

  it('are answered by the sentence that reports the difference, over one that names more of the question', () => {
    // The methods sentence covers one more of the question's words (treat); only the results sentence compares.
    const trial = syntheticPaper('paper:trial', 'Honey for cough in children', {
      Methods: ['To treat children with night cough, honey or a placebo was given at bedtime in this trial.'],
      Results: ['Honey reduced night cough in the children more than the placebo did, a significant effect.'],
    });
    const other = syntheticPaper('paper:other', 'Sleep in toddlers', { Results: ['Toddlers slept longer in dark rooms than in lit rooms during the study.'] });
    const answer = answerExtractively('How does honey compare with placebo to treat night cough in children?', LibrarySnapshot.fromPapers([trial, other]), { paperIds: [trial.id] });
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.text).toMatch(/^Honey reduced night cough/);
  });
});
