import { describe, expect, it } from 'vitest';
import { latexToText } from '../../shared/text/latex-to-text';
import { normalizeWithOffsets } from '../../shared/text/normalize';
import { splitSentences } from '../../shared/text/sentences';

describe('latexToText', () => {
  it.each([
    ['s_{t}=(\\mathcal{D},\\ \\mathcal{M}_{t})', 's_t = (D, M_t)'],
    ['\\frac{1}{|\\mathcal{S}|}\\sum_{s\\in S}x', '1/(|S|)Σ_(s ∈ S)x'],
    ['\\alpha\\leq\\beta^{2}', 'α ≤ β^2'],
    ['\\textrm{R}(\\mathcal{C},\\ \\mathcal{D})\\rightarrow\\mathcal{C}^{\\prime}', 'R(C, D) → C^′'],
    ['\\sqrt{N(s,a)}', '√(N(s, a))'],
    ['x%\n+y', 'x + y'],
  ])('%s -> %s', (latex, text) => {
    expect(latexToText(latex)).toBe(text);
  });

  it('never leaves a backslash command or dollar sign', () => {
    for (const latex of ['\\begin{split}a&=b\\\\c&=d\\end{split}', '\\unknowncommand{x}', '\\$5', '\\left(\\frac{a}{b}\\right)']) {
      expect(latexToText(latex)).not.toMatch(/\\[a-zA-Z]|\$(?!5)/);
    }
  });
});

describe('normalizeWithOffsets', () => {
  it('folds ligatures, quotes and dashes and maps back to original offsets', () => {
    const original = 'The “efﬁcient” solver — fast.';
    const n = normalizeWithOffsets(original);
    expect(n.text).toBe('the "efficient" solver - fast.');
    const at = n.text.indexOf('solver');
    expect(original.slice(n.offsets[at], n.offsets[at + 'solver'.length - 1]! + 1)).toBe('solver');
  });

  it('drops punctuation when asked', () => {
    expect(normalizeWithOffsets('graph-based, (GNN) model.', { dropPunctuation: true }).text).toBe('graph based gnn model');
  });
});

describe('splitSentences', () => {
  it('keeps abbreviations, initials and decimals inside sentences', () => {
    const text = 'As shown by Smith et al. in Fig. 3, accuracy rose to 0.95. J. Smith disagrees, e.g. on noise. A third sentence!';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'As shown by Smith et al. in Fig. 3, accuracy rose to 0.95.',
      'J. Smith disagrees, e.g. on noise.',
      'A third sentence!',
    ]);
  });

  it('returns offsets into the text', () => {
    const text = '  First one. Second one.';
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});
