/**
 * One citeproc-js engine per style, built on first use and kept: building parses the
 * style and the locale, which costs from milliseconds (IEEE) to seconds (Chicago), while
 * rendering with a built engine is fast. Each render swaps in its own records and resets
 * the engine's registry, so nothing of one document leaks into the next.
 */
import CSL from 'citeproc';
import { installMacroIndex } from './citeproc-macro-index';
import { LOCALE_EN_US, STYLE_XML } from './csl/bundled-styles.generated';
import type { CslItem } from './csl-item';
import type { StyleId } from './styles';

export interface StyleEngine {
  engine: InstanceType<typeof CSL.Engine>;
  /** The records the engine reads from (citeproc asks for items by id while rendering). */
  setRecords(records: ReadonlyMap<string, CslItem>): void;
}

const engines = new Map<StyleId, StyleEngine>();

// Building APA's and Chicago's engines spent 30-45% of its time finding macros (citeproc-macro-index.ts).
installMacroIndex(CSL);

export function engineFor(style: StyleId): StyleEngine {
  const cached = engines.get(style);
  if (cached) return cached;
  let records: ReadonlyMap<string, CslItem> = new Map();
  const engine = new CSL.Engine(
    {
      retrieveLocale: () => LOCALE_EN_US,
      // citeproc may annotate what it is given: it gets a copy, never the caller's record.
      retrieveItem: (id: string) => structuredClone(records.get(id)),
    },
    STYLE_XML[style],
    'en-US',
    true,
  );
  const built: StyleEngine = { engine, setRecords: (next) => { records = next; } };
  engines.set(style, built);
  return built;
}

/**
 * Builds a style's engine now, so the first render in it is fast: a pane can call this for
 * its document's style when it opens (APA and Chicago take seconds to build on a slow machine).
 */
export function prepareStyle(style: StyleId): void {
  engineFor(style);
}

/** Forgets every built engine; the next render in a style builds it again. */
export function releaseEngines(): void {
  engines.clear();
}
