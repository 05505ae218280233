import { describe, expect, it } from 'vitest';
import { keywordQueryOf } from '../../tools/eval/keyword-query';

describe('a question as search words', () => {
  it('keeps the topic words as written, in order, once each', () => {
    expect(keywordQueryOf('How did they obtain the dataset?')).toBe('obtain dataset');
    expect(keywordQueryOf('What is the incubation period of SARS-CoV-2 in children and in adults, and does the period differ?')).toBe('incubation period SARS CoV 2 children adults differ');
    expect(keywordQueryOf('What is the incubation period? The period, I mean.').split(' ').filter((w) => w === 'period')).toHaveLength(1);
  });
});
