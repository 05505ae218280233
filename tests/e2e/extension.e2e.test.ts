/**
 * The extension end to end in real headless Chromium with real IndexedDB: a local
 * server plays arxiv.org; we click Save on the abs page, open the side panel, ask,
 * and check every shown quote against the paragraph stored in the library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_IDS } from '../../tools/arxiv-standin';
import { SAMPLE_PAPER, fixturePath } from '../../tools/fixture-papers';
import { evaluateHtml } from '../../tools/eval/html-eval';
import { passagesInPrompt, promptKind, startOpenAiStandIn } from '../../tools/openai-standin';
import { clickSave, requestFromPage, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { fixturePaper } from '../support/fixtures';

describe('Verbatim extension in Chromium', () => {
  let harness: ExtensionHarness;
  beforeAll(async () => {
    harness = await startExtensionHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('saves a paper from its abs page, then answers a question with quotes that are in the stored text', async () => {
    const page = await harness.openAbsPage();
    const status = await clickSave(page);
    await screenshot(page, 'abs-page-saved');
    const expected = fixturePaper(SAMPLE_PAPER.folder);
    // The numbers `npm run eval:html` reports for this paper are what the extension stores.
    const evaluated = evaluateHtml(SAMPLE_PAPER.folder, fixturePath(SAMPLE_PAPER.folder, 'paper.latexml.html'));
    expect(evaluated.citationsUnresolved).toBe(0);
    expect(status).toBe(`Saved v1: ${evaluated.paragraphs} paragraphs, ${evaluated.references} references, ${evaluated.citations} citations.`);
    // The full text came from the stand-in's /html/ page, not from anywhere else.
    expect(harness.standIn.requests).toContain(`/html/${SAMPLE_PAPER.arxivId}v1`);

    const panel = await harness.openSidePanel();
    const entry = panel.getByTestId('library-paper');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.first().textContent()).toContain(expected.title);
    expect(await entry.first().textContent()).toContain('v1');

    await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('answer').waitFor();
    const chips = panel.getByTestId('citation-chip');
    expect(await chips.count()).toBeGreaterThan(0);

    const stored = await requestFromPage(panel, 'library/get', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` });
    expect(stored.paragraphs).toHaveLength(evaluated.paragraphs);
    expect(stored.references).toHaveLength(evaluated.bibitems);
    expect(stored.sections).toHaveLength(evaluated.sections);
    expect(stored.paragraphs.flatMap((p) => p.citations).flatMap((c) => c.referenceIds)).toHaveLength(evaluated.citationsLinked);
    expect(stored.paragraphs.map((p) => p.text)).toEqual(expected.paragraphs.map((p) => p.text));
    expect(stored.metadata).toMatchObject({ primaryCategory: 'quant-ph', arxivDoi: `10.48550/arXiv.${SAMPLE_PAPER.arxivId}`, submissions: [{ version: 'v1' }] });
    for (const chip of await chips.all()) {
      const paragraphId = (await chip.getAttribute('data-paragraph-id'))!;
      const start = Number(await chip.getAttribute('data-start'));
      const end = Number(await chip.getAttribute('data-end'));
      const quote = (await chip.getAttribute('data-quote'))!;
      const paragraph = stored.paragraphs.find((p) => p.id === paragraphId);
      expect(paragraph, paragraphId).toBeDefined();
      expect(quote.length).toBeGreaterThan(20);
      expect(paragraph!.text).toContain(quote);
      expect(paragraph!.text.slice(start, end)).toBe(quote);
    }

    // Clicking a citation opens the passage with the quote highlighted.
    await chips.first().click();
    const highlight = panel.getByTestId('highlight');
    await highlight.waitFor();
    expect(await highlight.textContent()).toBe(await chips.first().getAttribute('data-quote'));
    expect(await panel.getByTestId('answer-stats').textContent()).toMatch(/0 unsupported/);
    await screenshot(panel, 'side-panel-answer');
  });

  it('says so when the same version is saved again, and keeps one entry', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/html/${SAMPLE_PAPER.arxivId}v1`);
    expect(await clickSave(page)).toBe('Already in your library v1: nothing to do.');
    const panel = await harness.openSidePanel();
    await panel.getByTestId('library-paper').first().waitFor();
    expect(await panel.getByTestId('library-paper').count()).toBe(1);
  });

  it.each([
    [FAILURE_IDS.withdrawn, /withdrawn/],
    [FAILURE_IDS.conversionFailed, /could not convert this paper/],
    [FAILURE_IDS.oversized, /larger than 5 MB/],
    [FAILURE_IDS.notFound, /not an arXiv paper|not found/],
  ])('refuses %s with a clear message and leaves the library as it was', async (id, message) => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/abs/${id}`);
    expect(await clickSave(page)).toMatch(message);
    const panel = await harness.openSidePanel();
    const papers = await requestFromPage(panel, 'library/list', {});
    expect(papers.map((p) => p.arxivId)).toEqual([SAMPLE_PAPER.arxivId]);
    await page.close();
    await panel.close();
  });

  it('replaces the saved text when arXiv has a newer version, keeping one entry', async () => {
    harness.standIn.publishVersion(SAMPLE_PAPER.arxivId, 'v2');
    const page = await harness.openAbsPage();
    expect(await clickSave(page)).toMatch(/^Updated to v2 \(was v1\): \d+ paragraphs/);
    expect(harness.standIn.requests).toContain(`/html/${SAMPLE_PAPER.arxivId}v2`);
    const panel = await harness.openSidePanel();
    await panel.getByTestId('library-paper').first().waitFor();
    expect(await panel.getByTestId('library-paper').count()).toBe(1);
    expect(await panel.getByTestId('library-paper').first().textContent()).toContain('v2');
    const bibtex = await requestFromPage(panel, 'library/cite', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}`, format: 'bibtex' });
    expect(bibtex.text).toMatch(/eprint = \{2104\.01180\}[\s\S]*primaryClass = \{quant-ph\}[\s\S]*doi = \{10\.48550\/arXiv\.2104\.01180\}/);
    await screenshot(panel, 'side-panel-library');
  });

  it('saves a paper with an old-style id', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto('https://arxiv.org/abs/cs/0112017');
    expect(await clickSave(page)).toMatch(/^Saved v1: \d+ paragraphs, 27 references/);
    const panel = await harness.openSidePanel();
    const papers = await requestFromPage(panel, 'library/list', {});
    expect(papers.map((p) => p.id).sort()).toEqual(['arxiv:2104.01180', 'arxiv:cs/0112017']);
  });

  it('refuses a second save of a paper that is still being saved', async () => {
    const panel = await harness.openSidePanel();
    const url = 'https://arxiv.org/abs/0001.00005';
    const results = await panel.evaluate(async (u) => {
      const send = () => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; error?: { code: string } }> } } }).chrome.runtime.sendMessage({ channel: 'verbatim', type: 'library/save', payload: { url: u } });
      return Promise.all([send(), send()]);
    }, url);
    expect(results.map((r) => (r.ok ? 'ok' : r.error!.code)).sort()).toEqual(['SAVE_IN_PROGRESS', 'ok']);
    expect((await requestFromPage(panel, 'library/list', {})).filter((p) => p.arxivId === '0001.00005')).toHaveLength(1);
  });

  it('falls back to the PDF when arXiv has no HTML full text, and saves /pdf/ pages', async () => {
    const abs = await harness.browser.context.newPage();
    await abs.goto('https://arxiv.org/abs/1810.02909');
    expect(await clickSave(abs)).toMatch(/^Saved v1: \d{2,} paragraphs, \d+ references/);
    expect(harness.standIn.requests).toContain('/pdf/1810.02909v1');
    const pdf = await harness.browser.context.newPage();
    await pdf.goto('https://arxiv.org/pdf/2305.14627');
    expect(await clickSave(pdf)).toMatch(/^Saved v1: \d{3,} paragraphs, (4\d|5\d) references/);
    const panel = await harness.openSidePanel();
    const alce = await requestFromPage(panel, 'library/get', { paperId: 'arxiv:2305.14627' });
    expect(alce.source).toBe('pdf');
    expect(alce.paragraphs.every((p) => (p.page ?? 0) >= 1 && (p.boxes?.length ?? 0) > 0)).toBe(true);
    expect(alce.paragraphs.flatMap((p) => p.citations).length).toBeGreaterThan(50);
    // Questions reach PDF-extracted papers too, with quotes from their stored text (scoped to this paper).
    await panel.getByLabel('Scope').selectOption('arxiv:2305.14627');
    await panel.getByTestId('question').fill('How does ALCE evaluate citation quality?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('answer').waitFor();
    const chips = await panel.getByTestId('citation-chip').all();
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips) {
      expect(await chip.getAttribute('data-paper-id')).toBe('arxiv:2305.14627');
      const paragraphId = await chip.getAttribute('data-paragraph-id');
      const paragraph = alce.paragraphs.find((p) => p.id === paragraphId)!;
      expect(paragraph.text.slice(Number(await chip.getAttribute('data-start')), Number(await chip.getAttribute('data-end')))).toBe(await chip.getAttribute('data-quote'));
    }
  });

  it('imports a PDF the user picks in the side panel', async () => {
    const panel = await harness.openSidePanel();
    await panel.getByTestId('import').setInputFiles(fixturePath('xai-misconceptions-ccby', 'paper.pdf'));
    await panel.getByTestId('notice').filter({ hasText: /paper\.pdf: (saved|already)/ }).waitFor({ timeout: 60_000 });
    const papers = await requestFromPage(panel, 'library/list', {});
    expect(papers.some((p) => p.title.startsWith('On Explainable Machine Learning Misconceptions'))).toBe(true);
  });

  it('answers through an OpenAI-compatible endpoint set in the side panel, showing only verified quotes', async () => {
    const endpoint = await startOpenAiStandIn((request) => {
      const passages = passagesInPrompt(request);
      const kind = promptKind(request);
      if (kind === 'plan') return { content: '{"queries": ["graph neural network value"]}' };
      if (kind === 'judge') return { content: JSON.stringify({ relevant: passages.slice(0, 4).map((p) => p.id), sufficient: true }) };
      return {
        content: JSON.stringify({
          sentences: [
            // A sentence that restates its quote: one that says something else would be "check the source".
            { text: `The paper says that ${passages[0]!.text.split(' ').slice(0, 10).join(' ')}.`, citations: [{ id: passages[0]!.id, quote: passages[0]!.text.split(' ').slice(0, 10).join(' ') }] },
            { text: 'An invented claim.', citations: [{ id: 'P404', quote: 'nothing like this exists' }] },
          ],
        }),
      };
    });
    const panel = await harness.openSidePanel();
    try {
      await requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: endpoint.baseURL, model: 'scripted' });
      await panel.reload();
      await panel.getByText('Model: scripted via').waitFor();
      await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
      await panel.getByTestId('ask').click();
      await panel.getByTestId('answer').waitFor();
      expect(await panel.getByTestId('answer-stats').textContent()).toMatch(/2 sentences · 1 verified · 0 snapped · 1 unsupported · 3 LLM calls/);
      expect(await panel.locator('.sentence.unsupported .badge').count()).toBe(1);
      expect(endpoint.requests).toHaveLength(3);
      await screenshot(panel, 'side-panel-llm-answer');
    } finally {
      await requestFromPage(panel, 'settings/set', { provider: 'extractive' });
      await endpoint.close();
    }
  });

  it('abstains in the side panel when the library has no answer', async () => {
    const panel = await harness.openSidePanel();
    await panel.getByTestId('question').fill('Who won the 1998 football world cup?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('abstained').waitFor();
    expect(await panel.getByTestId('citation-chip').count()).toBe(0);
  });

  it('lists the closest passages under an abstention, and opens one', async () => {
    const panel = await harness.openSidePanel();
    await panel.getByTestId('question').fill('How much energy does the trapped ion hardware use per laser pulse?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('abstained').waitFor();
    expect(await panel.getByTestId('citation-chip').count()).toBe(0);
    expect(await panel.getByTestId('answer-passages').locator('summary').textContent()).toMatch(/^Closest passages \([1-3]\)$/);
    await panel.getByTestId('answer-passages').locator('summary').click();
    expect(await panel.getByTestId('answer-passages').textContent()).toContain('Qubit Routing');
    await panel.getByTestId('passage-link').first().click();
    await panel.getByTestId('passage').waitFor();
    await screenshot(panel, 'side-panel-abstention-closest-passages');
  });
});
