import { describe, expect, it } from 'vitest';
import { toHtml } from '../../shared/export/to-html';
import { toPlainText } from '../../shared/export/to-plain-text';
import { toLatex } from '../../shared/export/to-latex';
import { escapeMarkdown, toMarkdown } from '../../shared/export/to-markdown';
import { escapeLatex } from '../../shared/export/latex-escape';
import { locatorText } from '../../shared/export/locator-text';
import type { ExportDocument } from '../../shared/export/export-document';

const HOSTILE = String.raw`Loss is 5% lower}\input{/etc/passwd} & costs $3_x^2 #1 ~ \\ <b>bold</b> [@fake] *em*`;

/** A document as the builder makes it, written out by hand so each renderer is tested alone. */
function sampleDocument(): ExportDocument {
  return {
    style: 'ieee',
    heading: 'How is the tree search guided?',
    blocks: [
      {
        kind: 'sentence',
        text: 'The graph neural network evaluates states.',
        citations: [{ work: { id: 'p1', key: 'sinha2021qubit', locator: { section: '3.2', paragraph: 2 }, url: 'https://arxiv.org/abs/2104.01180' }, text: '[1]', html: '[1]', superscript: false }],
      },
      {
        kind: 'quote',
        text: HOSTILE,
        citations: [
          { work: { id: 'p1', key: 'sinha2021qubit', locator: { section: 'A.1]', paragraph: 1, page: 4 }, url: 'https://arxiv.org/abs/2104.01180' }, text: '[1]', html: '[1]', superscript: false },
          { work: { id: 'p2', key: 'silver2016mastering' }, text: '[2]', html: '[2]', superscript: false },
        ],
      },
    ],
    bibliography: [
      { id: 'p1', key: 'sinha2021qubit', text: '[1] A. Sinha, “Qubit routing,” 2021.', html: '[1] A. Sinha, “Qubit routing,” 2021.', url: 'https://arxiv.org/abs/2104.01180' },
      { id: 'p2', key: 'silver2016mastering', text: '[2] D. Silver, “Mastering Go,” 2016.', html: '[2] D. Silver, “Mastering Go,” <i>Nature</i>, 2016.' },
    ],
    secondary: [{ id: 's1', key: 'kocsis2006bandit', text: 'L. Kocsis, “Bandit based Monte-Carlo planning,” 2006.', html: 'L. Kocsis, “Bandit based Monte-Carlo planning,” 2006.' }],
    records: [
      { id: 'p1', type: 'article' },
      { id: 'p2', type: 'article-journal' },
      { id: 's1', type: 'paper-conference' },
    ],
    keys: new Map([
      ['p1', 'sinha2021qubit'],
      ['p2', 'silver2016mastering'],
      ['s1', 'kocsis2006bandit'],
    ]),
  };
}

describe('locatorText', () => {
  it('writes section, paragraph and page as a reader reads them', () => {
    expect(locatorText({ section: '2.1', paragraph: 3, page: 4 })).toBe('§2.1 ¶3, p. 4');
    expect(locatorText({ paragraph: 3 })).toBe('¶3');
    expect(locatorText(undefined)).toBe('');
  });
});

describe('a style that raises its citations (Nature)', () => {
  const raised = (): ExportDocument => {
    const document = sampleDocument();
    document.style = 'nature';
    document.blocks = document.blocks.map((block, b) => ({
      ...block,
      citations: block.citations.map((c, i) => ({ ...c, text: b === 0 ? '1' : `1${i ? '–3' : ''}`, html: `<sup>${b === 0 ? '1' : `1${i ? '–3' : ''}`}</sup>`, superscript: true })),
    }));
    return document;
  };

  it('writes plain text in superscript characters, against the word it follows, its locator on the line', () => {
    const text = toPlainText(raised());
    expect(text).toContain('The graph neural network evaluates states.¹ (§3.2 ¶2)');
    expect(text).toContain('¹⁻³');
    expect(text).not.toMatch(/states\. 1\b/);
  });

  it('keeps the raised HTML in rich text', () => {
    expect(toHtml(raised())).toContain('<sup>1</sup>');
  });
});

describe('toHtml', () => {
  const html = toHtml(sampleDocument());
  it('links each citation to its work and shows its locator', () => {
    expect(html).toContain('<a class="citation" href="https://arxiv.org/abs/2104.01180" title="§3.2 ¶2">[1] <span class="locator">(§3.2 ¶2)</span></a>');
    expect(html).toContain('<span class="citation">[2]</span>'); // no URL: no link
  });
  it('escapes passage text, so a quote cannot add markup', () => {
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
  it('lists the bibliography, then the works the passages cite, each once', () => {
    const references = html.indexOf('<h3>References</h3>');
    const secondary = html.indexOf('<h3>Works cited in the quoted passages</h3>');
    expect(references).toBeGreaterThan(html.lastIndexOf('<p>'));
    expect(secondary).toBeGreaterThan(references);
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(html).toContain('<i>Nature</i>');
  });
});

describe('toPlainText', () => {
  it('carries the same citations and entries as the rich text', () => {
    const text = toPlainText(sampleDocument());
    expect(text).toContain('The graph neural network evaluates states. [1] (§3.2 ¶2)');
    expect(text).toContain(`“${HOSTILE}” [1] (§A.1] ¶1, p. 4) [2]`);
    expect(text).toMatch(/References\n\[1\] A\. Sinha.*\n\[2\] D\. Silver.*\n\nWorks cited in the quoted passages\nL\. Kocsis/);
  });
});

describe('toLatex', () => {
  const latex = toLatex(sampleDocument());
  it('cites with stable keys and locators as the postnote', () => {
    expect(latex).toContain('The graph neural network evaluates states.~\\cite[\\S{}3.2 \\P{}2]{sinha2021qubit}');
    expect(latex).toContain('\\cite[\\S{}A.1{]} \\P{}1, p.~4]{sinha2021qubit}\\cite{silver2016mastering}');
  });
  it('lists the works the passages cite with \\nocite', () => {
    expect(latex).toContain('\\nocite{kocsis2006bandit}');
  });
  it('escapes every special character, so a quote cannot run commands or end a group', () => {
    const escaped = escapeLatex(HOSTILE);
    expect(escaped).toBe(
      'Loss is 5\\% lower\\}\\textbackslash{}input\\{/etc/passwd\\} \\& costs \\$3\\_x\\textasciicircum{}2 \\#1 \\textasciitilde{} \\textbackslash{}\\textbackslash{} \\textless{}b\\textgreater{}bold\\textless{}/b\\textgreater{} [@fake] *em*',
    );
    expect(latex).toContain(escaped);
    // No backslash survives except as the start of a command we wrote.
    expect(escaped.replace(/\\(textbackslash|textasciicircum|textasciitilde|textless|textgreater)\{\}|\\[%}{&$_#]/g, '')).not.toContain('\\');
  });
  it('turns line breaks and control characters into spaces (a % comment cannot swallow the next line)', () => {
    expect(escapeLatex('a\n\\input{x}\r\u0007b')).toBe('a \\textbackslash{}input\\{x\\}  b');
  });
  it('writes symbols pdflatex cannot read in UTF-8 as commands', () => {
    expect(escapeLatex('α ≤ 0.5 × β')).toBe('$\\alpha$ $\\leq$ 0.5 $\\times$ $\\beta$');
  });
});

describe('toMarkdown', () => {
  const markdown = toMarkdown(sampleDocument(), 'refs.bib');
  it('writes Pandoc citations with locators', () => {
    expect(markdown).toContain('The graph neural network evaluates states. [@sinha2021qubit, §3.2 ¶2]');
    expect(markdown).toContain('[@sinha2021qubit, §A.1] ¶1, p. 4] [@silver2016mastering]');
  });
  it('names the bibliography file and lists the secondary works in nocite', () => {
    expect(markdown.startsWith('---\nbibliography: "refs.bib"\nnocite: |\n  @kocsis2006bandit\n---\n')).toBe(true);
  });
  it('escapes passage text, so it cannot become a citation, emphasis or HTML', () => {
    expect(markdown).toContain('\\[\\@fake\\] \\*em\\*');
    expect(markdown).toContain('\\<b\\>bold\\</b\\>');
    expect(escapeMarkdown('1. not a list\n# not a heading')).toBe('1\\. not a list \\# not a heading');
  });
});
