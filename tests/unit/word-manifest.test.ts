/**
 * The manifest generated for an origin passes the offline structural check, and the
 * check itself catches what the schema forbids (each rule fails on a manifest that breaks it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_ORIGIN, parsePaneOrigin, RELEASE_ORIGIN } from '../../addin/pane-origin';
import { manifestXml } from '../../addin/word-manifest';
import { validateManifest, wellFormednessProblem } from '../../tools/addin-manifest/validate-manifest';

const good = manifestXml('https://localhost:3000');

describe('add-in manifest', () => {
  it('is generated for the development and release origins and passes the offline check', () => {
    for (const origin of [DEVELOPMENT_ORIGIN, RELEASE_ORIGIN, 'https://pane.example.org:8443']) {
      const xml = manifestXml(origin);
      expect(validateManifest(xml)).toEqual([]);
      expect(xml).toContain(`<SourceLocation DefaultValue="${origin}/taskpane.html"/>`);
      expect(xml).toContain(`<AppDomain>${origin}</AppDomain>`);
      expect(xml.match(/https:\/\/[^"<\s]*/g)!.every((url) => url.startsWith(origin))).toBe(true);
    }
  });

  it('the committed manifest.xml is the generated one for the development origin', () => {
    expect(readFileSync('manifest.xml', 'utf8')).toBe(manifestXml(DEVELOPMENT_ORIGIN));
  });

  it('refuses origins that are not a bare https origin', () => {
    for (const bad of ['http://pane.example.org', 'https://pane.example.org/path', 'https://u:p@pane.example.org', 'ftp://x', 'not a url', 'https://x.org/?q=1']) {
      expect(parsePaneOrigin(bad)).toBeNull();
      expect(() => manifestXml(bad)).toThrow(expect.objectContaining({ code: 'BAD_MANIFEST_ORIGIN' }));
    }
    expect(parsePaneOrigin('https://localhost:3000/')).toBe('https://localhost:3000');
  });

  it('catches each broken rule', () => {
    const broken: [string, string, RegExp][] = [
      ['element order', good.replace(/(<Version>[^<]*<\/Version>)\s*(<ProviderName>[^<]*<\/ProviderName>)/, '$2$1'), /not allowed at this place|lacks <ProviderName>|lacks <Version>/],
      ['missing required element', good.replace(/<Permissions>[^<]*<\/Permissions>/, ''), /lacks <Permissions>/],
      ['unknown element', good.replace('<Hosts>', '<Extra/><Hosts>'), /<Extra> is not allowed/],
      ['id format', good.replace(/<Id>[^<]*<\/Id>/, '<Id>not-a-guid</Id>'), /Id is not a UUID/],
      ['version format', good.replace(/<Version>[^<]*<\/Version>/, '<Version>1.0.0.0.0</Version>'), /Version does not match/],
      ['permissions value', good.replace('ReadWriteDocument', 'Everything'), /Permissions is not one of/],
      ['locale', good.replace('en-US</DefaultLocale>', 'english</DefaultLocale>'), /DefaultLocale is not a culture name/],
      ['long display name', good.replace('DisplayName DefaultValue="Verbatim"', `DisplayName DefaultValue="${'x'.repeat(126)}"`), /longer than 125/],
      ['plain http URL', good.replace('<SourceLocation DefaultValue="https://', '<SourceLocation DefaultValue="http://'), /not https/],
      ['dangling resid', good.replace('resid="Group.Label"', 'resid="Nope"'), /resid "Nope" names no resource/],
      ['short version', good.replace('MinVersion="1.4"', 'MinVersion="1.4.1"'), /not a short version/],
      ['not well formed', good.replace('</Hosts>', ''), /not well-formed/],
      ['wrong root type', good.replace('xsi:type="TaskPaneApp"', 'xsi:type="MailApp"'), /TaskPaneApp/],
    ];
    for (const [name, xml, expected] of broken) {
      expect(xml, name).not.toBe(good);
      expect(validateManifest(xml).join('\n'), name).toMatch(expected);
    }
  });

  it('the well-formedness check finds unbalanced and doubled roots', () => {
    expect(wellFormednessProblem('<a><b/></a>')).toBeNull();
    expect(wellFormednessProblem('<a><b></a>')).toMatch(/does not close/);
    expect(wellFormednessProblem('<a/><b/>')).toMatch(/more than one root/);
    expect(wellFormednessProblem('<a>x & y</a>')).toMatch(/stray/);
  });
});
