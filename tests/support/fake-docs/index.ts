/** The fake DocumentApp and PropertiesService, and a simulated user of the Docs editor. */
import type { DocsServices } from '../../../gdocs/server/docs-port';
import { FakeDocument } from './fake-document';
import { FakeProperties } from './fake-properties';
import { SimulatedUser } from './user-actions';

export { FakeDocument, FakeRange } from './fake-document';
export { FAKE_TEXT_ALIGNMENT, FakeDocsError, FakeParagraph, FakeText } from './fake-elements';
import { FAKE_TEXT_ALIGNMENT } from './fake-elements';
export { FakeProperties, STORE_QUOTA_BYTES, VALUE_QUOTA_BYTES } from './fake-properties';
export { SimulatedUser, type Clipboard } from './user-actions';

export interface FakeDocs {
  document: FakeDocument;
  properties: FakeProperties;
  services: DocsServices;
  user: SimulatedUser;
}

export function fakeDocs(paragraphs: string[] = ['']): FakeDocs {
  const document = new FakeDocument(paragraphs);
  const properties = new FakeProperties();
  return { document, properties, services: { document, properties, textAlignment: FAKE_TEXT_ALIGNMENT }, user: new SimulatedUser(document) };
}

/** Each link run in document order: its text and URL, and whether all of it is set as superscript. */
export function linkRuns(document: FakeDocument): { text: string; url: string; paragraph: number; superscript: boolean }[] {
  const runs: { text: string; url: string; paragraph: number; superscript: boolean }[] = [];
  document.body.children.forEach((paragraph, index) => {
    const chars = paragraph.getText();
    const links = paragraph.children.flatMap((c) => c.links);
    const raised = paragraph.children.flatMap((c) => c.raised);
    for (let i = 0; i < chars.length; i++) {
      const url = links[i];
      if (!url) continue;
      const last = runs[runs.length - 1];
      if (last && last.url === url && last.paragraph === index && links[i - 1] === url) {
        last.text += chars[i];
        last.superscript &&= raised[i] === true;
      } else {
        runs.push({ text: chars[i]!, url, paragraph: index, superscript: raised[i] === true });
      }
    }
  });
  return runs;
}
