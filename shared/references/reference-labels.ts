/** What each token of a reference string can be: the labeller's output alphabet. */
export const REFERENCE_LABELS = [
  'other', 'author', 'editor', 'title', 'container', 'date', 'volume', 'issue', 'pages',
  'publisher', 'location', 'doi', 'url', 'arxiv', 'note',
] as const;

export type ReferenceLabel = (typeof REFERENCE_LABELS)[number];
