/**
 * An older paper end to end: arxiv.org has no HTML for it, so the extension reads
 * ar5iv's older LaTeXML (the stand-in plays ar5iv.labs.arxiv.org too) instead of the PDF,
 * and stores the same structure, references and citation links as arxiv.org/html would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAr5ivForm } from '../../tools/ar5iv-form';
import { evaluateHtmlText } from '../../tools/eval/html-eval';
import { FIXTURE_PAPERS } from '../../tools/fixture-papers';
import { clickSave, requestFromPage, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { fixtureHtml } from '../support/fixtures';

const OLDER = FIXTURE_PAPERS.find((p) => p.ar5iv)!;

describe('saving an older paper through ar5iv', () => {
  let harness: ExtensionHarness;
  beforeAll(async () => {
    harness = await startExtensionHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('tries arxiv.org/html, then ar5iv, and never needs the PDF', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/abs/${OLDER.arxivId}`);
    const status = await clickSave(page);
    const evaluated = evaluateHtmlText(`ar5iv:${OLDER.folder}`, toAr5ivForm(fixtureHtml(OLDER.folder), OLDER.arxivId));
    expect(status).toBe(`Saved v1: ${evaluated.paragraphs} paragraphs, ${evaluated.references} references, ${evaluated.citations} citations.`);
    const requests = harness.standIn.requests;
    expect(requests.indexOf(`/html/${OLDER.arxivId}v1`)).toBeGreaterThanOrEqual(0);
    expect(requests.indexOf(`/html/${OLDER.arxivId}`)).toBeGreaterThan(requests.indexOf(`/html/${OLDER.arxivId}v1`));
    expect(requests.some((r) => r.startsWith(`/pdf/${OLDER.arxivId}`))).toBe(false);

    const panel = await harness.openSidePanel();
    const paper = await requestFromPage(panel, 'library/get', { paperId: `arxiv:${OLDER.arxivId}` });
    expect(paper.source).toBe('arxiv-html');
    expect(paper.references).toHaveLength(evaluated.bibitems);
    expect(paper.references.every((r) => r.label && r.csl?.type)).toBe(true);
    const known = new Set(paper.references.map((r) => r.id));
    const links = paper.paragraphs.flatMap((p) => p.citations).flatMap((c) => c.referenceIds);
    expect(links.filter((id) => known.has(id)).length / evaluated.citationAnchors).toBeGreaterThanOrEqual(0.99);
  });
});
