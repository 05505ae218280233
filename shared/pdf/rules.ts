/**
 * Every named PDF rule in one list: the catalogue `verbatim extract --debug` names
 * refer to. The rules live by stage in rules/; this file only gathers them.
 */
import type { PdfRule } from './rule';
import { BREAK_RULES, continuesAcrossFloat, entryNotInterruption, figureLabelAboveCaption, floatNote, footnoteContinuesOnNextPage, tableBodyBeforeNote, tableFragment, tableNoteSentence, citationAfterStop } from './rules/block-rules';
import { alphaCitation, authorYearCitation, citedAuthorForm, citedNameOpensEntry, namedNumber, numericCitation, parenthesisedCitations, pendingWork, superscriptCitation, yearInEntry, entryOpening, zeroIndexNotCitation } from './rules/citation-rules';
import { abstractPart, articleAsLetter, capitalsHeading, centredHeading, centredPlainHeading, continuesLineAbove, headingFace, headingWrap, runInQuadHeading, runInTitleFont, runInWrapped, namedSection, navigationSection, notATitle, numberedHeading, numberedInSequence, sameStyleHeading, unheadedAcknowledgments, lineAloneHeading } from './rules/heading-rules';
import { centredDot, fixedPitchWidths, invisibleGlyph, truncatedMathLetter, lineNumberColumn, overprintedCopy, scriptEll, unmappedGlyph } from './rules/item-rules';
import { algorithmBlock, algorithmCaption, algorithmStep, displayLeadIn, leadInAboveGap, referenceTail, equationLine, equationNumberAlone, mathsOnlyLine, setOffMathsLine, displayScriptLine, figureText, footnoteZone, smallTypeText, repeatedLabel, tableLabelCaption, floatPlaceholder, inlineMathsProse, bulletedLine, sideBySideCaptions, panelLetters, labelOverCaption } from './rules/kind-rules';
import { bandBreak, bibliographyColumns, bibliographyLine, captionTail, runningHeadLabel, documentColumns, rowAtColumnMargin, stretchedAfterStop, authorRow, centredTableColumn, columnEdgeLine, frontMatterLine, marginColumn, overfullColumnLine, spanningBlockLastLine, pageNumberLine, pageNumberSequence, paragraphTail, hangingEntryTail, entryFirstLineRest, documentTextEdge, runningText, tableCellColumn, twoColumnPage, wrapFigureCaption, echoedRunningHead, continuedCaption } from './rules/layout-rules';
import { codeListing, equationRow, exponent, leftEquationRow, subscript, gutterGap, labelGap, sentenceSpaceGap, loweredFragment, strayGlyph, lineTypeSize, pageGutter, sameRow, stackedFraction, stretchedRow, superscript, wordGap } from './rules/line-rules';
import { affiliationText, keywordsLine, capitalsNameBeforeAffiliation, capitalsTitle, centredTitle, plausibleAuthorName, plausibleMetadataTitle, selfCitation, titlePage, abstractParagraph } from './rules/metadata-rules';
import { authorYearEntryStart, entryAfterFloat, backMatterAfterReferences, bibliographyShape, headingAfterShapedBibliography, referenceTitleOverEntry, numberedEntryHeading, floatInBibliography, floatPageInBibliography, footnoteInBibliography, hangingIndent, numberedEntryInSequence, referencesHeading, shortColumnIndent, spacedList, labelledEntryLine } from './rules/reference-rules';
import { combineAccents, keepLineEndHyphen, unicodeHyphen } from './rules/text-rules';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a catalogue of rules with different predicate signatures
export const PDF_RULES: readonly PdfRule<any[], object>[] = [
  unmappedGlyph, truncatedMathLetter, centredDot, invisibleGlyph, overprintedCopy, lineNumberColumn, scriptEll, fixedPitchWidths,
  sameRow, gutterGap, sentenceSpaceGap, stretchedRow, equationRow, leftEquationRow, labelGap, superscript, exponent, subscript, stackedFraction, wordGap, loweredFragment, strayGlyph, lineTypeSize, pageGutter, codeListing,
  pageNumberLine, pageNumberSequence, runningText, echoedRunningHead, continuedCaption, bandBreak, bibliographyColumns, bibliographyLine, columnEdgeLine, marginColumn, overfullColumnLine, spanningBlockLastLine, stretchedAfterStop, authorRow, paragraphTail, hangingEntryTail, entryFirstLineRest, labelledEntryLine, documentTextEdge, captionTail, tableCellColumn, centredTableColumn, frontMatterLine, twoColumnPage, documentColumns, wrapFigureCaption, rowAtColumnMargin,
  combineAccents, keepLineEndHyphen, unicodeHyphen,
  numberedHeading, numberedInSequence, articleAsLetter, abstractPart, namedSection, sameStyleHeading, headingFace, lineAloneHeading, centredHeading, centredPlainHeading, navigationSection, notATitle, headingWrap, continuesLineAbove, runInQuadHeading, runInTitleFont, runInWrapped, capitalsHeading, unheadedAcknowledgments,
  ...BREAK_RULES, citationAfterStop, continuesAcrossFloat, entryNotInterruption, floatNote, footnoteContinuesOnNextPage, tableFragment, tableNoteSentence, tableBodyBeforeNote, figureLabelAboveCaption,
  equationLine, equationNumberAlone, bulletedLine, sideBySideCaptions, mathsOnlyLine, setOffMathsLine, displayScriptLine, figureText, labelOverCaption, panelLetters, inlineMathsProse, floatPlaceholder, displayLeadIn, leadInAboveGap, referenceTail, repeatedLabel, tableLabelCaption, algorithmBlock, algorithmCaption, algorithmStep, footnoteZone, smallTypeText,
  referencesHeading, referenceTitleOverEntry, bibliographyShape, headingAfterShapedBibliography, numberedEntryInSequence, hangingIndent, shortColumnIndent, spacedList, authorYearEntryStart, floatInBibliography, entryAfterFloat, floatPageInBibliography, backMatterAfterReferences, numberedEntryHeading, footnoteInBibliography,
  numericCitation, authorYearCitation, alphaCitation, superscriptCitation, parenthesisedCitations, citedAuthorForm, citedNameOpensEntry, pendingWork, namedNumber, yearInEntry, entryOpening, zeroIndexNotCitation,
  titlePage, plausibleMetadataTitle, plausibleAuthorName, capitalsTitle, capitalsNameBeforeAffiliation, centredTitle, affiliationText, keywordsLine, selfCitation, runningHeadLabel, abstractParagraph,
];
