/**
 * JSON from weak models: fenced or wrapped in prose, single quotes, trailing commas,
 * comments, unquoted keys, or cut off mid-way (then the open brackets are closed).
 * Returns undefined when nothing JSON-like can be recovered.
 */
export function parseLooseJson(text: string): unknown {
  const candidate = extractJsonText(text);
  if (candidate === null) return undefined;
  for (const attempt of [candidate, repair(candidate), closeOpenBrackets(repair(candidate))]) {
    try {
      return JSON.parse(attempt);
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

function extractJsonText(text: string): string | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)(?:```|$)/i.exec(text);
  const body = fenced ? fenced[1]! : text;
  const start = body.search(/[{[]/);
  if (start < 0) return null;
  return body.slice(start).trim();
}

function repair(text: string): string {
  return text
    .replace(/\/\/[^\n"]*$/gm, '') // line comments outside strings (good enough for model output)
    .replace(/([{,]\s*)([A-Za-z_][\w-]*)\s*:/g, '$1"$2":') // unquoted keys
    .replace(/'([^'\\]*(?:\\.[^'\\]*)*)'/g, (_m, inner: string) => JSON.stringify(inner)) // single-quoted strings
    .replace(/,\s*([}\]])/g, '$1') // trailing commas
    .replace(/[\u201c\u201d]/g, (q) => (q === '\u201c' ? '"' : '"'));
}

interface BracketScan {
  /** Closers still owed, innermost last. */
  open: string[];
  inString: boolean;
  /** Just past the last complete value or before the last comma: a safe place to cut. */
  lastSafe: number;
}

function scanBrackets(text: string): BracketScan {
  const open: string[] = [];
  let inString = false;
  let escaped = false;
  let lastSafe = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') open.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      open.pop();
      lastSafe = i + 1;
    } else if (ch === ',') lastSafe = i;
  }
  return { open, inString, lastSafe };
}

/** Closes strings, arrays and objects left open by a cut-off stream, dropping a dangling key or comma. */
export function closeOpenBrackets(text: string): string {
  const first = scanBrackets(text);
  // Cut inside an unfinished string back to the last complete value.
  const kept = (first.inString ? text.slice(0, first.lastSafe) : text).replace(/[,:\s]+$/, '').replace(/,\s*"[^"]*"\s*$/, '');
  return kept + scanBrackets(kept).open.reverse().join('');
}
