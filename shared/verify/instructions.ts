/**
 * What a claim about a paper never needs to contain: links, e-mail addresses and
 * instructions to the reader. A model that read a poisoned passage (or was steered by
 * one) can write "Visit https://evil.example/..." and cite a real quote; such text
 * is only acceptable when the cited source itself says it.
 */
import { normalizeText } from '../text/normalize';

const LINK_PATTERNS = [
  /\b(?:https?|ftp):\/\/[^\s"'<>)\]]+/giu,
  /\bwww\.[^\s"'<>)\]]+/giu,
  /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/giu,
  // Bare domains: a dot-separated name ending in a common top-level domain.
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|ai|dev|app|co|xyz|info|biz|example|ru|cn|me|ly|gl|link|site|top|edu|gov)\b(?:\/[^\s"'<>)\]]*)?/giu,
];

/** Verbs that open an instruction to the reader ("Visit ...", "Ignore the above ..."). */
const IMPERATIVE_OPENERS = new Set([
  'visit', 'click', 'navigate', 'download', 'email', 'e-mail', 'contact', 'install', 'subscribe', 'buy', 'ignore', 'disregard',
  'forget', 'please', 'copy', 'paste', 'register', 'reply', 'respond', 'tell', 'go', 'send', 'delete', 'execute',
]);

const INSTRUCTION_PATTERNS = [
  /\b(?:ignore|disregard|forget|override)\b[^.]{0,60}\b(?:instructions?|prompts?|rules|above|previous|earlier|context)\b/iu,
  /\b(?:system prompt|you must|you should now|you are now|as an ai|new instructions?|developer mode)\b/iu,
];

/** Links and instruction phrases in `sentence`, as written. */
export function instructionsIn(sentence: string): string[] {
  const found: string[] = [];
  for (const pattern of LINK_PATTERNS) for (const m of sentence.matchAll(pattern)) found.push(m[0].replace(/[.,;:]+$/u, ''));
  for (const pattern of INSTRUCTION_PATTERNS) {
    const m = pattern.exec(sentence);
    if (m) found.push(m[0]);
  }
  // An imperative at the start of the sentence or of a clause after ";", ":" or a dash.
  for (const clause of sentence.split(/[;:]|\s[-–—]\s/u)) {
    const first = /^\s*["'“‘(]*([\p{L}'-]+)/u.exec(clause)?.[1]?.toLowerCase();
    if (first && IMPERATIVE_OPENERS.has(first)) found.push(clause.trim().split(/\s+/u).slice(0, 4).join(' '));
  }
  return found;
}

/** The instructions or links in `sentence` that its sources do not contain themselves. */
export function foreignInstructions(sentence: string, sources: string): string[] {
  const source = normalizeText(sources);
  return instructionsIn(sentence).filter((phrase) => !source.includes(normalizeText(phrase)));
}
