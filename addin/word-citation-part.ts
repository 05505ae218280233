/**
 * The document's citation part: ONE CustomXmlPart (namespace CITATION_PART_NAMESPACE)
 * holding versioned JSON: the style, every citation cluster (its works and locators,
 * the quote's hash, the text we last wrote) and the CSL-JSON record of every cited
 * work. The document can therefore be refreshed on a machine with no library.
 * Read through a valibot schema: a damaged part is CITATION_PART_DAMAGED, never a guess.
 */
import * as v from 'valibot';
import { VerbatimError } from '../shared/errors';
import { hashText } from '../shared/model/paper';
import type { StyleId, WorkRecord } from '../shared/cite';

export const CITATION_PART_NAMESPACE = 'urn:verbatim:citations:1';
export const CITATION_PART_VERSION = 1;

const STYLE_IDS = ['ieee', 'apa', 'chicago-author-date', 'nature', 'acm', 'vancouver', 'harvard'] as const satisfies readonly StyleId[];

const CitedItemSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  locator: v.optional(v.string()),
  label: v.optional(v.picklist(['section', 'paragraph', 'page'])),
});

const StoredClusterSchema = v.object({
  kind: v.picklist(['quote', 'answer', 'citation']),
  items: v.pipe(v.array(CitedItemSchema), v.minLength(1)),
  paragraphId: v.optional(v.string()),
  /** hashText of the normalised quote as inserted; absent for citations without a quote. */
  quoteHash: v.optional(v.string()),
  quoteText: v.optional(v.string()),
  /** The citation text as Verbatim last wrote it: anything else in the control is the user's edit. */
  written: v.string(),
  /** Works the quoted passage itself cites (listed under "Works cited in the quoted passages"). */
  secondaryIds: v.array(v.string()),
});

const WorkRecordSchema = v.looseObject({ id: v.pipe(v.string(), v.minLength(1)), type: v.string() });

const CitationPartSchema = v.object({
  format: v.literal('verbatim-citations'),
  version: v.literal(CITATION_PART_VERSION),
  style: v.picklist(STYLE_IDS),
  clusters: v.record(v.string(), StoredClusterSchema),
  works: v.record(v.string(), WorkRecordSchema),
});

export type StoredCluster = v.InferOutput<typeof StoredClusterSchema>;
export interface CitationPart {
  format: 'verbatim-citations';
  version: typeof CITATION_PART_VERSION;
  style: StyleId;
  clusters: Record<string, StoredCluster>;
  works: Record<string, WorkRecord>;
}

export function emptyCitationPart(style: StyleId): CitationPart {
  return { format: 'verbatim-citations', version: CITATION_PART_VERSION, style, clusters: {}, works: {} };
}

/** Quotes are compared ignoring white space and quotation-mark shapes: Word retypes those freely. */
export function quoteHash(text: string): string {
  return hashText(text.normalize('NFC').replace(/[\u2018\u2019\u201c\u201d"']/g, '').replace(/\s+/g, ' ').trim());
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

export function citationPartXml(part: CitationPart): string {
  return `<?xml version="1.0" encoding="UTF-8"?><citations xmlns="${CITATION_PART_NAMESPACE}" version="${part.version}"><data>${escapeXml(JSON.stringify(part))}</data></citations>`;
}

export function parseCitationPartXml(xml: string): CitationPart {
  const data = /<data>([\s\S]*)<\/data>/.exec(xml)?.[1];
  if (data === undefined) throw new VerbatimError('CITATION_PART_DAMAGED', 'no <data> element');
  let json: unknown;
  try {
    json = JSON.parse(unescapeXml(data));
  } catch {
    throw new VerbatimError('CITATION_PART_DAMAGED', 'the data is not JSON');
  }
  const result = v.safeParse(CitationPartSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    throw new VerbatimError('CITATION_PART_DAMAGED', `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  }
  return result.output as CitationPart;
}
