// citeproc-js ships no types; this is the part Verbatim uses (shared/cite/citeproc-engine.ts).
declare module 'citeproc' {
  interface CiteprocSys {
    retrieveLocale(lang: string): string;
    retrieveItem(id: string): unknown;
  }
  interface CiteprocCitationItem { id: string; locator?: string; label?: string }
  interface CiteprocCitation { citationID: string; citationItems: CiteprocCitationItem[]; properties: { noteIndex: number } }
  interface CiteprocBibliographyMeta { entry_ids: string[][]; 'second-field-align'?: string | false; bibstart?: string; bibend?: string }
  export class Engine {
    constructor(sys: CiteprocSys, style: string, lang?: string, forceLang?: boolean);
    setOutputFormat(format: 'text' | 'html'): void;
    updateItems(ids: string[]): void;
    updateUncitedItems(ids: string[]): void;
    /** Returns [citationID, noteIndex, rendered] triples in document order. */
    rebuildProcessorState(citations: CiteprocCitation[], mode: 'text' | 'html', uncitedItemIDs?: string[]): [string, number, string][];
    makeBibliography(): [CiteprocBibliographyMeta, string[]] | false;
    opt: { xclass: 'in-text' | 'note' };
  }
  const CSL: { Engine: typeof Engine; parseXml(xml: string): unknown };
  export default CSL;
}
