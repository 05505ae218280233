/**
 * Renders a document's citations and reference lists in one style with citeproc-js:
 * numeric styles number works by first appearance, author-date styles disambiguate
 * ("Smith, 2020a", given names, "et al." expansion) across the whole document, so the
 * clusters are always rendered together, in document order.
 */
import { VerbatimError } from '../errors';
import { adaptRecordForStyle } from './style-adaptations';
import { engineFor, type StyleEngine } from './citeproc-engine';
import { styleKind, type StyleId } from './styles';
import type { WorkRecord } from './work-record';

export interface CitedItem {
  id: string;
  locator?: string;
  label?: 'section' | 'paragraph' | 'page';
}

export interface CitationCluster {
  clusterId: string;
  items: CitedItem[];
}

export interface RenderedEntry {
  id: string;
  text: string;
  html: string;
}

export interface RenderedDocument {
  /** Same order as the clusters given. `superscript`: the style sets the whole citation raised (Nature's "¹"), which its text cannot show. */
  citations: { clusterId: string; text: string; html: string; superscript: boolean }[];
  /** The cited works, in the style's order. */
  bibliography: RenderedEntry[];
  /** Works listed but not cited in the text ("works cited in the quoted passages"), unnumbered. */
  secondary: RenderedEntry[];
}

type OutputFormat = 'text' | 'html';

/** A citation the style sets raised as a whole: citeproc's HTML wraps it in one `<sup>` (Nature's `vertical-align="sup"`). */
const RAISED_WHOLE = /^<sup>[^<]*<\/sup>$/;

export function renderDocument(input: { records: WorkRecord[]; clusters: CitationCluster[]; secondaryIds?: string[]; style: StyleId }): RenderedDocument {
  const records = new Map(input.records.map((record) => [record.id, adaptRecordForStyle(record, input.style)]));
  for (const cluster of input.clusters) {
    for (const item of cluster.items) {
      if (!records.has(item.id)) throw new VerbatimError('CITATION_UNKNOWN_WORK', `"${item.id.slice(0, 80)}" in citation ${cluster.clusterId.slice(0, 40)}`);
    }
  }
  const citedIds = new Set(input.clusters.flatMap((cluster) => cluster.items.map((item) => item.id)));
  const secondaryIds = [...new Set(input.secondaryIds ?? [])].filter((id) => !citedIds.has(id));
  for (const id of secondaryIds) {
    if (!records.has(id)) throw new VerbatimError('CITATION_UNKNOWN_WORK', `"${id.slice(0, 80)}" in the secondary list`);
  }

  const styleEngine = engineFor(input.style);
  styleEngine.setRecords(records);
  try {
    const text = renderCited(styleEngine, input.clusters, 'text');
    const html = renderCited(styleEngine, input.clusters, 'html');
    const numbered = styleKind(input.style) === 'numeric';
    const secondaryText = renderUncited(styleEngine, secondaryIds, 'text', numbered);
    const secondaryHtml = renderUncited(styleEngine, secondaryIds, 'html', numbered);
    return {
      citations: input.clusters.map((cluster, i) => ({ clusterId: cluster.clusterId, text: text.citations[i]!, html: html.citations[i]!, superscript: RAISED_WHOLE.test(html.citations[i]!) })),
      bibliography: zipEntries(text.entries, html.entries),
      secondary: zipEntries(secondaryText, secondaryHtml),
    };
  } finally {
    // Release the document's records; the next render starts from an empty registry anyway.
    styleEngine.engine.updateItems([]);
    styleEngine.setRecords(new Map());
  }
}

interface Entry { id: string; body: string }

function renderCited(styleEngine: StyleEngine, clusters: CitationCluster[], format: OutputFormat): { citations: string[]; entries: Entry[] } {
  const { engine } = styleEngine;
  // Batch mode: registering every cited work once, in order of first appearance, gives numeric
  // styles their numbers and lets the registry disambiguate author-date labels across the whole
  // document; each cluster is then rendered against that registry, in linear time (replaying the
  // clusters one by one through processCitationCluster re-renders earlier ones and is quadratic).
  const firstAppearance = [...new Set(clusters.flatMap((cluster) => cluster.items.map((item) => item.id)))];
  engine.updateItems([]);
  engine.updateItems(firstAppearance);
  engine.setOutputFormat(format);
  const citations = clusters.map((cluster) => (cluster.items.length === 0 ? '' : engine.makeCitationCluster(
    cluster.items.map((item) => ({ id: item.id, ...(item.locator ? { locator: item.locator, label: item.label ?? 'page' } : {}) })),
  )));
  return { citations, entries: bibliographyEntries(styleEngine) };
}

function renderUncited(styleEngine: StyleEngine, ids: string[], format: OutputFormat, numbered: boolean): Entry[] {
  if (ids.length === 0) return [];
  const { engine } = styleEngine;
  engine.updateItems([]);
  engine.updateItems(ids);
  engine.setOutputFormat(format);
  // Works not cited in the text carry no number: the number a numeric style gives them would point nowhere.
  const entries = bibliographyEntries(styleEngine);
  return numbered ? entries.map((entry, i) => ({ id: entry.id, body: withoutEntryNumber(entry.body, i + 1) })) : entries;
}

function bibliographyEntries({ engine }: StyleEngine): Entry[] {
  const bibliography = engine.makeBibliography();
  if (!bibliography) return [];
  const [meta, bodies] = bibliography;
  return bodies.map((body, i) => ({ id: meta.entry_ids[i]![0]!, body: body.trim() }));
}

/** Removes the number `n` that a numeric style prints before an entry ("[3] ", "3. ", the html margin column). */
function withoutEntryNumber(body: string, n: number): string {
  const number = new RegExp(String.raw`^(\s*)[[(]?${n}[\])]?\.?\s*`);
  if (body.startsWith('<div class="csl-entry">')) {
    const inner = body.slice('<div class="csl-entry">'.length);
    const margin = /^\s*<div class="csl-left-margin">[^<]*<\/div>\s*<div class="csl-right-inline">([\s\S]*)<\/div>\s*<\/div>$/.exec(inner);
    if (margin) return `<div class="csl-entry">${margin[1]!.trim()}</div>`;
    return `<div class="csl-entry">${inner.replace(number, '$1')}`;
  }
  return body.replace(number, '');
}

function zipEntries(text: Entry[], html: Entry[]): RenderedEntry[] {
  const htmlById = new Map(html.map((entry) => [entry.id, entry.body]));
  return text.map((entry) => ({ id: entry.id, text: entry.body, html: htmlById.get(entry.id) ?? '' }));
}
