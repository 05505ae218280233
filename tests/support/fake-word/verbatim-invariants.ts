/**
 * What must hold in a Verbatim document after every Word function: each citation
 * control's tag parses and names a cluster of the part (one control per cluster);
 * the part holds exactly the clusters in the document and the records of their works;
 * the bibliography lists exactly the cited works (numeric styles: in order of first
 * appearance, checked by each work's unique title).
 */
import { expect } from 'vitest';
import { CITATION_PART_NAMESPACE, parseCitationPartXml, type CitationPart } from '../../../addin/word-citation-part';
import { BIBLIOGRAPHY_HEADING, SECONDARY_HEADING } from '../../../addin/word-document-plan';
import { BIBLIOGRAPHY_TAG, parseVerbatimTag } from '../../../addin/word-tags';
import { bodyParagraphs, controlsIn, controlText, paragraphText, type ControlNode } from './document-model';
import type { FakeWord } from './fake-word';

export interface DocumentState {
  part: CitationPart;
  citations: { clusterId: string; text: string }[];
  primary: string[];
  secondary: string[];
}

export function readDocumentState(word: FakeWord): DocumentState {
  const parts = word.partsByNamespace(CITATION_PART_NAMESPACE);
  expect(parts).toHaveLength(1);
  const part = parseCitationPartXml(parts[0]!);
  const controls = controlsIn(word.model.body);
  const citations = controls.flatMap((c) => {
    const tag = parseVerbatimTag(c.tag);
    return tag?.kind === 'citation' ? [{ clusterId: tag.clusterId, text: controlText(c) }] : [];
  });
  const lists = controls.filter((c) => c.tag === BIBLIOGRAPHY_TAG);
  expect(lists.length).toBeLessThanOrEqual(1);
  const lines = lists[0] ? bibliographyLines(lists[0]) : [];
  const split = lines.indexOf(SECONDARY_HEADING);
  return {
    part,
    citations,
    primary: lines.slice(1, split < 0 ? undefined : split),
    secondary: split < 0 ? [] : lines.slice(split + 1),
  };
}

function bibliographyLines(list: ControlNode): string[] {
  const lines = bodyParagraphs([list]).map(paragraphText);
  expect(lines[0]).toBe(BIBLIOGRAPHY_HEADING);
  return lines;
}

export function expectInvariants(word: FakeWord, numeric: boolean): DocumentState {
  const state = readDocumentState(word);
  for (const control of controlsIn(word.model.body)) {
    if (control.tag.startsWith('vb1:')) expect(parseVerbatimTag(control.tag), control.tag).not.toBeNull();
  }
  const ids = state.citations.map((c) => c.clusterId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(Object.keys(state.part.clusters))).toEqual(new Set(ids));
  const cited: string[] = [];
  for (const id of ids) for (const item of state.part.clusters[id]!.items) if (!cited.includes(item.id)) cited.push(item.id);
  for (const id of cited) expect(state.part.works[id], id).toBeDefined();
  expect(state.primary).toHaveLength(cited.length);
  const titleOf = (id: string) => String(state.part.works[id]!.title);
  for (const id of cited) expect(state.primary.filter((line) => line.includes(titleOf(id))), titleOf(id)).toHaveLength(1);
  if (numeric) cited.forEach((id, i) => expect(state.primary[i], `entry ${i + 1}`).toContain(titleOf(id)));
  return state;
}
