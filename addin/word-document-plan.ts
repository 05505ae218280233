/**
 * What a refresh writes, planned from what the document holds: its Verbatim controls
 * in document order and its citation part. Pure data in, pure data out (the Word
 * code only reads and writes), so every rule here is tested without Word:
 *  - a copied control (same tag twice) becomes its own cluster, its quote with it;
 *  - a citation whose text is not what Verbatim last wrote is the user's edit: kept, reported;
 *  - a quote whose text no longer hashes to the inserted quote is flagged;
 *  - works no citation cites any more leave the part and the bibliography;
 *  - every other citation and the bibliography are rendered again in the style.
 */
import type { StyleId, WorkRecord } from '../shared/cite';
import { quoteHash, type CitationPart, type StoredCluster } from './word-citation-part';
import type { RenderDocument } from './word-render';
import { BIBLIOGRAPHY_TAG, citationTag, newClusterId, parseVerbatimTag, quoteTag } from './word-tags';

export const CITATION_TITLE = 'Verbatim citation';
export const EDITED_CITATION_TITLE = 'Verbatim citation (edited by hand: kept as written)';
export const QUOTE_TITLE = 'Verbatim quote';
export const CHANGED_QUOTE_TITLE = 'Verbatim quote: changed, no longer matches the source';
export const BIBLIOGRAPHY_TITLE = 'Verbatim bibliography';
export const BIBLIOGRAPHY_HEADING = 'References';
export const SECONDARY_HEADING = 'Works cited in the quoted passages';

export interface ControlSnapshot {
  tag: string;
  text: string;
  title: string;
}

/** Clusters this action adds (not yet in the part), with the records of their works. */
export interface PendingClusters {
  clusters: Map<string, Omit<StoredCluster, 'written'>>;
  works: WorkRecord[];
}

export interface ControlWrite {
  index: number;
  tag?: string;
  text?: string;
  title?: string;
  appearance?: 'BoundingBox' | 'Tags';
  /** With a citation's text: whether the style raises it (Nature). Set on every rewrite, since new text starts on the line. */
  superscript?: boolean;
}

export interface RefreshReport {
  style: StyleId;
  citations: number;
  works: number;
  secondaryWorks: number;
  /** Citations whose text changed (renumbered, restyled, or new). */
  rewritten: number;
  editedCitations: { clusterId: string; text: string; expected: string }[];
  changedQuotes: { clusterId: string; inserted: string; now: string }[];
  /** Copies of a control (copy and paste) given their own cluster. */
  copiesRetagged: number;
  /** Works no longer cited, dropped from the part and the bibliography. */
  removedWorks: string[];
  /** Controls tagged as Verbatim's whose cluster this document does not know (pasted from another document). */
  unknownCitations: number;
}

export interface DocumentPlan {
  writes: ControlWrite[];
  bibliography: { index: number | null; primary: string[]; secondary: string[] };
  part: CitationPart;
  report: RefreshReport;
}

export function planDocument(input: {
  controls: readonly ControlSnapshot[];
  part: CitationPart;
  pending?: PendingClusters;
  style?: StyleId;
  render: RenderDocument;
  random?: () => number;
}): DocumentPlan {
  const { controls, part, render } = input;
  const style = input.style ?? part.style;
  const pending = input.pending ?? { clusters: new Map(), works: [] };
  const knownWorks = new Map<string, WorkRecord>(Object.entries(part.works));
  for (const work of pending.works) knownWorks.set(work.id, work);
  const writes: ControlWrite[] = [];
  const present: { clusterId: string; index: number; text: string; cluster: StoredCluster | Omit<StoredCluster, 'written'>; isNew: boolean }[] = [];
  const quotes: { clusterId: string; index: number; text: string; title: string }[] = [];
  const seenCitation = new Set<string>();
  const seenQuote = new Set<string>();
  // A copied quote precedes its copied citation: the pair gets one new id.
  const copiedQuoteIds = new Map<string, string>();
  const clusterData = new Map<string, StoredCluster | Omit<StoredCluster, 'written'>>();
  const dataFor = (id: string) => clusterData.get(id) ?? pending.clusters.get(id) ?? part.clusters[id];
  let bibliographyIndex: number | null = null;
  let copiesRetagged = 0;
  let unknownCitations = 0;

  controls.forEach((control, index) => {
    const tag = parseVerbatimTag(control.tag);
    if (!tag) return;
    if (tag.kind === 'bibliography') {
      bibliographyIndex ??= index;
      return;
    }
    let clusterId = tag.clusterId;
    const data = dataFor(clusterId);
    if (!data) {
      if (tag.kind === 'citation') unknownCitations++;
      return;
    }
    if (tag.kind === 'quote') {
      if (seenQuote.has(clusterId)) {
        const copyId = newClusterId(input.random);
        copiedQuoteIds.set(clusterId, copyId);
        clusterData.set(copyId, data);
        writes.push({ index, tag: quoteTag(copyId) });
        clusterId = copyId;
      }
      seenQuote.add(tag.clusterId);
      quotes.push({ clusterId, index, text: control.text, title: control.title });
      return;
    }
    if (seenCitation.has(clusterId)) {
      const copyId = copiedQuoteIds.get(clusterId) ?? newClusterId(input.random);
      copiedQuoteIds.delete(clusterId);
      clusterData.set(copyId, data);
      writes.push({ index, tag: citationTag(copyId) });
      copiesRetagged++;
      clusterId = copyId;
    }
    seenCitation.add(tag.clusterId);
    present.push({ clusterId, index, text: control.text, cluster: data, isNew: pending.clusters.has(tag.clusterId) && clusterId === tag.clusterId });
  });

  const citedIds = new Set(present.flatMap((p) => p.cluster.items.map((i) => i.id)));
  const secondaryIds = [...new Set(present.flatMap((p) => p.cluster.secondaryIds))].filter((id) => !citedIds.has(id) && knownWorks.has(id));
  const usedIds = new Set([...citedIds, ...secondaryIds]);
  const records = [...usedIds].map((id) => knownWorks.get(id)).filter((r): r is WorkRecord => r !== undefined);
  const rendered = render({
    records,
    clusters: present.map((p) => ({ clusterId: p.clusterId, items: p.cluster.items.map((i) => ({ ...i })) })),
    secondaryIds,
    style,
  });

  const editedCitations: RefreshReport['editedCitations'] = [];
  const nextClusters: Record<string, StoredCluster> = {};
  let rewritten = 0;
  present.forEach((p, i) => {
    const text = rendered.citations[i]!.text;
    const written = 'written' in p.cluster ? p.cluster.written : undefined;
    if (!p.isNew && written !== undefined && p.text.trim() !== written.trim()) {
      // The user's words win; the part keeps what we wrote, so the edit is reported every time.
      editedCitations.push({ clusterId: p.clusterId, text: p.text, expected: text });
      nextClusters[p.clusterId] = { ...p.cluster, written };
      writes.push({ index: p.index, title: EDITED_CITATION_TITLE });
      return;
    }
    nextClusters[p.clusterId] = { ...p.cluster, written: text };
    if (p.text !== text) {
      rewritten++;
      writes.push({ index: p.index, text, title: CITATION_TITLE, superscript: rendered.citations[i]!.superscript });
    }
  });

  const changedQuotes: RefreshReport['changedQuotes'] = [];
  for (const q of quotes) {
    const cluster = nextClusters[q.clusterId];
    if (!cluster?.quoteHash) continue;
    const changed = quoteHash(q.text) !== cluster.quoteHash;
    if (changed) changedQuotes.push({ clusterId: q.clusterId, inserted: cluster.quoteText ?? '', now: q.text });
    const title = changed ? CHANGED_QUOTE_TITLE : QUOTE_TITLE;
    if (q.title !== title) writes.push({ index: q.index, title, appearance: changed ? 'Tags' : 'BoundingBox' });
  }

  const works: Record<string, WorkRecord> = {};
  for (const record of records) works[record.id] = record;
  const removedWorks = Object.keys(part.works).filter((id) => !usedIds.has(id));
  return {
    writes: mergeWrites(writes),
    bibliography: { index: bibliographyIndex, primary: rendered.bibliography.map((e: { text: string }) => e.text), secondary: rendered.secondary.map((e: { text: string }) => e.text) },
    part: { format: 'verbatim-citations', version: part.version, style, clusters: nextClusters, works },
    report: {
      style,
      citations: present.length,
      works: rendered.bibliography.length,
      secondaryWorks: rendered.secondary.length,
      rewritten,
      editedCitations,
      changedQuotes,
      copiesRetagged,
      removedWorks,
      unknownCitations,
    },
  };
}

/** One write per control, in document order. */
function mergeWrites(writes: ControlWrite[]): ControlWrite[] {
  const byIndex = new Map<number, ControlWrite>();
  for (const w of writes) byIndex.set(w.index, { ...byIndex.get(w.index), ...w });
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

export { BIBLIOGRAPHY_TAG };
