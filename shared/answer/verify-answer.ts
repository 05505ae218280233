/**
 * From a model's draft to what the user sees. Every citation is checked against the
 * stored paragraph; a failing quote is snapped to the real sentence (when the snap
 * passes the same meaning guards) or dropped; invented paragraph ids never get
 * through; and a sentence is only supported when it agrees with its real quotes,
 * else it is shown as "check the source" (see sentence-verdict.ts).
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import { stripInvisibleControls } from '../text/invisible-controls';
import { checkGuards } from '../verify/guards';
import { snapQuote, type SnapCandidate } from '../verify/snap';
import { verifyQuote } from '../verify/verify-quote';
import type { AnswerCitation, AnswerSentence } from './answer';
import { judgeSentence } from './sentence-verdict';

export interface DraftCitation {
  id: string;
  quote: string;
}

export interface DraftSentence {
  text: string;
  citations: DraftCitation[];
}

export interface PassageRef {
  paper: LibraryPaper;
  paragraph: Paragraph;
}

export function verifyDraft(draft: DraftSentence[], passages: ReadonlyMap<string, PassageRef>, retrieved: readonly SnapCandidate[]): { sentences: AnswerSentence[]; inventedIds: number } {
  let inventedIds = 0;
  const textByKey = new Map(retrieved.map((r) => [`${r.paperId}#${r.paragraphId}`, r.text]));
  for (const { paper, paragraph } of passages.values()) textByKey.set(`${paper.id}#${paragraph.id}`, paragraph.text);
  const sentences = draft
    .map((s) => ({ text: stripInvisibleControls(s.text).trim(), citations: s.citations.map((c) => ({ id: c.id, quote: stripInvisibleControls(c.quote) })) }))
    .filter((s) => s.text)
    .map((sentence): AnswerSentence => {
      const citations: AnswerCitation[] = [];
      const cited = new Set<string>();
      for (const c of sentence.citations) {
        const passage = passages.get(c.id);
        if (!passage) {
          inventedIds++;
          continue;
        }
        const key = `${passage.paper.id}#${passage.paragraph.id}`;
        const verdict = verifyQuote(c.quote, passage.paragraph.text);
        if (verdict.verified && !cited.has(key)) {
          cited.add(key);
          citations.push({ paperId: passage.paper.id, paragraphId: passage.paragraph.id, quote: passage.paragraph.text.slice(verdict.start, verdict.end), verified: true, score: verdict.score, start: verdict.start, end: verdict.end });
          continue;
        }
        if (verdict.verified) continue;
        // The cited paragraph first: the model usually has the right passage and a loose quote.
        const wanted = c.quote || sentence.text;
        const own: SnapCandidate = { paperId: passage.paper.id, paragraphId: passage.paragraph.id, text: passage.paragraph.text };
        const snapped = snapQuote(wanted, [own]) ?? snapQuote(wanted, retrieved);
        // A snap is a fuzzy match too: "does not improve" must not snap to "improves" (same guards as any quote).
        if (snapped && !cited.has(`${snapped.paperId}#${snapped.paragraphId}`) && checkGuards(wanted, snapped.quote) === null) {
          cited.add(`${snapped.paperId}#${snapped.paragraphId}`);
          citations.push({ paperId: snapped.paperId, paragraphId: snapped.paragraphId, quote: snapped.quote, verified: true, snapped: true, score: snapped.score, start: snapped.start, end: snapped.end });
        }
      }
      return judgeSentence(sentence.text, citations, (paperId, paragraphId) => textByKey.get(`${paperId}#${paragraphId}`));
    });
  return { sentences, inventedIds };
}

/** Reads the synthesis reply: JSON when possible, else lines like `Sentence. [P3: "quote"]`. */
export function readDraft(value: unknown, rawText: string): DraftSentence[] | null {
  const list = (value as { sentences?: unknown })?.sentences ?? (Array.isArray(value) ? value : null);
  if (Array.isArray(list)) {
    return list
      .map((s): DraftSentence | null => {
        if (typeof s === 'string') return { text: s, citations: [] };
        const o = s as { text?: unknown; sentence?: unknown; citations?: unknown };
        const text = typeof o?.text === 'string' ? o.text : typeof o?.sentence === 'string' ? o.sentence : null;
        if (!text) return null;
        const citations = Array.isArray(o.citations)
          ? o.citations
              .map((c) => ({ id: String((c as { id?: unknown; paragraph?: unknown })?.id ?? (c as { paragraph?: unknown })?.paragraph ?? ''), quote: String((c as { quote?: unknown })?.quote ?? '') }))
              .filter((c) => c.id)
          : [];
        return { text, citations };
      })
      .filter((s): s is DraftSentence => s !== null);
  }
  const lines = rawText.split('\n').map((l) => l.trim()).filter(Boolean);
  const fromLines = lines
    .map((line): DraftSentence | null => {
      const citations = [...line.matchAll(/\[(P\d+)\s*[:,]?\s*["“]([^"”]+)["”]\s*\]/g)].map((m) => ({ id: m[1]!, quote: m[2]! }));
      if (!citations.length) return null;
      return { text: line.replace(/\[(P\d+)[^\]]*\]/g, '').replace(/^[-*\d.)\s]+/, '').trim(), citations };
    })
    .filter((s): s is DraftSentence => s !== null);
  return fromLines.length ? fromLines : null;
}
