import { describe, expect, it } from 'vitest';
import { classifySender, isFromExtensionContext } from '../../extension/sender-policy';
import { transportError } from '../../extension/transport-errors';
import { VerbatimError } from '../../shared/errors';
import { isRequestAllowed, REQUEST_ACCESS, type Caller, type MessageType } from '../../shared/protocol';

const self = { id: 'ourextensionid', origin: 'chrome-extension://ourextensionid/' };
const page = 'https://arxiv.org/abs/2104.01180';

describe('who sent a message', () => {
  it('knows our extension pages, in the side panel or in a tab', () => {
    expect(classifySender({ id: self.id, url: `${self.origin}sidepanel.html` }, self)).toEqual({ kind: 'extension-page' });
    expect(classifySender({ id: self.id, url: `${self.origin}sidepanel.html`, tab: { id: 3, url: `${self.origin}sidepanel.html` }, frameId: 0 }, self)).toEqual({ kind: 'extension-page' });
  });

  it('knows our content script in the top frame of an arXiv page over https', () => {
    expect(classifySender({ id: self.id, url: page, frameId: 0, tab: { id: 7, url: page } }, self)).toEqual({ kind: 'content-script', pageUrl: page });
  });

  it.each([
    ['another extension', { id: 'otherextension', url: 'chrome-extension://otherextension/page.html' }],
    ['another extension claiming our page URL', { id: 'otherextension', url: `${self.origin}sidepanel.html` }],
    ['no id', { url: `${self.origin}sidepanel.html` }],
    ['no URL', { id: self.id }],
    ['a sub-frame', { id: self.id, url: page, frameId: 4, tab: { id: 7, url: page } }],
    ['a frame whose URL is not its tab\'s', { id: self.id, url: page, frameId: 0, tab: { id: 7, url: 'https://arxiv.org/abs/9999.99999' } }],
    ['a page off arXiv', { id: self.id, url: 'https://evil.example/abs/2104.01180', frameId: 0, tab: { id: 7, url: 'https://evil.example/abs/2104.01180' } }],
    ['an http arXiv page', { id: self.id, url: 'http://arxiv.org/abs/2104.01180', frameId: 0, tab: { id: 7, url: 'http://arxiv.org/abs/2104.01180' } }],
    ['a web page with no tab', { id: self.id, url: page }],
  ])('refuses %s', (_name, sender) => {
    expect(classifySender(sender, self)).toBeNull();
  });

  it('believes events only from the background or our pages', () => {
    expect(isFromExtensionContext({ id: self.id, url: `${self.origin}background.js` }, self)).toBe(true);
    expect(isFromExtensionContext({ id: self.id }, self)).toBe(true);
    expect(isFromExtensionContext({ id: self.id, url: page, tab: { id: 7, url: page } }, self)).toBe(false);
    expect(isFromExtensionContext({ id: self.id, tab: { id: 7 } }, self)).toBe(false);
    expect(isFromExtensionContext({ id: 'other', url: `${self.origin}background.js` }, self)).toBe(false);
  });
});

describe('the request access table', () => {
  const extensionPage: Caller = { kind: 'extension-page' };
  const contentScript: Caller = { kind: 'content-script', pageUrl: page };

  it('lets extension pages make every request', () => {
    for (const type of Object.keys(REQUEST_ACCESS) as MessageType[]) expect(isRequestAllowed(type, {}, extensionPage), type).toBe(true);
  });

  it('lets a content script only save, or ask the saved status of, the page it is on', () => {
    for (const type of ['library/save', 'library/status'] as const) {
      expect(isRequestAllowed(type, { url: page }, contentScript)).toBe(true);
      expect(isRequestAllowed(type, { url: 'https://arxiv.org/abs/1810.02909' }, contentScript)).toBe(false);
      expect(isRequestAllowed(type, null, contentScript)).toBe(false);
    }
    for (const type of Object.keys(REQUEST_ACCESS) as MessageType[]) {
      if (type !== 'library/save' && type !== 'library/status') expect(isRequestAllowed(type, { url: page, paperId: 'arxiv:2104.01180' }, contentScript), type).toBe(false);
    }
  });

  it('refuses request types it does not know', () => {
    expect(isRequestAllowed('library/drop-all' as MessageType, {}, extensionPage)).toBe(false);
    expect(isRequestAllowed('toString' as MessageType, {}, extensionPage)).toBe(false);
  });
});

describe('messaging failures', () => {
  it('names a background that went away instead of showing the browser\'s message', () => {
    for (const message of [
      'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
      'The message port closed before a response was received.',
      'Could not establish connection. Receiving end does not exist.',
      'Extension context invalidated.',
    ]) {
      const error = transportError(new Error(message), 'library/save');
      expect(error).toBeInstanceOf(VerbatimError);
      expect(error).toMatchObject({ code: 'CONTEXT_LOST' });
      expect((error as Error).message).toMatch(/background stopped before it answered/);
    }
  });

  it('leaves other errors as they are', () => {
    const other = new Error('something else');
    expect(transportError(other, 'library/save')).toBe(other);
    const named = new VerbatimError('NETWORK');
    expect(transportError(named, 'library/save')).toBe(named);
  });
});
