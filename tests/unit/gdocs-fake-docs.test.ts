/** The fake DocumentApp behaves as the Apps Script reference says, and refuses broken states. */
import { describe, expect, it } from 'vitest';
import { FakeDocsError, FakeParagraph, type FakeText, VALUE_QUOTA_BYTES, fakeDocs } from '../support/fake-docs';

describe('fake DocumentApp', () => {
  it('gives no cursor while the user has a selection, and a cursor after a click', () => {
    const { document, user } = fakeDocs(['First paragraph.', 'Second.']);
    expect(document.getCursor()).toBeNull();
    user.clickAt(0, 5);
    const cursor = document.getCursor()!;
    expect(cursor.getElement().asText().getText()).toBe('First paragraph.');
    expect(cursor.getOffset()).toBe(5);
    user.selectParagraph(1);
    expect(document.getCursor()).toBeNull();
    expect(document.getSelection()!.getRangeElements()).toHaveLength(1);
  });

  it('inserts a new Text element at a position inside a Text, splitting it, and keeps the cursor in place', () => {
    const { document, user } = fakeDocs(['abcdef']);
    user.clickAt(0, 3);
    const inserted = document.getCursor()!.insertText('XY')!;
    const paragraph = document.body.children[0]!;
    expect(paragraph.children.map((c) => c.chars)).toEqual(['abc', 'XY', 'def']);
    expect(inserted.getText()).toBe('XY');
    expect(document.cursorPlace()!.offset).toBe(3);
  });

  it('gives script-inserted text the link of the character before it, and typed text none', () => {
    const { document, user } = fakeDocs(['see here']);
    document.body.children[0]!.editAsText().setLinkUrl(4, 7, 'https://example.org/');
    user.clickAt(0, 8);
    const inserted = document.getCursor()!.insertText(' more')!;
    expect(inserted.getLinkUrl(0)).toBe('https://example.org/');
    user.type(0, 13, '!');
    expect(document.body.children[0]!.editAsText().getLinkUrl(13)).toBeNull();
  });

  it('uses inclusive end offsets and refuses offsets outside the text', () => {
    const { document } = fakeDocs(['abcdef']);
    const text = document.body.children[0]!.editAsText();
    text.deleteText(1, 2);
    expect(text.getText()).toBe('adef');
    expect(() => text.deleteText(2, 4)).toThrow(FakeDocsError);
    expect(() => text.setLinkUrl(3, 2, 'https://x.invalid/')).toThrow(FakeDocsError);
    expect(() => text.insertText(5, 'x')).toThrow(FakeDocsError);
  });

  it('turns new-lines inside a paragraph into line breaks', () => {
    const { document } = fakeDocs(['a']);
    document.body.children[0]!.editAsText().insertText(1, 'b\nc');
    expect(document.body.children[0]!.getText()).toBe('ab\rc');
  });

  it('refuses to remove the last paragraph of the body', () => {
    const { document } = fakeDocs(['only']);
    expect(() => document.body.children[0]!.removeFromParent()).toThrow(/last paragraph/);
  });

  it('drops a named range when its content is deleted, and does not copy it with the text', () => {
    const { document, user } = fakeDocs(['keep', 'marked', 'end']);
    const marked = document.body.children[1]!;
    document.addNamedRange('m', document.newRange().addElement(marked as never).build());
    expect(document.getNamedRanges('m')).toHaveLength(1);
    const clipboard = user.copy(1, 0, 6);
    user.paste(2, 0, clipboard);
    expect(document.getNamedRanges('m')).toHaveLength(1);
    user.deleteParagraph(1);
    expect(document.getNamedRanges('m')).toHaveLength(0);
  });

  it('checks its invariants after every operation', () => {
    const { document } = fakeDocs(['abc']);
    const text = document.body.children[0]!.children[0] as FakeText;
    text.links.push(null); // corrupt: one link slot too many
    expect(() => document.body.appendParagraph('x')).toThrow(/Invariant broken after Body.appendParagraph/);
    text.links.pop();
    const stray = new FakeParagraph(document);
    document.body.children.push(stray); // a child whose parent is not the body
    expect(() => document.body.children[0]!.editAsText().insertText(0, 'x')).toThrow(/Invariant broken/);
  });

  it('enforces the document-properties quotas and writes nothing when one is passed', () => {
    const { properties } = fakeDocs();
    properties.setProperty('a', 'x'.repeat(VALUE_QUOTA_BYTES));
    expect(() => properties.setProperty('b', 'é'.repeat(VALUE_QUOTA_BYTES / 2 + 1))).toThrow(/too large/);
    expect(properties.getProperty('b')).toBeNull();
    const many: Record<string, string> = {};
    for (let i = 0; i < 60; i++) many[`k${i}`] = 'y'.repeat(9000);
    expect(() => properties.setProperties(many, false)).toThrow(/quota/);
    expect(properties.getKeys()).toEqual(['a']);
  });
});
