/** Stage: blocks drawn in figures out; paragraphs cut by a float, footnote or page break put back together. */
import { joinWithMarks } from '../join-lines';
import type { Block, TextBlock } from '../blocks';
import { ALGORITHM_CAPTION, continuesAcrossFloat, entryNotInterruption, figureLabelAboveCaption, floatNote, footnoteContinuesOnNextPage, tableBodyBeforeNote, tableFragment, tableNoteSentence } from '../rules/block-rules';
import { algorithmCaption, algorithmStep, figureText, panelLetters, repeatedLabel, sideBySideCaptions, TABLE_LABEL, tableLabelCaption, floatPlaceholder } from '../rules/kind-rules';
import { navigationSection } from '../rules/heading-rules';
import { affiliationText, keywordsLine } from '../rules/metadata-rules';
import { labelledEntryLine } from '../rules/reference-rules';
import type { PdfContext } from './context';

/**
 * Drops text drawn in figures. A sub-figure caption that wraps ("(a) Consistent global feature impor-"
 * then "tance values.") goes with its wrapped tail, which would otherwise join the body text.
 */
export function dropFigureText(blocks: Block[], context: PdfContext): Block[] {
  const out: Block[] = [];
  // One-line blocks by page and text: a label printed in each panel of a figure repeats.
  const labelKey = (block: Block) => (block.type === 'paragraph' && block.lines.length === 1 ? `${block.lines[0]!.page}|${block.text.trim().toLowerCase()}` : null);
  const keys = blocks.map(labelKey);
  const timesOnPage = new Map<string, number>();
  for (const key of keys) if (key) timesOnPage.set(key, (timesOnPage.get(key) ?? 0) + 1);
  let previousDropped: TextBlock | null = null;
  for (const [index, block] of blocks.entries()) {
    if (block.type !== 'paragraph') {
      previousDropped = null;
      out.push(block);
      continue;
    }
    const key = keys[index];
    const next = blocks[index + 1];
    const leadsIntoDisplay = next?.type === 'paragraph' && next.kind === 'equation' && next.lines[0]!.page === block.lines[0]!.page;
    if ((key && repeatedLabel.test(block.text, timesOnPage.get(key)!)) || floatPlaceholder.test(block.text) || (block.kind === 'text' && panelLetters.test(block.text)) || figureText.test(block, context.style, leadsIntoDisplay, gapBelow(block, next))) {
      previousDropped = block;
      continue;
    }
    const tailOfDropped = previousDropped && /^\(/.test(previousDropped.text) && block.lines.length === 1 && block.text.length < 60 && /^\p{Ll}/u.test(block.text);
    previousDropped = null;
    if (!tailOfDropped) out.push(block);
  }
  return out;
}

/** From a block's last baseline down to the next block's first, when that block follows on the same page and column. */
function gapBelow(block: TextBlock, next: Block | undefined): number | null {
  if (next?.type !== 'paragraph') return null;
  const last = block.lines[block.lines.length - 1]!;
  const below = next.lines[0]!;
  return below.page === last.page && below.column === last.column && below.y < last.y ? last.y - below.y : null;
}

/**
 * An algorithm float and the steps after it on the same page, marked as pseudo-code (kept out of the paragraphs); its
 * caption line is a caption, as LaTeXML keeps an algorithm float's caption (see the algorithm-caption rule).
 */
export function markAlgorithmFloats(blocks: Block[]): Block[] {
  let page: number | null = null;
  const out: Block[] = [];
  for (const block of blocks) {
    out.push(block);
    if (block.type === 'heading') {
      page = null;
      continue;
    }
    const onPage = block.lines[0]!.page;
    // A float read as pseudo-code with its caption in it ("Algorithm 1 … pass Require: … 1: S_t ← …") opens as its caption would,
    // and so does a block whose first line is the caption with the first step run on under it ("Algorithm 1 Scalar …" / "1: Standardize …").
    const opens = algorithmCaption.test(block) || (block.kind === 'algorithm' && ALGORITHM_CAPTION.test(block.text)) || algorithmCaption.test({ lines: [block.lines[0]], text: block.lines[0]!.text.trim() });
    if (!opens && (page !== onPage || !algorithmStep.test(block))) {
      page = null;
      continue;
    }
    page = onPage;
    if (block.kind !== 'algorithm') block.trace.push(opens ? algorithmCaption.name : algorithmStep.name);
    block.kind = 'algorithm';
    if (opens && ALGORITHM_CAPTION.test(block.lines[0]!.text.trim())) {
      out.pop();
      out.push(...withCaptionApart(block));
    }
  }
  return out;
}

/** An algorithm float's first line, its caption, as a caption block of its own; the steps under it stay pseudo-code. */
function withCaptionApart(block: TextBlock): TextBlock[] {
  const [first, ...rest] = block.lines;
  const caption = joinWithMarks([first!]);
  const captionBlock: TextBlock = { ...block, kind: 'caption', lines: [first!], text: caption.text, marks: caption.marks, trace: [...block.trace.filter((t) => t !== algorithmCaption.name), algorithmCaption.name] };
  if (!rest.length) return [captionBlock];
  const steps = joinWithMarks(rest);
  return [captionBlock, { ...block, lines: rest, text: steps.text, marks: steps.marks }];
}

/** Drops a table of contents or list of figures: its heading and every block up to the next heading. */
export function dropNavigationSections(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let skipping = false;
  for (const block of blocks) {
    if (block.type === 'heading') skipping = !block.number && navigationSection.test(block.title);
    if (!skipping) out.push(block);
  }
  return out;
}

const INTERRUPTIONS = ['footnote', 'caption', 'algorithm'];

/** The block at `at` when it is a paragraph (any kind). */
const paragraphAt = (blocks: readonly Block[], at: number): TextBlock | undefined => {
  const b = blocks[at];
  return b?.type === 'paragraph' ? b : undefined;
};

/**
 * A paragraph a footnote, caption or algorithm interrupts (placed at a page or column foot)
 * goes on after it; so does one whose next part starts in lower case right after a page or
 * column break.
 */
export function mergeInterruptedParagraphs(blocks: Block[], context: PdfContext): Block[] {
  const out: Block[] = [];
  // The last footnote kept: a note cut at a page's foot goes on with the next page's first.
  let lastNote: TextBlock | undefined;
  for (const block of blocks) {
    // A table's note is the float's own text: it never continues a paragraph, and a paragraph resumes across it.
    if (block.type === 'paragraph' && block.kind === 'text' && !floatNote.test(block)) {
      let k = out.length - 1;
      const passable = (b: TextBlock, at: number) =>
        (INTERRUPTIONS.includes(b.kind) && !entryNotInterruption.test(b)) || floatNote.test(b) || figureLabelAboveCaption.test(b, paragraphAt(out, at + 1), paragraphAt(out, at - 1));
      while (k >= 0 && out[k]!.type === 'paragraph' && passable(out[k] as TextBlock, k)) k--;
      const target = out[k];
      if (k < out.length - 1 && target?.type === 'paragraph' && (target.kind === 'text' || target.kind === 'list') && continuesAcrossFloat.test(target, block, context.style)) {
        appendTo(target, block, continuesAcrossFloat.name, context);
        continue;
      }
    }
    if (block.type === 'paragraph' && block.kind === 'footnote') {
      // The page's first note, after the previous page's last: the body text between them is skipped.
      if (lastNote && footnoteContinuesOnNextPage.test(lastNote, block)) {
        appendTo(lastNote, block, footnoteContinuesOnNextPage.name, context);
        continue;
      }
      lastNote = block;
    }
    out.push(block);
  }
  return out;
}

function appendTo(target: TextBlock, block: TextBlock, rule: string, context: PdfContext): void {
  const joined = joinWithMarks([{ text: target.text }, { text: block.text, supers: block.marks }], context.vocabulary);
  target.marks = [...target.marks, ...joined.marks];
  target.lines = [...target.lines, ...block.lines];
  target.text = joined.text;
  target.trace.push(rule);
}

/**
 * Affiliations set as footnotes on the first pages (emulateapj, REVTeX's e-mail footnotes) or as lines under the
 * authors on page 1 are front matter, not paragraphs. Run after paragraphs cut by such a footnote are put back
 * together. A bibliography entry in small type ("[2] D. Leijen, … Microsoft Research, 2016") has a year: kept.
 * The keywords on the first pages (rule keywords-line) are front matter too.
 */
export function dropAffiliations(blocks: Block[]): Block[] {
  return blocks.filter((block) => {
    if (block.type !== 'paragraph') return true;
    const page = block.lines[0]!.page;
    if ((block.kind === 'text' || block.kind === 'footnote') && keywordsLine.test({ text: block.text, page })) return false;
    const frontMatterPlace = (block.kind === 'footnote' && page <= 2) || (block.kind === 'text' && page === 1 && block.text.length < 400);
    // A letter's reference list can end on page 1: "[7] K. Thinker, arXiv:2101.01234." has five digits and no year, as an
    // address may, but it opens with an entry's label and its authors.
    return !(frontMatterPlace && !/\b(19|20)\d{2}\b/.test(block.text) && affiliationText.test(block.text) && !labelledEntryLine.test(block.text));
  });
}

/**
 * A caption block holding the labels and titles of a table's two parts set side by side (rule side-by-side-captions): one
 * caption per part, each its own column's lines; lines of the other column threaded in after the titles are the table's.
 */
export function splitSideBySideCaptions(blocks: Block[]): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (block.type !== 'paragraph' || block.kind !== 'caption') return [block];
    const at = block.lines.findIndex((_, i) => sideBySideCaptions.test(block.lines, i));
    if (at < 0) return [block];
    const parts = [block.lines.slice(0, at), block.lines.slice(at)].map((lines) => lines.filter((l) => l.column === lines[0]!.column));
    return parts.map((lines) => {
      const joined = joinWithMarks(lines);
      return { ...block, lines, text: joined.text, marks: joined.marks, trace: [...block.trace, sideBySideCaptions.name] };
    });
  });
}

/** "TABLE II" and the caption lines under it (IEEEtran) as one caption block. */
export function joinTableLabelCaptions(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type !== 'paragraph' || block.lines.length !== 1 || !TABLE_LABEL.test(block.text.trim())) {
      out.push(block);
      continue;
    }
    let caption: TextBlock = { ...block, kind: 'caption', trace: [...block.trace, tableLabelCaption.name] };
    for (let next = blocks[i + 1]; next?.type === 'paragraph' && tableLabelCaption.test(caption.lines[caption.lines.length - 1]!, caption.lines.length, next); next = blocks[i + 1]) {
      const joined = joinWithMarks([{ text: caption.text, supers: caption.marks }, { text: next.text, supers: next.marks }]);
      caption = { ...caption, lines: [...caption.lines, ...next.lines], text: joined.text, marks: joined.marks };
      i++;
    }
    out.push(caption);
  }
  return out;
}

/** Where a table's note follows its caption over blocks that are the table's body (rule table-body-before-note): the note's index. */
function tableNoteAfter(blocks: readonly Block[], at: number): number | null {
  const caption = blocks[at] as TextBlock;
  const between: TextBlock[] = [];
  for (let j = at + 1; j < blocks.length && between.length <= tableBodyBeforeNote.constants.maxBlocks; j++) {
    const next = blocks[j]!;
    if (next.type !== 'paragraph' || !['text', 'footnote', 'list'].includes(next.kind)) return null;
    if (tableBodyBeforeNote.constants.note.test(next.text.trim())) return tableBodyBeforeNote.test(caption, between, next) ? j : null;
    between.push(next);
  }
  return null;
}

/**
 * One-line blocks under a table's caption (rule table-fragment): the table's cells that hold words, not paragraphs,
 * except a last one that is the table's note (rule table-note-sentence); and every block between a table's caption
 * and its note (rule table-body-before-note).
 */
export function dropTableFragments(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let caption: TextBlock | null = null;
  const isFragment = (block: Block | undefined): block is TextBlock =>
    caption !== null && block?.type === 'paragraph' && (block.kind === 'text' || block.kind === 'footnote') && block.lines[0]!.page === caption.lines[0]!.page && tableFragment.test(block, caption.text);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type === 'paragraph' && block.kind === 'caption') {
      caption = block;
      out.push(block);
      const note = tableNoteAfter(blocks, i);
      if (note !== null) {
        out[out.length - 1] = { ...block, trace: [...block.trace, tableBodyBeforeNote.name] };
        caption = null;
        i = note - 1;
      }
      continue;
    }
    if (isFragment(block)) {
      if (!isFragment(blocks[i + 1]) && tableNoteSentence.test(block.text)) {
        out.push({ ...block, kind: 'caption', trace: [...block.trace, tableNoteSentence.name] });
        caption = null;
      }
      continue;
    }
    caption = null;
    out.push(block);
  }
  return out;
}

