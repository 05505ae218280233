import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main';

const run = async (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (t) => out.push(t), (t) => err.push(t));
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('verbatim extract --debug', () => {
  it('prints each block with the rules that split, merged or labelled it', async () => {
    const { code, out } = await run(['extract', join(__dirname, '../fixtures/pdf-cases/aip-superscript.pdf'), '--debug']);
    expect(code).toBe(0);
    expect(out).toMatch(/^p1 +heading I +\[heading-numbered\] +INTRODUCTION$/m);
    expect(out).toMatch(/^p1 +text +\[break-indent[^\]]*\] +A second paragraph of the method/m);
    expect(out).toMatch(/\[break-size-change, bibliography-shape\] +A\. Einstein/);
    expect(out).toContain('bibliography: bibliography-shape');
    expect(out).toMatch(/dropped: invisible-glyph 0, overprinted-copy 0, line-number \d+/);
  }, 30_000);

  it('refuses --debug on files that are not PDFs', async () => {
    const { code, err } = await run(['extract', join(__dirname, '../fixtures/pdf-cases/aip-superscript.tex'), '--debug']);
    expect(code).toBe(1);
    expect(err).toMatch(/PDF/);
  });
});
