// citation-js 0.7 ships no types; this is the part Verbatim uses.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    format(kind: 'bibliography' | 'citation', options: { template: string; format: 'text' | 'html'; lang?: string; entry?: string | string[] }): string;
    format(kind: 'bibtex' | 'data', options?: Record<string, unknown>): string;
  }
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-bibtex';
