/**
 * The fake Word model enforces Office's rules (tests/support/fake-word/fake-context.ts says
 * where each comes from), so code that passes against it does not merely pass against a mock.
 */
import { describe, expect, it } from 'vitest';
import { FakeWord } from '../support/fake-word/fake-word';
import { deleteControl, duplicateParagraph, moveParagraph } from '../support/fake-word/user-edits';

describe('fake Word: load, sync and queued proxies', () => {
  it('throws PropertyNotLoaded for a property read before load and sync', async () => {
    const word = new FakeWord(['One.']);
    const context = word.newContext();
    const paragraphs = context.document.body.paragraphs;
    expect(() => paragraphs.items).toThrow(/PropertyNotLoaded/);
    paragraphs.load('items/text');
    expect(() => paragraphs.items).toThrow(/PropertyNotLoaded/);
    await context.sync();
    expect(paragraphs.items.map((p) => p.text)).toEqual(['One.']);
    const body = context.document.body;
    expect(() => body.text).toThrow(/PropertyNotLoaded/);
  });

  it('applies queued writes only at sync, and reads give the value as of the last sync', async () => {
    const word = new FakeWord(['One.']);
    const context = word.newContext();
    const paragraph = context.document.body.insertParagraph('Two.', 'End');
    expect(word.paragraphs()).toEqual(['One.']);
    paragraph.load('text');
    await context.sync();
    expect(word.paragraphs()).toEqual(['One.', 'Two.']);
    paragraph.insertText(' More.', 'End');
    expect(paragraph.text).toBe('Two.');
    await context.sync();
    expect(paragraph.text).toBe('Two.');
    expect(word.paragraphs()[1]).toBe('Two. More.');
    expect(context.syncCount).toBe(2);
  });

  it('a batch that inserts and then loads sees its own insert', async () => {
    const word = new FakeWord(['One.']);
    const context = word.newContext();
    const control = context.document.getSelection().insertText('[1]', 'After').insertContentControl();
    control.tag = 'vb1:c:abcd1234';
    const controls = context.document.contentControls;
    controls.load('items/tag,items/text');
    await context.sync();
    expect(controls.items.map((c) => [c.tag, c.text])).toEqual([['vb1:c:abcd1234', '[1]']]);
    expect(word.paragraphs()).toEqual(['One.[1]']);
  });

  it('refuses insert locations the method does not allow (InvalidArgument at sync)', async () => {
    const word = new FakeWord(['One.']);
    const bodyContext = word.newContext();
    bodyContext.document.body.insertParagraph('x', 'Before');
    await expect(bodyContext.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
    const context = word.newContext();
    const paragraphs = context.document.body.paragraphs;
    paragraphs.load('items/text');
    await context.sync();
    paragraphs.items[0]!.insertText('x', 'After');
    await expect(context.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
    paragraphs.items[0]!.insertParagraph('x', 'End');
    await expect(context.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
    expect(word.paragraphs()).toEqual(['One.']);
  });

  it('a deleted object used later fails with ItemNotFound', async () => {
    const word = new FakeWord(['One.']);
    const context = word.newContext();
    const control = context.document.getSelection().insertText('[1]', 'After').insertContentControl();
    await context.sync();
    control.delete(false);
    await context.sync();
    expect(word.paragraphs()).toEqual(['One.']);
    control.insertText('[2]', 'Replace');
    await expect(context.sync()).rejects.toMatchObject({ code: 'ItemNotFound' });
  });

  it('a ClientResult is readable only after the sync that fills it', async () => {
    const word = new FakeWord();
    const context = word.newContext();
    context.document.customXmlParts.add('<root xmlns="urn:test">x</root>');
    await context.sync();
    const parts = context.document.customXmlParts.getByNamespace('urn:test');
    parts.load('items/id');
    await context.sync();
    const xml = parts.items[0]!.getXml();
    expect(() => xml.value).toThrow(/ValueNotLoaded/);
    await context.sync();
    expect(xml.value).toBe('<root xmlns="urn:test">x</root>');
    context.document.customXmlParts.add('not xml');
    await expect(context.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  it('content controls: nested listing in document order, getByTag, Replace keeps the control, delete keeping content', async () => {
    const word = new FakeWord(['A.', 'B.']);
    word.selectEndOf(0);
    const context = word.newContext();
    const first = context.document.getSelection().insertText('[x]', 'After').insertContentControl();
    first.tag = 't1';
    const block = context.document.body.insertParagraph('List', 'End').insertContentControl();
    block.tag = 'list';
    block.insertParagraph('entry', 'End');
    await context.sync();
    expect(word.paragraphs()).toEqual(['A.[x]', 'B.', 'List', 'entry']);
    first.insertText('[1]', 'Replace');
    const byTag = context.document.contentControls.getByTag('t1');
    byTag.load('items/text');
    await context.sync();
    expect(byTag.items.map((c) => c.text)).toEqual(['[1]']);
    block.insertText('Heading', 'Replace');
    first.delete(true);
    await context.sync();
    expect(word.paragraphs()).toEqual(['A.[1]', 'B.', 'Heading']);
    expect(word.controls().map((c) => c.tag)).toEqual(['list']);
  });

  it('user edits: moving, copying and deleting act on the live model', async () => {
    const word = new FakeWord(['A.', 'B.']);
    word.selectEndOf(1);
    const context = word.newContext();
    context.document.getSelection().insertText('[1]', 'After').insertContentControl().tag = 'cite';
    await context.sync();
    moveParagraph(word.model, 1, 0);
    duplicateParagraph(word.model, 0);
    expect(word.paragraphs()).toEqual(['B.[1]', 'B.[1]', 'A.']);
    deleteControl(word.model, (t) => t === 'cite');
    expect(word.paragraphs()).toEqual(['B.', 'B.[1]', 'A.']);
  });

  it('settings hold JSON values; a missing one is a null object', async () => {
    const word = new FakeWord();
    const context = word.newContext();
    context.document.settings.add('k', { a: 1 });
    const missing = context.document.settings.getItemOrNullObject('other');
    missing.load('isNullObject');
    const present = context.document.settings.getItemOrNullObject('k');
    present.load('value');
    await context.sync();
    expect(missing.isNullObject).toBe(true);
    expect(present.value).toEqual({ a: 1 });
  });
});
