/** copyExport against a stand-in clipboard: what each format puts there, and a refusal named. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { exportAnswer } from '../../shared/export/build-export-document';
import { bibFile, cslJsonFile } from '../../shared/export/export-files';
import { toHtml } from '../../shared/export/to-html';
import { toLatex } from '../../shared/export/to-latex';
import { toMarkdown } from '../../shared/export/to-markdown';
import { toPlainText } from '../../shared/export/to-plain-text';
import { BIB_FILE_NAME, copyExport } from '../../ui/copy-export';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const QROUTE = asLibraryPaper(fixturePaper('qroute-gnn-mcts-revtex'));
const library = LibrarySnapshot.fromPapers([QROUTE]);
const document = exportAnswer(answerExtractively('How is the Monte Carlo tree search guided?', library), library.papers, { style: 'ieee' });

/** A clipboard that keeps what it is given, as Chromium's does (or refuses, as it does without focus). */
function stubClipboard(refuse = false) {
  const written: { items?: Record<string, Blob>[]; text?: string } = {};
  class StubClipboardItem {
    constructor(readonly parts: Record<string, Blob>) {}
  }
  vi.stubGlobal('ClipboardItem', StubClipboardItem);
  vi.stubGlobal('navigator', {
    clipboard: {
      write: async (items: StubClipboardItem[]) => {
        if (refuse) throw new DOMException('Document is not focused.', 'NotAllowedError');
        written.items = items.map((i) => i.parts);
      },
      writeText: async (text: string) => {
        if (refuse) throw new DOMException('Document is not focused.', 'NotAllowedError');
        written.text = text;
      },
    },
  });
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyExport', () => {
  it('puts rich text on the clipboard as one item with text/html and its text/plain twin', async () => {
    const written = stubClipboard();
    await copyExport(document, 'rich');
    expect(written.items).toHaveLength(1);
    const item = written.items![0]!;
    expect(Object.keys(item).sort()).toEqual(['text/html', 'text/plain']);
    expect(await item['text/html']!.text()).toBe(toHtml(document));
    expect(await item['text/plain']!.text()).toBe(toPlainText(document));
  });

  it.each([
    ['latex', () => toLatex(document)],
    ['markdown', () => toMarkdown(document, BIB_FILE_NAME)],
    ['bib', () => bibFile(document)],
    ['csl-json', () => cslJsonFile(document)],
  ] as const)('copies %s as plain text', async (format, expected) => {
    const written = stubClipboard();
    await copyExport(document, format);
    expect(written.text).toBe(expected());
  });

  it('names a refused clipboard CLIPBOARD_DENIED, for rich text and plain text alike', async () => {
    stubClipboard(true);
    await expect(copyExport(document, 'rich')).rejects.toMatchObject({ code: 'CLIPBOARD_DENIED' });
    await expect(copyExport(document, 'latex')).rejects.toMatchObject({ code: 'CLIPBOARD_DENIED' });
  });
});
