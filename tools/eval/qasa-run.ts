/**
 * QASA's unanswerable questions, asked of a library of NLP papers that are not QASA's
 * (QASPER's, ArgSciChat's and three fixtures): the right outcome is to abstain.
 */
import { readFileSync } from 'node:fs';
import { LibrarySnapshot, type ExtractiveOptions } from '../../shared/answer/extractive';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { libraryIdFor, type LibraryPaper } from '../../shared/model/paper';
import { fixturePath } from '../fixture-papers';
import { ask } from './qa-run';
import { r3 } from './qa-metrics';
import type { QaSet } from './qa-sets/qa-set';
import { loadQasaUnanswerable } from './qa-sets/qasa-set';
import { splitDevTest, type EvalHalf } from './split';

/** The three fixture papers, read from their LaTeXML HTML. */
export function fixtureHtmlPapers(): LibraryPaper[] {
  return ['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'].map((f) => {
    const paper = extractLatexml(parseHtmlWithLinkedom(readFileSync(fixturePath(f, 'paper.latexml.html'), 'utf8')));
    return { ...paper, id: libraryIdFor(paper), savedAt: '' } as LibraryPaper;
  });
}

export function qasaLibrary(qasper: QaSet, argSciChat: QaSet, fixtures: readonly LibraryPaper[] = fixtureHtmlPapers()): LibrarySnapshot {
  return LibrarySnapshot.fromPapers([...qasper.papers, ...argSciChat.papers, ...fixtures]);
}

export function qasaAbstention(library: LibrarySnapshot, half: EvalHalf, options: ExtractiveOptions = {}): { questions: number; abstentionRate: number } {
  const items = splitDevTest(loadQasaUnanswerable(), (q) => q.paperId)[half];
  const abstained = items.filter((q) => ask(q.question, library, options)?.abstained ?? true).length;
  return { questions: items.length, abstentionRate: r3(abstained / Math.max(1, items.length)) };
}
