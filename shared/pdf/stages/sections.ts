/**
 * Stage: blocks to the paper's body. Headings open sections (a stack by level); text
 * blocks become paragraphs of the open section; the bibliography (found by its heading
 * or by its shape) is set aside as lines for the reference stage; the abstract is the
 * "Abstract" section, or else the longest text before the first heading.
 */
import type { Paragraph, Section } from '../../model/paper';
import { boxesOf, titleLineOf, type Block, type HeadingBlock, type TextBlock } from '../blocks';
import type { Mark } from '../join-lines';
import type { PlacedLine } from '../layout';
import { backMatterAfterReferences, bibliographyShape, entryAfterFloat, floatInBibliography, floatPageInBibliography, footnoteInBibliography, headingAfterShapedBibliography, isTypesettingNote, numberedEntryHeading, referencesHeading } from '../rules/reference-rules';
import { abstractParagraph, affiliationText, selfCitation, unheadedIntroduction } from '../rules/metadata-rules';
import type { DocumentStyle } from '../style';
import { abstractPart, unheadedAcknowledgments } from '../rules/heading-rules';

export interface Body {
  sections: Section[];
  paragraphs: Paragraph[];
  /** Marks per paragraph id, for the citation stage. */
  marks: Map<string, Mark[]>;
  abstract: string;
  referenceLines: PlacedLine[];
  /** Which rule found the bibliography: its heading, its shape, or none. */
  bibliographyRule: string | null;
}

const APPENDIX = /^(appendix|appendices|supplementary|supplemental)/i;
const PAGE1_BOILERPLATE = /@|universit|institut|©|copyright|permission to make|acm reference format|author.s address|doi\.org/i;

/** The preamble's run of structured-abstract parts (abstract-part) and the blocks in a part's size that run on after one. */
function structuredAbstractParts(preamble: readonly TextBlock[]): TextBlock[] {
  const first = preamble.findIndex((b) => b.trace.includes(abstractPart.name));
  if (first < 0) return [];
  const parts = [preamble[first]!];
  for (const block of preamble.slice(first + 1)) {
    const last = parts[parts.length - 1]!.lines.at(-1)!;
    const runsOn = (block.kind === 'text' || block.kind === 'list') && block.lines.every((l) => l.page === last.page && Math.abs(l.size - last.size) < 0.3);
    if (!block.trace.includes(abstractPart.name) && !runsOn) break;
    parts.push(block);
  }
  return parts;
}

/** The blocks after a labelled abstract's first that go on with it (abstract-paragraph), up to the first that does not. */
function labelledAbstractRunOn(after: readonly TextBlock[], opening: TextBlock): TextBlock[] {
  const runOn: TextBlock[] = [];
  for (const next of after) {
    if (!abstractParagraph.test(next, opening)) break;
    next.trace.push(abstractParagraph.name);
    runOn.push(next);
  }
  return runOn;
}

/** Where a bibliography without a heading starts: the first block of a run of labelled entries up to the next heading. */
function bibliographyStartByShape(blocks: Block[]): number {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type !== 'paragraph') continue;
    let end = i;
    while (end < blocks.length && blocks[end]!.type === 'paragraph') end++;
    const run = (blocks.slice(i, end) as TextBlock[]).map((b) => ({ firstLine: b.lines[0]!, text: b.text }));
    if (bibliographyShape.test(run)) return i;
  }
  return -1;
}

function endsBibliography(block: HeadingBlock, headingFonts: Set<string>, lastSection: number, byShape: boolean): boolean {
  // Inside the reference list only an appendix, the next numbered section (a "References." note under a table
  // had started it: A&A), or a manuscript's back matter ("Figure legends", "Funding"), in a font already used for
  // headings, ends it; a list found by its shape ends at any unnumbered title in such a font.
  const number = block.number ?? '';
  const nextSection = /^[A-H](\.\d+)*$/.test(number) || Number(number) === lastSection + 1;
  const inHeadingFace = headingFonts.has(titleLineOf(block).font);
  if (headingAfterShapedBibliography.test(block, inHeadingFace, byShape)) {
    block.trace.push(headingAfterShapedBibliography.name);
    return true;
  }
  return APPENDIX.test(block.title) || (inHeadingFace && (nextSection || backMatterAfterReferences.test(block.title)));
}

export function assembleBody(blocks: Block[], style?: Pick<DocumentStyle, 'bodyFont' | 'bodySize'>): Body {
  const sections: Section[] = [];
  const paragraphs: Paragraph[] = [];
  const marks = new Map<string, Mark[]>();
  const referenceLines: PlacedLine[] = [];
  const stack: Section[] = [];
  let sectionId: string | null = null;
  let inReferences = false;
  /** The last top-level section number seen: the next one ends a bibliography that started too early. */
  let lastSection = 0;
  /** Where the current list of reference lines began. */
  let listStart = 0;
  let bibliographyRule: string | null = null;
  let abstract = '';
  let seenHeading = false;
  /** A self-citation's label stood alone: the next block on page 1 is the reference it labels. */
  let selfCitationPending = false;
  const headingFonts = new Set<string>();
  const preamble: TextBlock[] = [];
  const lastReferencesHeading = blocks.findLastIndex((b) => b.type === 'heading' && referencesHeading.test(b.title));
  const hasHeadedBibliography = lastReferencesHeading >= 0;
  const shapeStart = hasHeadedBibliography ? -1 : bibliographyStartByShape(blocks);
  /** A float's caption came among the references: what follows is its text until a block opens like an entry. */
  let afterCaption = false;
  /** Each page's last caption, by block index: a float page after the references has its caption at the foot. */
  const lastCaptionOnPage = new Map<number, number>();
  blocks.forEach((b, i) => {
    if (b.type === 'paragraph' && b.kind === 'caption') lastCaptionOnPage.set(b.lines[0]!.page, i);
  });
  /** The type size of the reference list's first block, against which a footnote under the list is told apart. */
  let entrySize: number | null = null;

  blocks.forEach((block, index) => {
    if (block.type === 'heading') {
      seenHeading = true;
      if (referencesHeading.test(block.title)) {
        inReferences = true;
        afterCaption = false;
        bibliographyRule = referencesHeading.name;
        listStart = referenceLines.length;
        entrySize = null;
        return;
      }
      if (inReferences && !endsBibliography(block, headingFonts, lastSection, bibliographyRule === bibliographyShape.name)) {
        // A numbered entry ("1. AllMusic. http://www.allmusic.com/.") reads like a numbered title: it is an entry, and was lost.
        // Not a float's text after its caption (a flowchart's numbered steps after the list: "2 Run simulations with values").
        const next = blocks[index + 1];
        const runIn = next?.type === 'paragraph' && next.lines.includes(block.lines[0]!);
        if (numberedEntryHeading.test(block, runIn) && !afterCaption) referenceLines.push(...block.lines);
        return;
      }
      // Cut short by the next section, with another bibliography to come: that list was a table's note, not the bibliography.
      if (inReferences && !APPENDIX.test(block.title) && index < lastReferencesHeading) referenceLines.length = listStart;
      headingFonts.add(titleLineOf(block).font);
      if (/^\d+$/.test(block.number ?? '')) lastSection = Number(block.number);
      inReferences = false;
      while (stack.length && stack[stack.length - 1]!.level >= block.level) stack.pop();
      const section: Section = {
        id: /^abstract$/i.test(block.title) ? 'abstract' : `s${sections.length + 1}`,
        title: block.title,
        level: block.level,
        parentId: stack[stack.length - 1]?.id ?? null,
        ...(block.number ? { number: block.number } : {}),
      };
      sections.push(section);
      stack.push(section);
      sectionId = section.id;
      return;
    }
    if (index === shapeStart) {
      inReferences = true;
      bibliographyRule = bibliographyShape.name;
      block.trace.push(bibliographyShape.name);
    }
    if (inReferences && footnoteInBibliography.test(block, entrySize)) {
      if (isTypesettingNote(block.text)) return;
      block.trace.push(footnoteInBibliography.name);
    } else if (inReferences) {
      entrySize ??= block.lines[0]!.size;
      // A float on a page of its own after the list, its caption under it: its text above the caption is nothing.
      const page = block.lines[0]!.page;
      const newPage = page > (referenceLines.at(-1)?.page ?? page);
      if (!afterCaption && floatPageInBibliography.test(block.text, newPage, (lastCaptionOnPage.get(page) ?? -1) > index)) {
        block.trace.push(floatPageInBibliography.name);
        afterCaption = true;
        return;
      }
      // A float set after the references: its caption is a paragraph of the paper, its cell text nothing.
      afterCaption = floatInBibliography.test(block, afterCaption);
      if (!afterCaption) {
        referenceLines.push(...block.lines);
        return;
      }
      // The float's text run into the entries after it, in one block ("Column name Description" / "Cropper M., et al., 2018, …"):
      // the entries resume at the first line that opens like one.
      const resume = block.kind === 'caption' ? -1 : block.lines.findIndex((line) => entryAfterFloat.test(line.text));
      if (resume > 0) {
        referenceLines.push(...block.lines.slice(resume));
        afterCaption = false;
        block.trace.push(entryAfterFloat.name);
        return;
      }
      block.trace.push(floatInBibliography.name);
      if (block.kind !== 'caption') return;
    }
    // The paper's citation of itself: its label, and the reference under it when the label stands alone.
    if (block.lines[0]!.page === 1) {
      if (selfCitation.test(block.text)) {
        selfCitationPending = /:\s*$/.test(block.text.trim());
        block.trace.push(selfCitation.name);
        return;
      }
      if (selfCitationPending) {
        selfCitationPending = false;
        block.trace.push(selfCitation.name);
        return;
      }
    }
    // Before the first heading, page 1 holds front matter; later pages hold text whose heading was missed.
    if (!seenHeading && block.lines[0]!.page === 1) {
      preamble.push(block);
      return;
    }
    if (block.kind === 'algorithm') return;
    // Front-matter footnotes (e-mail addresses, affiliations) are not paper text.
    if (block.kind === 'footnote' && block.lines[0]!.page === 1 && PAGE1_BOILERPLATE.test(block.text)) return;
    if (sectionId === 'abstract') abstract = abstract ? `${abstract}\n\n${block.text}` : block.text;
    const paragraph = toParagraph(block, sectionId, paragraphs.length + 1);
    marks.set(paragraph.id, block.marks);
    paragraphs.push(paragraph);
  });

  // No "Abstract" heading (REVTeX, many preprints): the longest block before the first section is the abstract.
  if (!sections.some((s) => s.id === 'abstract')) {
    // A block that says it is the abstract ("Abstract. We…", amsart's run-in form) is, whatever its length.
    const labelled = preamble.find((b) => b.kind === 'text' && /^abstract\s*[.:—-]\s*\S/i.test(b.text) && b.text.length >= 40);
    // A structured abstract with no heading (BMC): its labelled parts, kept in their paragraphs by abstract-part, are the
    // abstract, with what runs on from a part in its face (a list that ends "Conclusions: … the following steps:").
    const parts = structuredAbstractParts(preamble);
    const candidate = parts[0] ?? labelled ?? [...preamble].filter((b) => b.kind === 'text' && b.text.length >= 250 && !affiliationText.test(b.text)).sort((a, b) => b.text.length - a.text.length)[0];
    if (candidate) {
      const prefix = /^abstract[.:—\s-]*/i.exec(candidate.text)?.[0].length ?? 0;
      abstract = candidate.text.slice(prefix);
      sections.unshift({ id: 'abstract', title: 'Abstract', level: 1, parentId: null });
      const paragraph = toParagraph({ ...candidate, text: abstract }, 'abstract', 0);
      marks.set(paragraph.id, candidate.marks.map((m) => ({ ...m, at: Math.max(0, m.at - prefix) })));
      // A structured abstract's other parts, or a labelled abstract's further paragraphs.
      const after = parts.length ? parts.slice(1) : labelled ? labelledAbstractRunOn(preamble.slice(preamble.indexOf(labelled) + 1), candidate) : [];
      for (const next of after) abstract = `${abstract}\n\n${next.text}`;
      // The text that opens with no heading (PNAS): page 1's paragraphs after the abstract, in the text's face.
      const opening = style ? preamble.slice(preamble.indexOf(after.at(-1) ?? candidate) + 1).filter((b) => unheadedIntroduction.test(b, style.bodyFont, style.bodySize)) : [];
      for (const block of opening) block.trace.push(unheadedIntroduction.name);
      const more = [...after.map((b) => [b, 'abstract'] as const), ...opening.map((b) => [b, null] as const)].map(([block, sectionId], i) => {
        const further = toParagraph(block, sectionId, i + 1);
        marks.set(further.id, block.marks);
        return further;
      });
      paragraphs.unshift(paragraph, ...more);
    }
  }
  withUnheadedAcknowledgments(sections, paragraphs);
  // Renumber in reading order; the marks follow their paragraphs.
  const renumbered = new Map<string, Mark[]>();
  paragraphs.forEach((p, i) => {
    const own = marks.get(p.id) ?? [];
    p.id = `p${i + 1}`;
    renumbered.set(p.id, own);
  });
  return { sections, paragraphs, marks: renumbered, abstract, referenceLines, bibliographyRule };
}

/**
 * Gives the acknowledgments a section of their own when the style printed no heading (see the rule): from the first
 * paragraph of thanks in the main body's last section, not its first paragraph, to the end of that section.
 */
function withUnheadedAcknowledgments(sections: Section[], paragraphs: Paragraph[]): void {
  if (sections.some((s) => /acknowledg/i.test(s.title))) return;
  // Appendices come after it: by their word, or by their letter (AASTeX's "A ADI processing results" after \appendix).
  const lastAt = sections.findLastIndex((s) => s.level === 1 && s.id !== 'abstract' && !APPENDIX.test(s.title) && !/^[A-H]$/.test(s.number ?? ''));
  if (lastAt < 0) return;
  // Sections are in reading order: the last body section's own are those after it, up to the next top-level one.
  const nextTop = sections.findIndex((s, i) => i > lastAt && s.level === 1);
  const inLast = new Set(sections.slice(lastAt, nextTop < 0 ? undefined : nextTop).map((s) => s.id));
  const start = paragraphs.findIndex((p, i) => i > 0 && inLast.has(p.sectionId ?? '') && inLast.has(paragraphs[i - 1]!.sectionId ?? '') && p.kind === 'text' && unheadedAcknowledgments.test(p.text));
  if (start < 0) return;
  const from = paragraphs[start]!.sectionId;
  const section: Section = { id: `s${sections.length + 1}`, title: 'Acknowledgments', level: 1, parentId: null };
  sections.splice(sections.findIndex((s) => s.id === from) + 1, 0, section);
  for (let i = start; i < paragraphs.length && paragraphs[i]!.sectionId === from; i++) paragraphs[i]!.sectionId = section.id;
}

function toParagraph(block: TextBlock, sectionId: string | null, n: number): Paragraph {
  return {
    id: n === 0 ? 'p0' : `p${n}`,
    sectionId,
    kind: block.kind === 'algorithm' ? 'text' : block.kind,
    text: block.text,
    page: block.lines[0]!.page,
    boxes: boxesOf(block.lines),
    citations: [],
  };
}
