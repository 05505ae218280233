/**
 * Line texts to one paragraph text. Words broken at a line end are re-joined unless the
 * document's own vocabulary says the hyphen is real; superscript marks of each line are
 * carried to their offsets in the joined text (they are citations or footnote marks,
 * never text).
 */
import { EMPTY_VOCABULARY, keepLineEndHyphen, type Vocabulary, withAsciiHyphens } from './rules/text-rules';

export interface Mark {
  text: string;
  /** Offset in the joined text. */
  at: number;
  /** The page the mark was printed on, when known. */
  page?: number;
}

export interface JoinInput {
  text: string;
  supers?: { text: string; at: number; page?: number }[];
  page?: number;
}

export interface Joined {
  text: string;
  marks: Mark[];
  /** Names of the rules that decided a join ("keep-hyphen", "join-hyphen"). */
  rules: string[];
}

export function joinWithMarks(lines: JoinInput[], vocabulary: Vocabulary = EMPTY_VOCABULARY): Joined {
  let out = '';
  const marks: Mark[] = [];
  const rules: string[] = [];
  for (const line of lines) {
    const leading = line.text.length - line.text.trimStart().length;
    const text = withAsciiHyphens(line.text.trim().replace(/\s+/g, ' '));
    if (!text) continue;
    let start: number;
    const broken = /(\p{L}+)-$/u.exec(out);
    const next = /^\p{L}+/u.exec(text);
    if (broken && next && /^\p{Ll}/u.test(text)) {
      if (keepLineEndHyphen.test(broken[1]!, next[0], vocabulary)) rules.push(keepLineEndHyphen.name);
      else {
        out = out.slice(0, -1);
        rules.push('join-hyphen');
      }
      start = out.length;
      out += text;
    } else if (/\p{L}-$/u.test(out) && /^\p{Lu}|^\d/u.test(text)) {
      // "GPT-" + "4", "Fokker-" + "Planck": a real hyphen, no space after it.
      start = out.length;
      out += text;
    } else {
      if (out) out += ' ';
      start = out.length;
      out += text;
    }
    for (const s of line.supers ?? []) {
      const page = s.page ?? line.page;
      marks.push({ text: s.text, at: Math.min(out.length, start + Math.max(0, s.at - leading)), ...(page !== undefined ? { page } : {}) });
    }
  }
  return { text: out, marks, rules };
}

/** Plain join, for titles and short texts. */
export function joinLines(texts: string[], vocabulary: Vocabulary = EMPTY_VOCABULARY): string {
  return joinWithMarks(texts.map((text) => ({ text })), vocabulary).text;
}
