/**
 * A LaTeXML 0.8.7 html5 file rewritten the way ar5iv (ar5iv.labs.arxiv.org) serves
 * older arXiv papers: XHTML with an XML prolog and namespace, self-closed void
 * elements, block structure in `div`s (`div.ltx_section`, `div.ltx_document`,
 * `div.ltx_figure` with `div.ltx_caption`), bibliography labels in `span.ltx_bibtag`,
 * `cite.ltx_cite` without the citemacro class, all inside `ltx_page_main` with
 * ar5iv's site chrome (stylesheet, footer navigation, conversion report link).
 * Built from the markup differences seen in public ar5iv and arxiv-vanity-era
 * LaTeXML output; used by the stand-in, the unit tests and `npm run eval:html`.
 */
const VOID_ELEMENTS = /<(br|img|meta|link|hr|input|col)(\s[^<>]*?)?\s*\/?>/gi;

export function toAr5ivForm(latexmlHtml: string, arxivId: string): string {
  let html = latexmlHtml
    .replace(/^\s*<!DOCTYPE html>\s*<html[^>]*>/i, '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN" "http://www.w3.org/Math/DTD/mathml2/xhtml-math11-f.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml">')
    .replace(/<(section|article|figure|figcaption)(?=[\s>])/g, '<div')
    .replace(/<\/(section|article|figure|figcaption)>/g, '</div>')
    .replace(/class="ltx_tag((?: [\w-]+)*?) ltx_tag_bibitem"/g, 'class="ltx_bibtag$1"')
    .replace(/<cite class="ltx_cite ltx_citemacro_\w+">/g, '<cite class="ltx_cite">')
    .replace(VOID_ELEMENTS, (_m, name: string, attributes: string | undefined) => `<${name}${attributes ?? ''}/>`);
  html = html.replace(/<\/head>/i, `<link rel="stylesheet" href="/assets/ar5iv.0.7.9.min.css" type="text/css"/>\n<link rel="stylesheet" href="/assets/ar5iv-site.0.2.2.css" type="text/css"/>\n</head>`);
  const footer = `<div class="ar5iv-footer"><a href="/html/${arxivId}" class="ar5iv-nav-button ar5iv-nav-button-prev">◄</a>`
    + `<a class="ar5iv-home-button" href="/"><img height="40" alt="ar5iv homepage" src="/assets/ar5iv.png"/></a>`
    + `<a href="/feeling_lucky" class="ar5iv-text-button">Feeling<br/>lucky?</a>`
    + `<a href="/log/${arxivId}" class="ar5iv-text-button ar5iv-severity-warning">Conversion<br/>report</a>`
    + `<a class="ar5iv-text-button" target="_blank" href="https://github.com/dginev/ar5iv/issues/new?template=improve-article--arxiv-id-.md&amp;title=Improve+article+${arxivId}">Report<br/>an issue</a>`
    + `<a href="https://arxiv.org/abs/${arxivId}" class="ar5iv-text-button arxiv-ui-theme">View&#160;original<br/>on&#160;arXiv</a>`
    + `<a href="/html/${arxivId}" class="ar5iv-nav-button ar5iv-nav-button-next">►</a></div>`;
  return html.replace(/<\/body>/i, `${footer}\n</body>`);
}
