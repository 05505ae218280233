import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_EN_US, STYLE_XML } from '../../shared/cite/csl/bundled-styles.generated';
import { CITATION_STYLES } from '../../shared/cite/styles';
import { BUNDLE_PATH, bundleSource, STYLE_FILES } from '../../tools/generate-csl-bundle';

describe('the bundled CSL styles', () => {
  it('match the .csl and locale files they are generated from (run `npm run generate:csl` after changing those)', () => {
    expect(readFileSync(BUNDLE_PATH, 'utf8')).toBe(bundleSource());
  });

  it('hold one real CSL style per style id, and the en-US locale', () => {
    expect(Object.keys(STYLE_XML).sort()).toEqual(CITATION_STYLES.map((s) => s.id).sort());
    expect(Object.keys(STYLE_FILES).sort()).toEqual(CITATION_STYLES.map((s) => s.id).sort());
    for (const xml of Object.values(STYLE_XML)) {
      expect(xml).toMatch(/<style xmlns="http:\/\/purl.org\/net\/xbiblio\/csl"/);
      expect(xml).toContain('creativecommons.org/licenses/by-sa/3.0');
    }
    expect(LOCALE_EN_US).toMatch(/<locale xmlns="http:\/\/purl.org\/net\/xbiblio\/csl"[^>]*xml:lang="en-US"/);
  });
});
