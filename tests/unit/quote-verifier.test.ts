import { partial_ratio } from 'fuzzball';
import { mulberry32 } from '../../tools/seeded-random';
import { describe, expect, it } from 'vitest';
import { locateQuote, normalizeForMatching } from '../../shared/verify/quote-locator';
import { verifyQuote } from '../../shared/verify/verify-quote';
import { splitSentences } from '../../shared/text/sentences';
import { HTML_FIXTURES, fixturePaper } from '../support/fixtures';

const PARAGRAPH =
  'In the context of NISQ hardware, this procedure is of extreme importance as the transformed circuit will, in general, have higher depth due to the insertion of extra SWAP gates. ' +
  'This overhead in the circuit depth becomes more prominent due to the high decoherence rates of the qubits and it becomes essential to find the most optimal and efficient strategy to minimize it [9, 12, 24]. We evaluate 12 circuits on IBM Tokyo.';

describe('verifyQuote', () => {
  it('verifies an exact quote and returns its offsets', () => {
    const quote = 'the transformed circuit will, in general, have higher depth';
    const v = verifyQuote(quote, PARAGRAPH);
    expect(v).toMatchObject({ verified: true, score: 100 });
    expect(PARAGRAPH.slice(v.start, v.end)).toBe(quote);
  });

  it('verifies punctuation, casing, Unicode quote and ligature changes', () => {
    for (const quote of [
      'The transformed circuit will in general have higher depth',
      '“the transformed circuit will, in general, have higher depth.”',
      'THIS OVERHEAD IN THE CIRCUIT DEPTH BECOMES MORE PROMINENT',
      'it becomes essential to ﬁnd the most optimal and efﬁcient strategy',
      'this procedure is of extreme im-portance as the transformed circuit',
    ]) {
      expect(verifyQuote(quote, PARAGRAPH).verified, quote).toBe(true);
    }
  });

  it('verifies a quote with a dropped word and points at the real passage', () => {
    const v = verifyQuote('the transformed circuit will in general have a higher depth due to insertion of extra SWAP gates', PARAGRAPH);
    expect(v.verified).toBe(true);
    expect(PARAGRAPH.slice(v.start, v.end)).toMatch(/^the transformed circuit will.*SWAP gates$/);
  });

  it('fails fabricated quotes', () => {
    for (const quote of ['Quantum error correction is solved by graph neural networks.', 'The routing procedure reduces the number of qubits needed by half.']) {
      expect(verifyQuote(quote, PARAGRAPH).verified, quote).toBe(false);
    }
  });

  it('fails a changed number, negation, name or polarity despite a high fuzzy score', () => {
    const cases: [string, string][] = [
      ['We evaluate 21 circuits on IBM Tokyo.', 'number'],
      ['the transformed circuit will not, in general, have higher depth', 'negation'],
      ['We evaluate 12 circuits on IBM Osaka.', 'name'],
      ['This overhead in the circuit depth becomes less prominent due to the high decoherence rates', 'polarity'],
      ['the transformed circuit will, in general, have lower depth due to the insertion of extra SWAP gates', 'polarity'],
    ];
    for (const [quote, guard] of cases) {
      const v = verifyQuote(quote, PARAGRAPH);
      expect(v.score, quote).toBeGreaterThanOrEqual(85);
      expect(v.verified, quote).toBe(false);
      if (v.score >= 90) expect(v.guard, quote).toBe(guard);
    }
  });

  it('scores an empty quote 0', () => {
    expect(verifyQuote('', PARAGRAPH)).toMatchObject({ verified: false, score: 0 });
  });
});


function mutate(sentence: string, random: () => number): string {
  const words = sentence.split(' ');
  const kind = Math.floor(random() * 5);
  const i = Math.floor(random() * words.length);
  if (kind === 0) words.splice(i, 1); // dropped word
  else if (kind === 1) words[i] = (words[i] ?? '').toUpperCase(); // casing
  else if (kind === 2) words.splice(i, 0, 'indeed'); // inserted word
  else if (kind === 3) words[i] = (words[i] ?? '').replace(/[aeiou]/, 'x'); // typo
  else return words.slice(0, Math.max(3, Math.floor(words.length * random()))).join(' '); // prefix
  return words.join(' ');
}

describe('quote locator against a naive fuzzball partial_ratio scan', () => {
  it('gives the same verdict at the threshold on real sentences, mutated and swapped', () => {
    const random = mulberry32(20261121);
    const paragraphs = HTML_FIXTURES.flatMap((f) => fixturePaper(f).paragraphs.filter((p) => p.kind === 'text' && p.text.length > 200));
    let compared = 0;
    let agreed = 0;
    let maxDiff = 0;
    for (let trial = 0; trial < 150; trial++) {
      const paragraph = paragraphs[Math.floor(random() * paragraphs.length)]!;
      const sentences = splitSentences(paragraph.text).filter((s) => s.text.length > 40);
      if (!sentences.length) continue;
      let quote = mutate(sentences[Math.floor(random() * sentences.length)]!.text, random);
      // A third of the time, test the quote against a different paragraph (should not verify).
      const target = random() < 0.33 ? paragraphs[Math.floor(random() * paragraphs.length)]! : paragraph;
      if (random() < 0.1) quote = quote.split(' ').reverse().join(' ');
      const q = normalizeForMatching(quote).text;
      const p = normalizeForMatching(target.text).text;
      if (!q || q.length >= p.length) continue;
      const naive = partial_ratio(q, p, { full_process: false, autojunk: false } as never);
      const fast = locateQuote(quote, target.text).score;
      compared++;
      // Far below the threshold the two may pick different poor windows; near it they must agree.
      if (Math.max(naive, fast) >= 80) maxDiff = Math.max(maxDiff, Math.abs(naive - fast));
      if (naive >= 90 === fast >= 90) agreed++;
    }
    expect(compared).toBeGreaterThan(100);
    // Same verdict in all but at most 2% of cases, and within 2 points wherever a verdict is close.
    expect(agreed / compared).toBeGreaterThanOrEqual(0.98);
    expect(maxDiff).toBeLessThanOrEqual(2);
  });
});
