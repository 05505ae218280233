/** Test access to the team's fixtures (read in place) and to papers extracted from them. */
import { readFileSync } from 'node:fs';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { libraryIdFor, type LibraryPaper, type Paper } from '../../shared/model/paper';
import { fixturePath } from '../../tools/fixture-papers';

export const HTML_FIXTURES = ['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'] as const;

export function fixtureHtml(folder: string): string {
  return readFileSync(fixturePath(folder, 'paper.latexml.html'), 'utf8');
}

const cache = new Map<string, Paper>();
export function fixturePaper(folder: string): Paper {
  let paper = cache.get(folder);
  if (!paper) {
    paper = extractLatexml(parseHtmlWithLinkedom(fixtureHtml(folder)));
    cache.set(folder, paper);
  }
  return structuredClone(paper);
}

export function asLibraryPaper(paper: Paper): LibraryPaper {
  return { ...paper, id: libraryIdFor(paper), savedAt: '2026-01-01T00:00:00.000Z' };
}
