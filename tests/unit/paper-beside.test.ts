import { describe, expect, it } from 'vitest';
import type { PaperSummary } from '../../shared/library/library-store';
import { pointsAtOnePaper } from '../../shared/search/question-cues';
import { paperAt, scopeOfQuestion, urlBeside, type TabSnapshot } from '../../ui/paper-beside';

const summary = (id: string, extra: Partial<PaperSummary> = {}): PaperSummary => ({
  id, arxivId: null, version: null, source: 'arxiv-html', title: id, authors: [], savedAt: '2026-01-01T00:00:00Z', paragraphCount: 1, referenceCount: 0, citationCount: 0, ...extra,
});
const QROUTE = summary('arxiv:2104.01180', { arxivId: '2104.01180', version: 'v2' });
const FROM_WEB = summary('doc:abc', { source: 'pdf', url: 'https://example.org/papers/study.pdf' });
const PAPERS = [QROUTE, FROM_WEB, summary('arxiv:1508.07744', { arxivId: '1508.07744' })];
const VIEWER = 'chrome-extension://abc/pdf-viewer.html';
const isPanel = (url: string) => url.startsWith('chrome-extension://abc/sidepanel.html');

describe('questions that point at one paper', () => {
  it('are read from "this paper", "the study", "the authors", "they", "you", "the proposed", "this approach" and summary questions', () => {
    for (const q of [
      'What is this paper about?', 'Hi! Can you explain the main idea of the paper?', 'How did they obtain the dataset?', 'What do you mean with low resource domain?',
      'Which datasets do the authors use?', 'What is the primary diameter of the SPIONs used in this study?', 'What is the proposed model?',
      'Does this approach need labelled data?', 'What are the conclusions of the study?', "What is the paper's main contribution?",
    ]) expect(pointsAtOnePaper(q), q).toBe(true);
  });

  it('are not questions across the papers, about a topic, or about the study of something', () => {
    for (const q of [
      'Which of my papers use MCTS?', 'What papers discuss pruning?', 'What is the definition of offensive language?', 'How has the study of B-cells helped the treatment of RSV?',
      'What is the size of the HBoV genome?', 'How is the tree search guided?', 'Summarize the work by Smith on pruning', 'What is the work of the encoder?',
    ]) expect(pointsAtOnePaper(q), q).toBe(false);
  });
});

describe('the tab beside the panel', () => {
  const tab = (url: string, windowId: number, active = false, lastAccessed = 0): TabSnapshot => ({ url, windowId, active, lastAccessed });

  it('is the active tab of the panel\'s window', () => {
    expect(urlBeside([tab('https://arxiv.org/abs/1508.07744', 1, false, 9), tab('https://arxiv.org/abs/2104.01180', 1, true, 5), tab('https://arxiv.org/pdf/9999.99999', 2, true, 10)], 1, isPanel)).toBe('https://arxiv.org/abs/2104.01180');
  });

  it('is the tab the reader was in last when the panel is itself the active tab, never one of another window', () => {
    const tabs = [tab('https://arxiv.org/abs/1508.07744', 1, false, 3), tab('https://arxiv.org/abs/2104.01180', 1, false, 7), tab('chrome-extension://abc/sidepanel.html', 1, true, 8), tab('https://arxiv.org/abs/9999.99999', 2, true, 9)];
    expect(urlBeside(tabs, 1, isPanel)).toBe('https://arxiv.org/abs/2104.01180');
    expect(urlBeside([tab('chrome-extension://abc/sidepanel.html', 1, true), tab('https://arxiv.org/abs/9999.99999', 2, true)], 1, isPanel)).toBeNull();
  });

  it('is none when the window\'s active tab cannot be read (no address: a page without host permission)', () => {
    expect(urlBeside([{ windowId: 1, active: true }, tab('https://arxiv.org/abs/2104.01180', 1, false, 7)], 1, isPanel)).toBeNull();
  });
});

describe('the saved paper a page shows', () => {
  it('is found from any arXiv page of it, any version, ar5iv and the extension\'s PDF viewer', () => {
    for (const url of [
      'https://arxiv.org/abs/2104.01180', 'https://arxiv.org/html/2104.01180v1#S3', 'https://arxiv.org/pdf/2104.01180v2', 'https://ar5iv.labs.arxiv.org/html/2104.01180',
      `${VIEWER}?src=${encodeURIComponent('https://arxiv.org/pdf/2104.01180v2')}&page=3&boxes=&quote=`,
    ]) expect(paperAt(url, PAPERS, VIEWER)?.id, url).toBe(QROUTE.id);
  });

  it('is found from the address a paper was saved from, and is none for a page of no saved paper', () => {
    expect(paperAt('https://example.org/papers/study.pdf#page=2', PAPERS, VIEWER)?.id).toBe(FROM_WEB.id);
    expect(paperAt('https://arxiv.org/abs/2301.00001', PAPERS, VIEWER)).toBeNull();
    expect(paperAt('https://example.org/other.pdf', PAPERS, VIEWER)).toBeNull();
    expect(paperAt(`${VIEWER}?page=1`, PAPERS, VIEWER)).toBeNull();
  });
});

describe('the scope of a question', () => {
  it('is the chosen paper, else the paper beside for a question pointing at one paper, else the library', () => {
    expect(scopeOfQuestion('What is this paper about?', ['arxiv:1508.07744'], QROUTE)).toEqual({ paperIds: ['arxiv:1508.07744'] });
    expect(scopeOfQuestion('What is this paper about?', undefined, QROUTE)).toEqual({ paperIds: [QROUTE.id], beside: QROUTE });
    expect(scopeOfQuestion('How is the tree search guided?', undefined, QROUTE)).toEqual({});
    expect(scopeOfQuestion('Which of my papers use MCTS?', undefined, QROUTE)).toEqual({});
    expect(scopeOfQuestion('What is this paper about?', undefined, null)).toEqual({});
  });
});
