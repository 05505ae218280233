/** The one citation engine (Contract A): records, styles, rendering, keys, exports, locators. */
export type { CslItem, CslName, CslItemType } from './csl-item';
export { recordForPaper, recordForPrimary, recordForSecondary, arxivIdOfRecord, type WorkRecord } from './work-record';
export { CITATION_STYLES, parseStyleId, isStyleId, styleKind, type StyleId } from './styles';
export { renderDocument, type CitedItem, type CitationCluster, type RenderedEntry, type RenderedDocument } from './render-document';
export { assignCitationKeys, baseCitationKey, isValidCitationKey } from './citation-keys';
export { toBibTeX, toRis, toCslJson, bibtexText } from './export-formats';
export { passageLocator, citedLocator, type PassageLocator } from './locator';
