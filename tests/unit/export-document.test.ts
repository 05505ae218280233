import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import type { Answer } from '../../shared/answer/answer';
import { exportAnswer, exportQuotes } from '../../shared/export/build-export-document';
import { bibFile, cslJsonFile, parseTextExportFormat } from '../../shared/export/export-files';
import { toLatex } from '../../shared/export/to-latex';
import { toMarkdown } from '../../shared/export/to-markdown';
import { VerbatimError } from '../../shared/errors';
import type { LibraryPaper } from '../../shared/model/paper';
import { asLibraryPaper, fixturePaper, HTML_FIXTURES } from '../support/fixtures';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';

// As the extension saves it: with its arXiv id, which gives the year and the abs-page link.
const QROUTE = asLibraryPaper({ ...fixturePaper(SAMPLE_PAPER.folder), arxivId: SAMPLE_PAPER.arxivId, version: SAMPLE_PAPER.version });
const ALL = HTML_FIXTURES.map((f) => (f === SAMPLE_PAPER.folder ? QROUTE : asLibraryPaper(fixturePaper(f))));
const QUESTION = 'How is the Monte Carlo tree search guided?';

function answerFrom(papers: LibraryPaper[]): { answer: Answer; papers: ReadonlyMap<string, LibraryPaper> } {
  const library = LibrarySnapshot.fromPapers(papers);
  return { answer: answerExtractively(QUESTION, library, { paperIds: [QROUTE.id] }), papers: library.papers };
}

function bibKeys(bib: string): string[] {
  return [...bib.matchAll(/@\w+\{([^,\s]+),/g)].map((m) => m[1]!);
}

function latexKeys(latex: string): string[] {
  return [...latex.matchAll(/\\(?:no)?cite(?:\[[^\]]*\])?\{([^}]+)\}/g)].flatMap((m) => m[1]!.split(','));
}

/** The works cited (by in-text citation links) inside the paragraphs an answer's supported sentences quote. */
function referencesCitedIn(answer: Answer, paper: LibraryPaper): Set<string> {
  const ids = new Set<string>();
  for (const sentence of answer.sentences.filter((s) => s.support === 'verified' || s.support === 'snapped')) {
    for (const c of sentence.citations.filter((x) => x.verified)) {
      for (const inText of paper.paragraphs.find((p) => p.id === c.paragraphId)!.citations) for (const id of inText.referenceIds) ids.add(id);
    }
  }
  return ids;
}

describe('exportAnswer', () => {
  const { answer, papers } = answerFrom([QROUTE]);

  it('lists the quoted paper first, then the works its quoted paragraphs cite, each once', () => {
    expect(answer.abstained).toBe(false);
    const document = exportAnswer(answer, papers, { style: 'ieee' });
    expect(document.bibliography.map((e) => e.id)).toEqual([QROUTE.id]);
    const cited = referencesCitedIn(answer, QROUTE);
    expect(cited.size).toBeGreaterThan(0);
    // Each secondary entry is one of the works cited in those paragraphs (several references can be one work).
    expect(document.secondary.length).toBeGreaterThan(0);
    expect(document.secondary.length).toBeLessThanOrEqual(cited.size);
    expect(document.records.map((r) => r.id)).toEqual([...document.bibliography, ...document.secondary].map((e) => e.id));
    expect(new Set(document.records.map((r) => r.id)).size).toBe(document.records.length);
  });

  it('writes a .bib of exactly the works the LaTeX cites (\\cite and \\nocite), under the same keys', () => {
    const document = exportAnswer(answer, papers, { style: 'ieee' });
    const bib = bibFile(document);
    expect(new Set(bibKeys(bib))).toEqual(new Set(latexKeys(toLatex(document))));
    expect(bibKeys(bib)).toHaveLength(document.records.length);
  });

  it('writes CSL-JSON whose ids are the keys Pandoc cites', () => {
    const document = exportAnswer(answer, papers, { style: 'apa' });
    const items = JSON.parse(cslJsonFile(document)) as { id: string }[];
    const markdown = toMarkdown(document, 'verbatim.json');
    const cited = new Set([...markdown.matchAll(/@([A-Za-z0-9_:.-]+)/g)].map((m) => m[1]!));
    expect(new Set(items.map((i) => i.id))).toEqual(cited);
  });

  it('keeps every key when the library grows', () => {
    const before = exportAnswer(answer, papers, { style: 'ieee' });
    const bigger = answerFrom(ALL);
    const after = exportAnswer(bigger.answer, bigger.papers, { style: 'ieee' });
    for (const [id, key] of before.keys) if (after.keys.has(id)) expect(after.keys.get(id)).toBe(key);
    expect(after.keys.get(QROUTE.id)).toBe(before.keys.get(QROUTE.id));
  });

  it('leaves out sentences that are not supported, and the works only they cite', () => {
    const other = ALL.find((p) => p.id !== QROUTE.id)!;
    const paragraph = other.paragraphs.find((p) => p.kind === 'text' && p.citations.length > 0)!;
    const withCheckSource: Answer = {
      ...answer,
      sentences: [
        ...answer.sentences,
        {
          text: 'A claim its quote does not make.',
          support: 'check-source',
          citations: [{ paperId: other.id, paragraphId: paragraph.id, quote: paragraph.text.slice(0, 40), verified: true, score: 100, start: 0, end: 40 }],
        },
      ],
    };
    const document = exportAnswer(withCheckSource, new Map([...papers, [other.id, other]]), { style: 'ieee' });
    expect(document.blocks.map((b) => b.text)).not.toContain('A claim its quote does not make.');
    expect(document.records.map((r) => r.id)).not.toContain(other.id);
    expect(document.records).toHaveLength(exportAnswer(answer, papers, { style: 'ieee' }).records.length);
  });

  it('refuses an answer with nothing supported, by name', () => {
    const none: Answer = { ...answer, sentences: answer.sentences.map((s) => ({ ...s, support: 'unsupported' as const })) };
    expect(() => exportAnswer(none, papers, { style: 'ieee' })).toThrow(expect.objectContaining({ code: 'EXPORT_NOTHING_CITED' }));
  });

  it('renders the citations in the chosen style', () => {
    const numeric = exportAnswer(answer, papers, { style: 'ieee' });
    const authorDate = exportAnswer(answer, papers, { style: 'apa' });
    expect(numeric.blocks[0]!.citations[0]!.text).toMatch(/^\[\d+\]$/);
    expect(authorDate.blocks[0]!.citations[0]!.text).toMatch(/\d{4}/);
    expect(numeric.blocks[0]!.citations[0]!.work.url).toMatch(/^https:\/\/arxiv\.org\/abs\//);
  });
});

describe('exportQuotes', () => {
  const paragraph = QROUTE.paragraphs.find((p) => p.kind === 'text' && p.citations.some((c) => c.start !== undefined))!;
  const papers = new Map([[QROUTE.id, QROUTE]]);

  it('quotes the stored text of the span, with its locator', () => {
    const document = exportQuotes([{ paperId: QROUTE.id, paragraphId: paragraph.id, start: 0, end: paragraph.text.length }], papers, { style: 'ieee' });
    expect(document.blocks[0]).toMatchObject({ kind: 'quote', text: paragraph.text });
    expect(document.blocks[0]!.citations[0]!.work.locator?.paragraph).toBeGreaterThan(0);
    expect(document.secondary.length).toBeGreaterThan(0);
  });

  it('refuses a span outside the paragraph and an unknown paper, by name', () => {
    const bad = (start: number, end: number) => () => exportQuotes([{ paperId: QROUTE.id, paragraphId: paragraph.id, start, end }], papers, { style: 'ieee' });
    expect(bad(5, 5)).toThrow(expect.objectContaining({ code: 'BAD_PASSAGE_SPAN' }));
    expect(bad(0, paragraph.text.length + 1)).toThrow(expect.objectContaining({ code: 'BAD_PASSAGE_SPAN' }));
    expect(() => exportQuotes([{ paperId: 'arxiv:0000.00000', paragraphId: 'p1', start: 0, end: 1 }], papers, { style: 'ieee' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('parseTextExportFormat', () => {
  it('reads the four formats and names anything else', () => {
    expect(parseTextExportFormat('LaTeX')).toBe('latex');
    expect(() => parseTextExportFormat('rtf')).toThrow(VerbatimError);
  });
});
