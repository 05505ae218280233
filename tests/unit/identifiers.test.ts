import { describe, expect, it } from 'vitest';
import { compareVersions, findArxivId, findDoi, isArxivId, parseArxivIdStrict, parseDoi, parseWebUrl, versionNumber } from '../../shared/model/identifiers';
import { parseArxivId } from '../../shared/extract/arxiv-id';

describe('identifiers', () => {
  it('accepts DOIs of the form 10.NNNN/suffix and refuses anything that could break out of a field', () => {
    expect(parseDoi('10.1103/PhysRevD.104.012345')).toBe('10.1103/PhysRevD.104.012345');
    expect(parseDoi('10.48550/arXiv.2104.01180')).toBe('10.48550/arXiv.2104.01180');
    for (const bad of ['10.9999/x},title={Owned', '10.1/x', '10.1000/a b', '10.1000/a\nb', '10.1000/a\u202eb', '10.1000/a\u200bb', 'doi:10.1000/x', '11.1000/x', '10.1000/', '10.1000/a\\b']) {
      expect(parseDoi(bad), bad).toBeNull();
    }
  });

  it('finds a DOI in running text and links, without trailing punctuation, and skips invalid ones', () => {
    expect(findDoi('See https://doi.org/10.1145/3290605.3300233.')).toBe('10.1145/3290605.3300233');
    expect(findDoi('(doi:10.1000/xyz123), p. 3')).toBe('10.1000/xyz123');
    expect(findDoi('10.9999/x},title={Owned')).toBeNull();
    expect(findDoi('no doi here')).toBeNull();
  });

  it('parses new- and old-style arXiv ids with optional versions', () => {
    expect(parseArxivIdStrict('2104.01180v2')).toEqual({ id: '2104.01180', version: 'v2' });
    expect(parseArxivIdStrict('hep-th/9901001')).toEqual({ id: 'hep-th/9901001', version: null });
    expect(parseArxivIdStrict('math.GT/0309136v1')).toEqual({ id: 'math.GT/0309136', version: 'v1' });
    expect(parseArxivId(' arXiv:2104.01180 ')).toEqual({ id: '2104.01180', version: null });
    for (const bad of ['2104.01180v0', '2104.01180vX', '2104.011', '2104.01180}', 'hep-th/990100', '../2104.01180']) expect(parseArxivIdStrict(bad), bad).toBeNull();
    expect(isArxivId('2104.01180v2')).toBe(false);
  });

  it('compares versions as numbers and refuses a malformed version instead of comparing NaN', () => {
    expect(compareVersions('v10', 'v9')).toBeGreaterThan(0);
    expect(compareVersions('v2', 'v2')).toBe(0);
    expect(compareVersions(null, 'v1')).toBeLessThan(0);
    expect(versionNumber('v12')).toBe(12);
    expect(() => compareVersions('vX', 'v3')).toThrow(expect.objectContaining({ code: 'BAD_IDENTIFIER' }));
    expect(() => compareVersions('v3', 'v')).toThrow(expect.objectContaining({ code: 'BAD_IDENTIFIER' }));
  });

  it('accepts only http(s) URLs without credentials', () => {
    expect(parseWebUrl('https://arxiv.org/abs/2104.01180')).toBe('https://arxiv.org/abs/2104.01180');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.org/', 'https://user:pw@example.org/', 'https://user@example.org/', 'not a url', 'https://exa\u202emple.org/']) {
      expect(parseWebUrl(bad), bad).toBeNull();
    }
  });

  it('finds a printed DOI with its own brackets, without the brackets around it, and never one that could break out of a field', () => {
    expect(findDoi('(doi:10.1234/abc.def)')).toBe('10.1234/abc.def');
    expect(findDoi('https://doi.org/10.1002/(SICI)1097-4571, 1998.')).toBe('10.1002/(SICI)1097-4571');
    expect(findDoi('doi:10.9999/x},title={Owned}')).toBeNull();
  });

  it('finds the arXiv id a reference or a link cites, in each way running text writes it', () => {
    expect(findArxivId('A. Author. Title. arXiv preprint arXiv:1901.09749, 2019.')).toBe('1901.09749');
    expect(findArxivId('ArXiv e-prints, arXiv:2104.01180')).toBe('2104.01180');
    expect(findArxivId('https://arxiv.org/abs/2104.01180v2')).toBe('2104.01180');
    expect(findArxivId('see https://example.org/abs/1508.07744 for details')).toBe('1508.07744');
    expect(findArxivId('J. Maldacena, Adv. Theor. Math. Phys. 2, 231 (1998), hep-th/9711200.')).toBe('hep-th/9711200');
    expect(findArxivId('arXiv:hep-th/9901001')).toBe('hep-th/9901001');
    expect(findArxivId('Phys. Rev. D 12 (1997) 263, doi:10.1103/PhysRevD.12.263')).toBeNull();
  });
});
