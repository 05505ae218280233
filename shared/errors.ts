/**
 * The one table of error codes. Both UIs (side panel, Word pane) and the CLI show
 * these messages, so a failure reads the same everywhere. Errors cross extension
 * contexts as plain data ({ code, detail }) and are rebuilt on the other side.
 */
export const ERROR_MESSAGES = {
  NOT_A_PAPER: 'This page is not an arXiv paper (expected /abs/, /html/ or /pdf/ with an arXiv id).',
  NO_FULL_TEXT: 'arXiv has no HTML full text for this paper, and its PDF could not be read here.',
  CONVERSION_FAILED: 'arXiv could not convert this paper to HTML, and its PDF could not be read here.',
  NO_PARAGRAPHS: 'No paper text was found on this page.',
  WITHDRAWN: 'This paper has been withdrawn by its authors; there is no text to save.',
  TOO_LARGE: 'The page is larger than 5 MB, which is more than a paper should be.',
  NETWORK: 'The network request failed.',
  TIMEOUT: 'The request timed out.',
  HTTP_STATUS: 'The server answered with an error.',
  PDF_UNSUPPORTED: 'PDFs cannot be read in this context: save the paper from its arXiv abs or HTML page.',
  PDF_ENCRYPTED: 'This PDF is encrypted and cannot be read without its password.',
  PDF_CORRUPT: 'This PDF is damaged or is not a PDF.',
  PDF_NO_TEXT: 'This PDF has no text layer (it looks scanned); Verbatim cannot read it without OCR.',
  UNSUPPORTED_FILE: 'This file type is not supported (use LaTeXML HTML or Verbatim paper JSON).',
  SAVE_IN_PROGRESS: 'This paper is already being saved.',
  STORAGE: 'The library could not be written; nothing was changed.',
  NOT_FOUND: 'That paper is not in the library.',
  EMPTY_QUESTION: 'Type a question first.',
  EMPTY_LIBRARY: 'The library is empty: save a paper first.',
  BAD_ANSWER_PAYLOAD: 'That is not a Verbatim answer (expected the JSON copied from the side panel).',
  OFFICE_UNAVAILABLE: 'Word is not available here: open this pane inside Word to insert text.',
  LLM_AUTH: 'The model endpoint refused the API key.',
  LLM_RATE_LIMIT: 'The model endpoint is rate-limiting requests; try again in a moment.',
  LLM_UNAVAILABLE: 'The model endpoint did not answer (network error or server error).',
  LLM_TIMEOUT: 'The model took too long to answer.',
  LLM_BUDGET: 'The token budget for this question is used up.',
  LLM_NOT_CONFIGURED: 'No model is set up: add an endpoint in settings, or use the default extractive mode.',
  CANCELLED: 'Cancelled.',
  URL_NOT_ALLOWED: 'Verbatim only fetches papers from arXiv over https (arxiv.org, export.arxiv.org, ar5iv); this address is elsewhere.',
  REDIRECT_NOT_ALLOWED: 'arXiv sent the request somewhere Verbatim does not fetch from (a redirect off arXiv, or one it could not check).',
  SENDER_NOT_ALLOWED: 'This request was refused: it did not come from a part of Verbatim allowed to make it.',
  CONTEXT_LOST: "Verbatim's background stopped before it answered (the extension was reloaded or its worker was stopped); nothing was saved. Try again.",
  ENDPOINT_INSECURE: 'The model endpoint must use https (plain http is allowed only for a server on this computer).',
  ENDPOINT_NOT_GRANTED: 'Verbatim has no permission to reach this model endpoint: save the model settings again and allow access.',
  BAD_SETTINGS: 'Those model settings are not valid.',
  INTERNAL: 'Something went wrong inside Verbatim.',
  BAD_PAPER_FILE: 'This file is not a valid Verbatim paper (expected the JSON that `verbatim extract --json` prints).',
  BAD_BUNDLE: 'This file is not a valid Verbatim library bundle; nothing was imported.',
  FILE_TOO_LARGE: 'This file is larger than Verbatim reads (PDFs up to 200 MB, paper files up to 100 MB, library bundles up to 400 MB); nothing was changed.',
  BAD_MESSAGE: 'A message between parts of Verbatim was malformed and was refused.',
  BAD_IDENTIFIER: 'An identifier (DOI, arXiv id, version or URL) is malformed.',
  EMBEDDING_MODEL_UNAVAILABLE: 'The on-device search model could not be loaded (the download was refused or broke off, or the model is not a text-embedding model); search and answers go on without it.',
  SEARCH_INDEX_CORRUPT: 'The saved search index could not be read; it is rebuilt from the library.',
  EMPTY_SEARCH: 'Type words to search for.',
  BAD_SEARCH_LIMIT: 'The number of results must be a whole number from 1 to 100.',
  LLM_UNREACHABLE: 'Nothing answers at the model endpoint: start the server (for Ollama: `ollama serve`) or correct the base URL.',
  SETTINGS_INCOMPLETE: 'The model settings are incomplete.',
  HISTORY_NOT_FOUND: 'That question is no longer in the history.',
  CITATION_UNKNOWN_WORK: 'A citation names a work that is not among the records given for the document.',
  CITATION_FORMAT_UNKNOWN: 'That citation format is not known (use text, html, bibtex, csl-json or ris).',
  STYLE_UNKNOWN: 'That citation style is not known (use ieee, apa, chicago-author-date, nature, acm, vancouver or harvard).',
  CITATION_PART_DAMAGED: "This document's Verbatim citation data is damaged; nothing was changed. Its citations stay as they are.",
  NOTHING_TO_INSERT: 'This answer has no supported sentence with a verified citation; nothing was inserted.',
  BAD_MANIFEST_ORIGIN: 'The add-in origin must be an https address with no path (http only for localhost).',
  GDOCS_NO_CURSOR: 'Click in the document where the text should go (with a selection, or outside the body text, Google Docs gives no cursor to insert at).',
  GDOCS_BAD_PAYLOAD: 'The Google Docs sidebar sent something the add-on does not accept; nothing was changed.',
  GDOCS_DOCUMENT_CHANGED: 'The document changed while its citations were being formatted; refresh again.',
  GDOCS_STORAGE_FULL: "The document's Verbatim records would pass Google's 500 KB limit for document properties; nothing was changed.",
  GDOCS_BAD_STATE: "The document's stored Verbatim records are damaged; they were left untouched.",
  GDOCS_UNAVAILABLE: 'This page is not running as a Google Docs sidebar (google.script.run is missing).',
  PANE_ORIGIN_NOT_ALLOWED: 'This page may not read the Verbatim library: only the Word task pane and the Google Docs sidebar can.',
  BAD_EXTERNAL_REPLY: 'The Verbatim extension answered in a form this pane does not understand (update the extension or the pane).',
  EXTENSION_UNREACHABLE: 'The Verbatim extension could not be reached from this page (it is not installed in this browser, or is turned off).',
  EXTERNAL_PROTOCOL_MISMATCH: 'The Verbatim extension and this pane speak different protocol versions: update the older one.',
  EXPORT_NOTHING_CITED: 'There is nothing cited to export: no sentence of this answer is supported by a verified quote.',
  BAD_PASSAGE_SPAN: 'The chosen passage is not a span of its stored paragraph.',
  EXPORT_RENDER_FAILED: 'The citation style did not render every citation; nothing was exported.',
  EXPORT_FORMAT_UNKNOWN: 'Unknown export format: use text, html, latex or markdown.',
  EXPORT_WRITE_FAILED: 'An export file could not be written (check the folder exists and is writable); no file was left half-written.',
  CLIPBOARD_DENIED: 'The clipboard refused the copy (the page needs focus and clipboard permission); nothing was copied.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export interface SerializedError {
  code: ErrorCode;
  detail?: string;
}

export class VerbatimError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, detail?: string) {
    super(detail ? `${ERROR_MESSAGES[code]} (${detail})` : ERROR_MESSAGES[code]);
    this.name = 'VerbatimError';
    this.code = code;
    this.detail = detail;
  }

  toJSON(): SerializedError {
    return this.detail === undefined ? { code: this.code } : { code: this.code, detail: this.detail };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/** Turns anything thrown into plain data that survives structured cloning. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof VerbatimError) return error.toJSON();
  if (error instanceof Error && error.name === 'AbortError') return { code: 'CANCELLED' };
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', detail };
}

export function rebuildError(data: SerializedError): VerbatimError {
  return new VerbatimError(isErrorCode(data.code) ? data.code : 'INTERNAL', data.detail);
}

export function messageFor(error: unknown): string {
  const data = serializeError(error);
  return rebuildError(data).message;
}
