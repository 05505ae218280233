/** LaTeXML-like pages built to break extractors: deep nesting, huge bibliographies, bad links, tag soup. */
import type { SeededRandom } from './random';

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body><article class="ltx_document"><h1 class="ltx_title ltx_title_document">Hostile</h1>${body}</article></body></html>`;
const para = (inner: string) => `<div class="ltx_para"><p class="ltx_p">${inner}</p></div>`;

/** `depth` levels of one element around a paragraph: block nesting, inline nesting, or nested citations and notes. */
export function deeplyNestedHtml(depth: number, kind: 'block' | 'inline' | 'cite' | 'note' | 'section'): string {
  switch (kind) {
    case 'block':
      return page(`${para('Start.')}${'<div>'.repeat(depth)}${para('Deep text.')}${'</div>'.repeat(depth)}`);
    case 'inline':
      return page(para(`Deep ${'<span>'.repeat(depth)}inline${'</span>'.repeat(depth)} text.`));
    case 'cite':
      return page(para(`Cited ${'<cite class="ltx_cite">'.repeat(depth)}<a href="#bib.bib1">1</a>${'</cite>'.repeat(depth)}.`) + bibliography(1, () => 'A. Author. Title. 2020.'));
    case 'note':
      return page(para(`Noted ${'<span class="ltx_note ltx_role_footnote"><span class="ltx_note_content">note '.repeat(depth)}end${'</span></span>'.repeat(depth)}.`));
    case 'section':
      return page(`${'<section class="ltx_section"><h2 class="ltx_title">S</h2>'.repeat(depth)}${para('Deep section text.')}${'</section>'.repeat(depth)}`);
  }
}

function bibliography(entries: number, text: (i: number) => string): string {
  const items: string[] = [];
  for (let i = 1; i <= entries; i++) items.push(`<li class="ltx_bibitem" id="bib.bib${i}"><span class="ltx_tag ltx_tag_bibitem">[${i}]</span><span class="ltx_bibblock">${text(i)}</span></li>`);
  return `<section class="ltx_bibliography"><h2 class="ltx_title">References</h2><ul class="ltx_biblist">${items.join('')}</ul></section>`;
}

/** A paper with `entries` bibliography entries, each cited once. */
export function hugeBibliographyHtml(entries: number): string {
  const cites: string[] = [];
  for (let i = 1; i <= entries; i += Math.max(1, Math.floor(entries / 200))) cites.push(`<cite class="ltx_cite">[<a href="#bib.bib${i}">${i}</a>]</cite>`);
  return page(para(`Many works ${cites.join(', ')}.`) + bibliography(entries, (i) => `A. Author${i} and B. Writer. A study number ${i}. <em>Journal of Tests</em> ${i % 50}, 2020. <a href="https://doi.org/10.1000/test.${i}">doi</a>`));
}

/** Bibliography links a paper may carry: malformed %-escapes, DOIs with braces (field injection), odd schemes. */
export function hostileLinksHtml(): string {
  const links = [
    'https://doi.org/10.1000/a%zz', '%E0%A4%A', 'https://example.org/%', 'https://doi.org/10.9999/x},title={Owned',
    'javascript:alert(1)', 'https://user:pass@example.org/', 'https://doi.org/10.1000/%7Bbrace%7D', 'data:text/html,<b>x</b>',
  ];
  return page(para('Linked <cite class="ltx_cite"><a href="#bib.bib1">1</a></cite>.') + bibliography(links.length, (i) => `C. Writer. Linked ${i}. 2021. <a class="ltx_ref" href="${links[i - 1]}">link</a> doi:10.9999/x${i}},note={Owned`));
}

/** Random tag soup: unclosed, misnested and stray tags mixed with LaTeXML classes. */
export function tagSoupHtml(random: SeededRandom, pieces: number): string {
  const parts = ['<div class="ltx_para">', '<p class="ltx_p">', '</p>', '</div>', '<cite class="ltx_cite">', '</cite>', '<a href="#bib.bib', '">', '<math alttext="\\frac{a}{', '</math>',
    '<section class="ltx_section">', '<h2 class="ltx_title">', '</section>', '<li class="ltx_bibitem" id="bib.bib', '<span class="ltx_note ltx_role_footnote">', '&#99999999;', '&amp', '<!--', '-->', '<![CDATA[', 'text ', '\u0000', '\ud800', '<table class="ltx_equationgroup">', '<figure class="ltx_figure"><figcaption>'];
  let html = '<html><body><article class="ltx_document">';
  for (let i = 0; i < pieces; i++) html += random.pick(parts) + (random.below(4) === 0 ? String(random.below(100)) : '');
  return html;
}

/** Bytes of a real page with bits flipped or a tail cut off. */
export function corruptText(random: SeededRandom, text: string, mode: 'flip' | 'truncate'): string {
  if (mode === 'truncate') return text.slice(0, random.below(text.length));
  const chars = text.split('');
  const flips = 1 + random.below(200);
  for (let i = 0; i < flips; i++) {
    const at = random.below(chars.length);
    chars[at] = String.fromCharCode(chars[at]!.charCodeAt(0) ^ (1 << random.below(7)));
  }
  return chars.join('');
}
