import { partial_ratio } from 'fuzzball';
import { describe, expect, it } from 'vitest';
import { QuoteIndex } from '../../shared/verify/quote-index';
import { normalizeForMatching } from '../../shared/verify/quote-locator';
import { VERIFIED_SCORE } from '../../shared/verify/verify-quote';
import { splitSentences } from '../../shared/text/sentences';
import { HTML_FIXTURES, fixturePaper } from '../support/fixtures';

describe('QuoteIndex (library-wide quote lookup)', () => {
  // 80 paragraphs keep the naive side of the comparison to a few seconds.
  const paragraphs = HTML_FIXTURES.flatMap((f) => fixturePaper(f).paragraphs.filter((p) => p.text.length > 80).map((p) => p.text)).filter((_, i) => i % 2 === 0).slice(0, 80);
  const index = new QuoteIndex();
  paragraphs.forEach((text, i) => index.add(`p${i}`, text));

  it('gives the naive partial_ratio scan\'s verdict for real, damaged and spliced quotes', () => {
    const quotes: string[] = [];
    for (let i = 0; quotes.length < 18; i++) {
      const sentence = splitSentences(paragraphs[(i * 7) % paragraphs.length]!).find((s) => s.text.length > 50)?.text;
      if (!sentence) continue;
      const other = paragraphs[(i * 11 + 3) % paragraphs.length]!.split(' ').slice(4, 16).join(' ');
      quotes.push([sentence, sentence.split(' ').filter((_, j) => j !== 2).join(' '), `${sentence.split(' ').slice(0, 5).join(' ')} ${other}`][i % 3]!);
    }
    let verified = 0;
    for (const quote of quotes) {
      const q = normalizeForMatching(quote).text;
      const naive = Math.max(...paragraphs.map((p) => partial_ratio(q, normalizeForMatching(p).text, { full_process: false, autojunk: false } as never))) >= VERIFIED_SCORE;
      expect(index.isVerified(quote), quote).toBe(naive);
      if (naive) verified++;
    }
    // Both kinds occur, so agreement is not trivial.
    expect(verified).toBeGreaterThan(8);
    expect(verified).toBeLessThan(quotes.length);
  }, 30_000);

  it('finds where a quote comes from, with offsets into that paragraph', () => {
    const source = paragraphs[5]!;
    const quote = source.split(' ').slice(5, 22).join(' ');
    const hit = index.locate(quote)!;
    expect(hit.key).toBe('p5');
    expect(hit.score).toBe(100);
    expect(normalizeForMatching(source.slice(hit.start, hit.end)).text).toBe(normalizeForMatching(quote).text);
  });
});
