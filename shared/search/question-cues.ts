/**
 * What a question asks for, read from its wording: the terms that carry its topic
 * (without question scaffolding such as "did they" or "in this paper") and the kind
 * of sentence that would answer it (a definition, a method, a reason, a number, a
 * list of papers).
 */
import { termsOf } from './paragraph-index';

export type QuestionKind = 'definition' | 'method' | 'reason' | 'quantity' | 'comparison' | 'papers' | 'summary' | 'other';

/** Pronouns and auxiliaries: grammar in any text, a question or a writer's sentence ("we show", "you could"). */
const GRAMMAR_WORDS = 'did done has have had can could would should will may might my our we us you your i me there these those';
const GRAMMAR_TERMS = new Set(termsOf(GRAMMAR_WORDS));

/**
 * Words that frame a question but rarely appear in its answer ("What do the authors
 * propose in this paper?"): left out of the terms an answer must cover.
 */
const SCAFFOLDING = new Set(termsOf(
  GRAMMAR_WORDS + ' ' +
  'paper papers work works author authors study studies article articles describe described mention mentioned ' +
  'any some also about other so much many when where whose whom kind kinds type types exactly specifically ' +
  'main mainly explain explained tell give given list name named ' +
  // Dialogue openers and acknowledgements (ArgSciChat's turns start with them): they are not the topic.
  'hi hello hey ok okay yes yeah sure thanks thank great nice cool sounds please ' +
  // English function words and the stems contractions leave ("couldn't" -> "couldn", "t"): the index keeps
  // them as terms, but in a question they are grammar, and an answer need not repeat them. Prepositions,
  // negations and comparatives stay: "pain after surgery", "no difference", "more than" are content
  // (leaving them out cost Evidence Inference 0.03 recall@5 on dev).
  'me myself ours ourselves yours yourself yourselves he him his himself she her hers herself its itself them theirs themselves ' +
  'am been being having doing but if because until while then once here such own too very just now ' +
  's t d ll m o re ve y don doesn didn isn aren wasn weren hasn haven hadn couldn wouldn shouldn won ' +
  // Conversational verbs and fillers of a reader thinking aloud ("I wonder whether...", "can you say something about...").
  'something anything everything wonder wondering imagine think know say said like right guess maybe really actually ' +
  'interesting interested curious understand understood',
));

/**
 * Questions about what a paper as a whole found ("What are the conclusions of this study?", "What did the paper
 * find?"): a summary question whose answer is the abstract's findings rather than its aim.
 */
const FINDINGS_QUESTION = /\b(conclusions?|(main |key |principal )?findings|(main |key )?results|take-?aways?) of (this|the) (paper|article|work|study|report)\b|\bwhat (did|does) (this|the) (paper|article|work|study|report) (find|show|conclude)\s*\??$|\bwhat (did|do) (the authors|they) conclude\s*\??$/;

/**
 * Questions about what a paper as a whole is or does: answered from its abstract. "What does this paper
 * propose?" is one only when nothing follows the verb ("What do they propose for unseen words?" asks a detail).
 */
const SUMMARY_QUESTION = new RegExp(
  [
    String.raw`\bwhat('s| is| are)? (this|the) (paper|article|work|study)('s)? (is )?about\b`,
    String.raw`\bmain (idea|contribution|point|goal|message|focus)s?\b`,
    String.raw`\b(summar(y|ize|ise)|overview) of (this|the) (paper|article|work|study|report)\b`,
    String.raw`\bwhat (is|are) (this|the) (paper|article|work|study)('s)? (contribution|goal)s?\b`,
    String.raw`\b(tell|say) (me )?(something |a bit )?(more )?about (this|the) (paper|article|work|study)\b`,
    String.raw`\bpurpose (of|for) (this|the) (paper|article|work|study)\b`,
    String.raw`\bwhat (does|do|did) (this|the) (paper|article|work|study|report|authors?) (propose|present|introduce|contribute|study|investigate|address|do)\s*\??$`,
    String.raw`\bwhat (do|did) they (propose|present|introduce|contribute|study|investigate|address)\s*\??$`,
    // Asked as a request: "Summarize the paper", "Explain this study", "tl;dr".
    String.raw`\b(summar(ize|ise)|explain|describe|outline) (this|the) (paper|article|work|study|report)\s*[.?!]?$`,
    String.raw`\btl;? ?dr\b`,
  ].join('|'),
);

/** A summary question that asks what the paper found or concluded, not what it is about. */
export function asksForFindings(question: string): boolean {
  return FINDINGS_QUESTION.test(question.trim().toLowerCase());
}

/**
 * Questions across the library's papers ("Which of my papers use MCTS?", "What papers discuss pruning?"). The noun
 * follows "which"/"what" closely: a question that merely mentions studies ("What is the conclusion of the
 * surveillance studies?") or uses "works" as a verb ("So what works better?") asks about a detail.
 */
const PAPERS_QUESTION = /\bwhich (of (my|the|these|our) )?(papers|works|studies|articles)\b|\bwhat (papers|studies|articles)\b|\b(my|these|the) papers\b|\bacross (my|the) (library|papers)\b/;

/**
 * Words by which a question points at one paper, the one the reader has in front of them: "this paper", "the
 * study" (not "the study of B cells"), "the authors", "they", "you" (a reader addressing the authors), "the
 * proposed model", "this approach". Beside a saved paper, such a question is asked of that paper.
 */
const POINTS_AT_ONE_PAPER = new RegExp(
  [
    String.raw`\b(this|the) (paper|article|study|work|report|manuscript|preprint|publication|thesis)\b(?!'?s? (of|by|on)\b)`,
    String.raw`\b(the|these|this) authors?\b`,
    String.raw`\b(they|you|your)\b`,
    String.raw`\b(this|the) proposed\b`,
    String.raw`\bthis (approach|method|model|framework|system|dataset|corpus|technique|algorithm|task|experiment)\b`,
  ].join('|'),
);

/**
 * Whether a question points at one paper rather than the library ("What is this paper about?", "How did they
 * obtain the dataset?"); never a question across the papers ("Which of my papers use MCTS?").
 */
export function pointsAtOnePaper(question: string): boolean {
  const kind = questionKind(question);
  return kind === 'summary' || (kind !== 'papers' && POINTS_AT_ONE_PAPER.test(question.trim().toLowerCase()));
}

export function questionKind(question: string): QuestionKind {
  const q = question.trim().toLowerCase();
  if (PAPERS_QUESTION.test(q)) return 'papers';
  if (SUMMARY_QUESTION.test(q) || FINDINGS_QUESTION.test(q)) return 'summary';
  if (/^(how (many|much|large|big|long|often|fast|high|low|well)|what (is|was|are|were) the (number|size|accuracy|score|percentage|rate|performance|improvement))\b/.test(q) || /\b(how many|what percentage|by how much)\b/.test(q)) return 'quantity';
  // "What is the difference between A and B?", "How does A compare to B?": answered by a sentence that states the comparison.
  if (/\b(difference|differ\w*|compar\w*|versus|vs|better|worse|outperform\w*|than)\b/.test(q)) return 'comparison';
  if (/^why\b|\b(reason|motivat\w*|purpose)\b/.test(q)) return 'reason';
  if (/^(what|who) (is|are|was|were) (a |an |the )?[^?]{1,60}\??$/.test(q) || /\b(defin\w*|meant by|mean by|what does .* mean|refer to)\b/.test(q)) return 'definition';
  if (/^how\b|\b(method|approach|procedure|technique|obtain\w*|collect\w*|comput\w*|measur\w*|implement\w*|train\w*)\b/.test(q)) return 'method';
  return 'other';
}

/**
 * The asking part of a text: its sentences that end in a question mark, when it has
 * other sentences too ("That sounds useful. Did you try it on tweets?"), so the
 * preamble does not dilute what must be covered.
 */
export function askingPart(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const asking = sentences.filter((s) => s.trim().endsWith('?'));
  return asking.length && asking.length < sentences.length ? asking.join(' ') : text;
}

/** The question's topic terms, processed like index terms. Falls back to all terms when scaffolding is all there is. */
export function topicTerms(question: string): string[] {
  const all = [...new Set(termsOf(askingPart(question)))];
  const topic = all.filter((t) => !SCAFFOLDING.has(t));
  return topic.length ? topic : all;
}

/**
 * Relational words: prepositions, negations, quantifiers and comparatives. They help rank passages
 * ("pain after surgery"), but an answer need not repeat them ("the difference between A and B" is
 * answered by "A lowered B"), so they are not part of what an answer must cover.
 */
const RELATIONAL = new Set(termsOf('against between into through during before after above below up down out off over under again further all both each more most no nor not only same than'));

/**
 * The terms a search hit marks: every query term but pronouns and auxiliaries (a writer's "we" matched nearly every
 * paragraph). Content words that frame a question stay: "paper" is the topic of "paper length".
 */
export function markedTerms(query: string): string[] {
  const all = [...new Set(termsOf(query))];
  const marked = all.filter((t) => !GRAMMAR_TERMS.has(t));
  return marked.length ? marked : all;
}

/** The topic terms an answer sentence must cover for the answer not to abstain. */
export function coverageTerms(question: string): string[] {
  const topic = topicTerms(question);
  const content = topic.filter((t) => !RELATIONAL.has(t));
  return content.length ? content : topic;
}

/** Phrases that mark a sentence as the kind of answer a question of this kind wants. */
const ANSWER_CUES: Record<QuestionKind, RegExp | null> = {
  definition: /\b(is|are) (defined|called|referred to|known) as\b|\b(we|they) (define|call|refer to)\b|\brefers? to\b|\bdenotes?\b|\b(is|are) (a|an|the) [a-z-]+\b|\bi\.e\.|\bnamely\b|\bconsists? of\b/i,
  method: /\b(by|using|via|through|we (use|used|collect\w*|obtain\w*|train\w*|appl\w*|comput\w*|construct\w*|build|built|crawl\w*|annotat\w*)|is (computed|obtained|collected|trained|built|constructed))\b/i,
  reason: /\b(because|since|due to|in order to|so that|motivat\w*|to (avoid|ensure|address|reduce|improve|allow|enable))\b/i,
  quantity: /\d/,
  // Dev halves, evidence hit with this cue (was: no kind for comparisons): Evidence Inference 0.500 -> 0.574,
  // COVID-QA, ArgSciChat and QASPER unchanged (0.813, 0.582, 0.5), at the cue bonus of 0.1 (now 0.2: answer-sentences.ts).
  comparison: /\b(significant\w*|p\s*[<=>≤]|compared (with|to)|than|versus|vs\.?|no (significant )?difference|differ\w*|increas\w*|decreas\w*|reduc\w*|improv\w*|higher|lower|outperform\w*)\b/i,
  papers: null,
  summary: null,
  other: null,
};

export function answerCue(kind: QuestionKind): RegExp | null {
  return ANSWER_CUES[kind];
}
