import { describe, expect, it } from 'vitest';
import { answerExtractively, answerExtractivelyWith, LibrarySnapshot } from '../../shared/answer/extractive';
import type { Answer } from '../../shared/answer/answer';
import type { LibraryPaper } from '../../shared/model/paper';
import type { Retriever } from '../../shared/search/retriever';
import { DenseLibrary, MemoryVectorStore } from '../../shared/search/dense-library';
import { FakeEmbedder } from '../support/fake-embedder';
import { syntheticPaper } from '../support/synthetic-library';

const routing = syntheticPaper('paper:routing', 'Qubit routing with tree search', {
  Abstract: ['We route qubits on hardware with limited connectivity by inserting swap gates chosen by a search procedure over candidate circuits.'],
  Method: [
    'Our router uses Monte Carlo tree search to choose which swap gates to insert. Each node of the tree is a partially routed circuit.',
    { kind: 'caption', text: 'Monte Carlo tree search chooses which swap gates the router inserts at every step.' },
    'Algorithm 1: Monte Carlo tree search chooses swap gates for the router at every step.',
    'A graph neural network estimates the value of each node. The network was trained on routed random circuits drawn from the benchmark suite.',
  ],
  Results: [
    'Routing with the learned value function inserts fewer swap gates than the greedy baseline on every benchmark circuit we tried.',
    'Monte Carlo tree search with more rollouts per step finds shorter routed circuits, at a higher search cost.',
  ],
});
const games = syntheticPaper('paper:games', 'Planning in board games', {
  Abstract: ['We study planning for board games where the branching factor is large and rewards arrive late.'],
  Method: ['The agent plans with Monte Carlo tree search guided by a learned policy prior, expanding the most promising moves first.'],
});
const chemistry = syntheticPaper('paper:chemistry', 'Retrosynthesis planning', {
  Abstract: ['Retrosynthesis asks which reactions produce a target molecule from purchasable building blocks.'],
  Method: ['Our planner applies Monte Carlo tree search over reaction templates to find synthesis routes for target molecules.'],
});
const proofs = syntheticPaper('paper:proofs', 'Theorem proving by search', {
  Abstract: ['We search for formal proofs with a language model that proposes tactics.'],
  Method: ['Proof search uses Monte Carlo tree search over tactic applications, scored by the language model.'],
});
const surveys = syntheticPaper('paper:surveys', 'Survey response rates', {
  Abstract: ['We measure how reminder emails change response rates in online surveys of university staff.'],
  Results: ['Two reminder emails raised the response rate from thirty to forty-five percent among the staff we contacted.'],
});

const paragraphOf = (paper: LibraryPaper, id: string) => paper.paragraphs.find((p) => p.id === id)!;
const citedParagraphs = (answer: Answer) => answer.sentences.flatMap((s) => s.citations.map((c) => `${c.paperId}#${c.paragraphId}`));

describe('the extractive answer form', () => {
  const library = LibrarySnapshot.fromPapers([routing, games, chemistry, proofs, surveys]);

  it('lists the best passages ranked, with their section and the matching sentences marked', () => {
    const answer = answerExtractively('What does the graph neural network estimate in the router?', library, { paperIds: [routing.id] });
    expect(answer.abstained).toBe(false);
    const passages = answer.passages!;
    expect(passages.length).toBeGreaterThan(1);
    for (let i = 1; i < passages.length; i++) expect(passages[i]!.score).toBeLessThanOrEqual(passages[i - 1]!.score);
    for (const passage of passages) {
      const paragraph = paragraphOf(routing, passage.paragraphId);
      expect(passage.sectionTitle).toBe(routing.sections.find((s) => s.id === paragraph.sectionId)!.title);
      for (const h of passage.highlights) {
        expect(h.start).toBeGreaterThanOrEqual(0);
        expect(h.end).toBeLessThanOrEqual(paragraph.text.length);
        expect(h.end).toBeGreaterThan(h.start);
      }
    }
    // The cited sentence is marked in its passage.
    const citation = answer.sentences[0]!.citations[0]!;
    expect(citation.quote).toMatch(/graph neural network estimates the value/);
    const passage = passages.find((p) => p.paragraphId === citation.paragraphId)!;
    expect(passage.highlights.some((h) => h.start <= citation.start && h.end >= citation.end)).toBe(true);
  });

  it('never answers with a caption or a short fragment, though it may list them as passages', () => {
    const answer = answerExtractively('Which swap gates does Monte Carlo tree search choose for the router?', library, { paperIds: [routing.id] });
    expect(answer.abstained).toBe(false);
    const caption = routing.paragraphs.find((p) => p.kind === 'caption')!;
    const algorithmTitle = routing.paragraphs.find((p) => p.text.startsWith('Algorithm 1'))!;
    expect(answer.passages!.map((p) => p.paragraphId)).toContain(caption.id);
    for (const s of answer.sentences) {
      expect([caption.id, algorithmTitle.id]).not.toContain(s.citations[0]!.paragraphId);
      expect(s.text.length).toBeGreaterThanOrEqual(40);
    }
  });

  it('answers a question across the library with one cited sentence per relevant paper', () => {
    const answer = answerExtractively('Which of my papers use Monte Carlo tree search?', library);
    expect(answer.abstained).toBe(false);
    const papers = answer.sentences.map((s) => s.citations[0]!.paperId);
    expect(new Set(papers).size).toBe(papers.length);
    expect(new Set(papers)).toEqual(new Set([routing.id, games.id, chemistry.id, proofs.id]));
    for (const s of answer.sentences) expect(s.text).toMatch(/Monte Carlo tree search/);
  });

  it('gives a single-paper question up to three sentences from different passages', () => {
    const answer = answerExtractively('How does the router choose swap gates, and what estimates the value of a node?', library, { paperIds: [routing.id] });
    expect(answer.sentences.length).toBeGreaterThan(0);
    expect(answer.sentences.length).toBeLessThanOrEqual(3);
    const cited = citedParagraphs(answer);
    expect(new Set(cited).size).toBe(cited.length);
  });

  it('abstains, with no passages, when the question is about a paper the library lacks', () => {
    const question = 'How much did reminder emails raise the survey response rate?';
    expect(answerExtractively(question, library).abstained).toBe(false);
    const withoutIt = LibrarySnapshot.fromPapers([routing, games, chemistry, proofs]);
    const answer = answerExtractively(question, withoutIt);
    expect(answer.abstained).toBe(true);
    expect(answer.sentences).toEqual([]);
    expect(answer.passages).toEqual([]);
  });

  it('reads only the question sentence of a conversational turn', () => {
    const answer = answerExtractively('Thanks, that makes sense to me. How much did reminder emails raise the survey response rate?', library);
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.citations[0]!.paperId).toBe(surveys.id);
  });
});

describe('extra retrievers fused by reciprocal rank', () => {
  const library = LibrarySnapshot.fromPapers([routing, games, chemistry, proofs, surveys]);

  it('answers through a dense retriever on the Embedder port, embedding each paragraph once', async () => {
    const embedder = new FakeEmbedder();
    const dense = new DenseLibrary(embedder, new MemoryVectorStore());
    await dense.indexPapers([routing, games, chemistry, proofs, surveys]);
    const first = await answerExtractivelyWith('What does the graph neural network estimate?', library, [dense]);
    expect(first.abstained).toBe(false);
    expect(first.sentences[0]!.citations[0]!.paperId).toBe(routing.id);
    const embeddedOnce = embedder.textsEmbedded;
    await answerExtractivelyWith('Which planner searches over reaction templates?', library, [dense]);
    expect(embedder.textsEmbedded).toBe(embeddedOnce + 1); // only the new question
  });

  it('ranks what the dense list alone finds into the passages where the words cover little of the question', async () => {
    const target = `${surveys.id}#p2`;
    const onlyTarget: Retriever = { name: 'stub-dense', retrieve: () => Promise.resolve([{ key: target, paperId: surveys.id, paragraphId: 'p2', score: 1 }]) };
    const passagesOf = (answer: { passages?: { paperId: string; paragraphId: string }[] }) => answer.passages!.map((p) => `${p.paperId}#${p.paragraphId}`);
    // "zorblat" and "frobnication" are in no paper, and "swap" not in this one: the words cover little, so the dense list joins.
    expect(passagesOf(await answerExtractivelyWith('Which swap zorblat frobnication?', library, [onlyTarget], { paperIds: [surveys.id], passagesToShow: 10 }))).toContain(target);
    // Covered by the words: the lexical ranking stands alone (meaning-fusion.ts).
    const covered = 'Which router inserts swap gates chosen by tree search?';
    expect(passagesOf(await answerExtractivelyWith(covered, library, [onlyTarget], { passagesToShow: 10 }))).not.toContain(target);
    expect(citedParagraphs(await answerExtractivelyWith(covered, library, [onlyTarget]))).toEqual(citedParagraphs(answerExtractively(covered, library)));
  });

  it('lists what search by meaning found when the answer abstains, though it shares no word with the question', async () => {
    const target = `${surveys.id}#p2`;
    const byMeaning: Retriever = { name: 'stub-dense', retrieve: () => Promise.resolve([{ key: target, paperId: surveys.id, paragraphId: 'p2', score: 0.8 }]) };
    const question = 'Zorblat quux frobnication?';
    const lexical = answerExtractively(question, library);
    expect(lexical.abstained).toBe(true);
    expect(lexical.passages!.map((p) => `${p.paperId}#${p.paragraphId}`)).not.toContain(target);
    const withMeaning = await answerExtractivelyWith(question, library, [byMeaning]);
    expect(withMeaning.abstained).toBe(true);
    expect(withMeaning.sentences).toEqual([]);
    expect(withMeaning.passages!.map((p) => `${p.paperId}#${p.paragraphId}`)).toContain(target);
    expect(withMeaning.passages!.find((p) => p.paragraphId === 'p2' && p.paperId === surveys.id)!.highlights).toEqual([]);
  });

  it('leaves out a retriever that fails (no model downloaded): the lexical answer stands', async () => {
    const failing: Retriever = { name: 'broken', retrieve: () => Promise.reject(new Error('model not downloaded')) };
    const question = 'What does the graph neural network estimate?';
    const fused = await answerExtractivelyWith(question, library, [failing]);
    expect(citedParagraphs(fused)).toEqual(citedParagraphs(answerExtractively(question, library)));
  });
});
