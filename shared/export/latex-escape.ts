/**
 * Text into LaTeX that prints exactly that text and can do nothing else: every special
 * character is escaped (so `\input{…}`, `}`, `%` and `^^` sequences print as written), control
 * characters and line breaks are spaces, and common symbols pdflatex cannot read as UTF-8
 * become their LaTeX commands.
 */
import { isControlOrBreak } from './flatten-controls';

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '%': '\\%',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/** Symbols that occur in paper text and that pdflatex's UTF-8 input does not define. */
const SYMBOLS: Record<string, string> = {
  α: '$\\alpha$', β: '$\\beta$', γ: '$\\gamma$', δ: '$\\delta$', ε: '$\\epsilon$', θ: '$\\theta$', λ: '$\\lambda$',
  μ: '$\\mu$', π: '$\\pi$', σ: '$\\sigma$', τ: '$\\tau$', φ: '$\\phi$', ω: '$\\omega$', Δ: '$\\Delta$', Σ: '$\\Sigma$', Ω: '$\\Omega$',
  '≤': '$\\leq$', '≥': '$\\geq$', '≠': '$\\neq$', '≈': '$\\approx$', '±': '$\\pm$', '×': '$\\times$', '→': '$\\rightarrow$',
  '∞': '$\\infty$', '∈': '$\\in$', '−': '$-$', '·': '$\\cdot$',
};

export function escapeLatex(text: string): string {
  let out = '';
  for (const char of text) {
    if (isControlOrBreak(char)) out += ' ';
    else out += SPECIAL[char] ?? SYMBOLS[char] ?? char;
  }
  return out;
}

/** For `\cite[…]`'s optional argument, where a bare `]` would end the argument. */
export function escapeLatexOptional(text: string): string {
  return escapeLatex(text).replace(/\[/g, '{[}').replace(/\]/g, '{]}');
}
