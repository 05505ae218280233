/**
 * The engine's only ways out. Each context (extension, Word pane, CLI, tests)
 * passes adapters for these; the engine never reaches for platform globals.
 */
export interface FetchTextOptions {
  signal?: AbortSignal;
  /** Refuse bodies larger than this many bytes. */
  maxBytes?: number;
  timeoutMs?: number;
}

export interface FetchedText {
  url: string;
  status: number;
  text: string;
  /** The Content-Type header, when the fetcher knows it. */
  contentType?: string;
}

export interface FetchedBytes {
  url: string;
  status: number;
  bytes: Uint8Array;
  contentType: string;
}

export interface TextFetcher {
  fetchText(url: string, options?: FetchTextOptions): Promise<FetchedText>;
  /** Binary bodies (PDFs); same timeout, size limit and errors as fetchText. */
  fetchBytes(url: string, options?: FetchTextOptions): Promise<FetchedBytes>;
}

/** Parses HTML into a DOM Document (linkedom in workers and Node, DOMParser in pages). */
export type HtmlParser = (html: string) => Document;

export interface Clock {
  now(): number;
  isoNow(): string;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  isoNow: () => new Date().toISOString(),
};
