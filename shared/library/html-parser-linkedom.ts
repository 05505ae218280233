/** HtmlParser adapter over linkedom: works in Node, web workers and the MV3 service worker (no DOMParser there). */
import { DOMParser } from 'linkedom/worker';
import type { HtmlParser } from '../ports';

export const parseHtmlWithLinkedom: HtmlParser = (html) =>
  new DOMParser().parseFromString(html, 'text/html') as unknown as Document;
