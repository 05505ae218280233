/** Rules that decide whether a line is a section heading, and its number and level. */
import { defineRule } from '../rule';

export const NAMED_SECTIONS = /^(abstract|introduction|related work|related works|background|preliminaries|problem (statement|formulation|setting)|methods?|methodology|approach|model|our approach|proposed method|experiments?|experimental (setup|results|evaluation)|evaluation|results|results and discussion|discussion|analysis|conclusions?|conclusions? and future work|conclusions? and outlook|summary|outlook|future work|limitations|ethics statement|broader impacts?|acknowledg\w*|references|bibliography|appendix( [a-z])?|appendices|supplementary materials?|data availability|code availability|author contributions|competing interests|funding|findings|case background|motivation( and literature)?)$/i;
// "3", "3.2", "III", "A", and appendix numbers "A.1", "B.2.3".
export const NUMBERED = /^((?:[IVX]{1,5}|\d{1,2}(?:\.\d{1,2}){0,3}|[A-H](?:\.\d{1,2}){0,3})(?:\.(?=\s)|\.?\s))\s*(\S.*)$/;
export const CAPTION = /^(fig(?:ure)?\.?|table|algorithm|listing)\s*[A-Z]?\d+(\.\d+)?\s*[.:|]/i;

export const namedSection = defineRule({
  name: 'heading-named',
  why: 'Unnumbered headings are recognised by the usual section names, when set apart from body text.',
  constants: { pattern: NAMED_SECTIONS },
  test: (title: string) => NAMED_SECTIONS.test(title),
});

export const numberedHeading = defineRule({
  name: 'heading-numbered',
  why: 'A numbered line in a distinct font or size that reads as a title (capitalised, short, no sentence inside) is a heading.',
  constants: { pattern: NUMBERED, maxWords: 16 },
  test: (text: string, title: string, distinct: boolean) => distinct && /^\p{Lu}/u.test(title) && title.split(/\s+/).length <= 16 && !/\.\s+\p{Lu}/u.test(title) && !CAPTION.test(text),
});

export const notATitle = defineRule({
  name: 'not-a-title',
  why: 'Figure labels, algorithm steps and formulas are not titles: a title has real words, no code or maths; brackets only around words.',
  constants: { minLetterShare: 0.6 },
  test: (title: string) => {
    const letters = (title.match(/\p{L}/gu) ?? []).length;
    if (!/\p{L}{3,}/u.test(title) || letters / title.length < 0.6) return true;
    if (/[←→=<>{}“”"|^_\\]/.test(title)) return true;
    // "(LLMs)", "[Preliminary]": brackets around words are fine; "f(x)" or "[3]" are not.
    const brackets = title.match(/[([][^)\]]*[)\]]/g) ?? [];
    if (brackets.some((b) => !/^[([]\s*\p{L}[\p{L}\s,&'’-]*[)\]]$/u.test(b) || /\p{L}[([]/u.test(title.slice(0, title.indexOf(b) + 1)))) return true;
    if ((title.match(/[()[\]]/g) ?? []).length % 2 === 1) return true;
    // "Misconception: Explanations are …" is a title; "COMMIT: finishes the action set" is a step.
    return /:\s+\p{Ll}/u.test(title);
  },
});

export const headingWrap = defineRule({
  name: 'heading-wrap',
  why: 'A long title wraps: the next line in the heading\'s own font and size (and case, for capitals), right below it and not itself numbered, continues it.',
  constants: { maxGapSizes: 1.8, maxLength: 90 },
  test: (sameFace: boolean, gap: number, size: number, text: string, headingIsCaps = false) =>
    sameFace && gap > 0 && gap < size * 1.8 && text.length < 90 && !NUMBERED.test(text) && (!headingIsCaps || text === text.toUpperCase()),
});
