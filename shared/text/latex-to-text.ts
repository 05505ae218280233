/**
 * Turns LaTeX math (LaTeXML's `alttext`) into readable plain text, so paragraph text
 * carries "s_t = (D, M_t)" rather than "s_{t}=(\mathcal{D},\ \mathcal{M}_{t})".
 */

const SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ',
  tau: 'τ', upsilon: 'υ', phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  times: '×', cdot: '·', cdots: '⋯', ldots: '…', dots: '…', pm: '±', mp: '∓', leq: '≤', le: '≤', geq: '≥',
  ge: '≥', neq: '≠', ne: '≠', approx: '≈', sim: '~', simeq: '≃', equiv: '≡', propto: '∝', infty: '∞',
  in: '∈', notin: '∉', subset: '⊂', subseteq: '⊆', supset: '⊃', cup: '∪', cap: '∩', emptyset: '∅',
  forall: '∀', exists: '∃', partial: '∂', nabla: '∇', sum: 'Σ', prod: 'Π', int: '∫', sqrt: '√',
  rightarrow: '→', to: '→', leftarrow: '←', Rightarrow: '⇒', Leftarrow: '⇐', leftrightarrow: '↔',
  mapsto: '↦', langle: '⟨', rangle: '⟩', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉',
  log: 'log', ln: 'ln', exp: 'exp', max: 'max', min: 'min', arg: 'arg', argmax: 'argmax', argmin: 'argmin',
  sin: 'sin', cos: 'cos', tan: 'tan', lim: 'lim', sup: 'sup', inf: 'inf', det: 'det', Pr: 'Pr', mid: '|',
  top: '⊤', prime: '′', circ: '∘', star: '⋆', ast: '∗', neg: '¬', land: '∧', lor: '∨', wedge: '∧', vee: '∨',
  '%': '%', '{': '{', '}': '}', '_': '_', '&': '&', '#': '#', $: '$', '|': '‖',
};

/** Commands whose argument is kept as-is (fonts, text, operator names). */
const KEEP_ARGUMENT = new Set([
  'text', 'textrm', 'textit', 'textbf', 'texttt', 'textsf', 'mathrm', 'mathit', 'mathbf', 'mathsf', 'mathtt',
  'mathcal', 'mathbb', 'mathfrak', 'mathscr', 'boldsymbol', 'bm', 'operatorname', 'mbox', 'hbox', 'emph',
  'hat', 'widehat', 'tilde', 'widetilde', 'bar', 'overline', 'underline', 'vec', 'dot', 'ddot', 'mathnormal',
]);

/** Commands dropped with no output (spacing, sizing, delimiter hints). */
const DROP = new Set([
  'left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'bigl', 'bigr', 'Bigl', 'Bigr', 'displaystyle', 'textstyle',
  'scriptstyle', 'quad', 'qquad', 'limits', 'nolimits', 'nonumber', 'notag', 'label', 'tag', 'hfill', 'vspace',
  'hspace', 'phantom', 'rm', 'it', 'bf', 'cal', 'small', 'footnotesize', 'normalsize', 'scriptsize',
]);

/** Commands that take one argument that is dropped. */
const DROP_WITH_ARGUMENT = new Set(['label', 'tag', 'vspace', 'hspace', 'phantom', 'hphantom', 'vphantom', 'color', 'textcolor', 'begin', 'end']);

const ARROWS_WITH_LABEL: Record<string, string> = { xrightarrow: '→', xleftarrow: '←', overset: '', underset: '', stackrel: '' };

type Token = { kind: 'command'; name: string } | { kind: 'char'; value: string } | { kind: 'open' } | { kind: 'close' };

function tokenizeLatex(latex: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < latex.length; i++) {
    const ch = latex[i]!;
    if (ch === '\\') {
      const letters = /^[A-Za-z]+\*?/.exec(latex.slice(i + 1));
      if (letters) {
        tokens.push({ kind: 'command', name: letters[0].replace('*', '') });
        i += letters[0].length;
      } else if (i + 1 < latex.length) {
        tokens.push({ kind: 'command', name: latex[i + 1]! });
        i += 1;
      }
    } else if (ch === '%') {
      while (i < latex.length && latex[i] !== '\n') i++; // a LaTeX comment runs to the end of the line
    } else if (ch === '{') tokens.push({ kind: 'open' });
    else if (ch === '}') tokens.push({ kind: 'close' });
    else tokens.push({ kind: 'char', value: ch });
  }
  return tokens;
}

class LatexRenderer {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  renderAll(): string {
    let out = '';
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position]!;
      if (token.kind === 'close') {
        this.position++; // unbalanced close brace: skip it
        continue;
      }
      out += this.renderOne();
    }
    return out;
  }

  private renderUntilClose(): string {
    let out = '';
    while (this.position < this.tokens.length && this.tokens[this.position]!.kind !== 'close') out += this.renderOne();
    this.position++; // the closing brace
    return out;
  }

  /** One argument: a braced group or a single token. */
  private argument(): string {
    while (this.peekChar() === ' ') this.position++;
    const token = this.tokens[this.position];
    if (!token) return '';
    if (token.kind === 'open') {
      this.position++;
      return this.renderUntilClose();
    }
    return this.renderOne();
  }

  private optionalArgument(): string | null {
    if (this.peekChar() !== '[') return null;
    let depth = 0;
    let out = '';
    for (this.position++; this.position < this.tokens.length; this.position++) {
      const token = this.tokens[this.position]!;
      if (token.kind === 'char' && token.value === ']' && depth === 0) {
        this.position++;
        return out;
      }
      if (token.kind === 'open') depth++;
      if (token.kind === 'close') depth--;
      if (token.kind === 'char') out += token.value;
    }
    return out;
  }

  private peekChar(): string | null {
    const token = this.tokens[this.position];
    return token?.kind === 'char' ? token.value : null;
  }

  private renderOne(): string {
    const token = this.tokens[this.position++]!;
    switch (token.kind) {
      case 'open':
        return this.renderUntilClose();
      case 'close':
        return '';
      case 'char':
        if (token.value === '^' || token.value === '_') {
          const arg = this.argument().trim();
          return token.value + (arg.length > 1 ? `(${arg})` : arg);
        }
        if (token.value === '&' || token.value === '~') return ' ';
        return token.value;
      case 'command':
        return this.renderCommand(token.name);
    }
  }

  private renderCommand(name: string): string {
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') {
      const numerator = this.argument();
      const denominator = this.argument();
      return `${wrap(numerator)}/${wrap(denominator)}`;
    }
    if (name === 'sqrt') {
      const degree = this.optionalArgument();
      const body = wrap(this.argument());
      return degree ? `${degree}√${body}` : `√${body}`;
    }
    if (name in ARROWS_WITH_LABEL) {
      this.optionalArgument();
      const first = this.argument();
      if (name === 'xrightarrow' || name === 'xleftarrow') return ` ${ARROWS_WITH_LABEL[name]} `;
      return this.argument() + (first ? `^${wrap(first)}` : '');
    }
    if (DROP_WITH_ARGUMENT.has(name)) {
      if (name === 'textcolor') this.argument();
      this.argument();
      return name === 'begin' || name === 'end' ? ' ' : '';
    }
    if (KEEP_ARGUMENT.has(name)) return this.argument();
    if (DROP.has(name)) return '';
    if (name === '\\' || name === ',' || name === ';' || name === ':' || name === '!' || name === ' ' || name === '>') return ' ';
    const symbol = SYMBOLS[name];
    if (symbol !== undefined) return /^[A-Za-z]+$/.test(symbol) ? ` ${symbol} ` : symbol;
    return /^[A-Za-z]+$/.test(name) ? ` ${name} ` : name;
  }
}

export function latexToText(latex: string): string {
  const rendered = new LatexRenderer(tokenizeLatex(latex)).renderAll();
  return rendered
    .replace(/\s*([=<>≤≥≠≈→←∈∉⊂⊆∪∩+×·])\s*/g, ' $1 ')
    .replace(/\s*,\s*/g, ', ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s+/g, ' ')
    .trim();
}

function wrap(expr: string): string {
  const inner = expr.trim();
  return /^[\p{L}\p{N}.]+$/u.test(inner) ? inner : `(${inner})`;
}
