import { defineContentScript } from 'wxt/utils/define-content-script';
import { highlightQuoteFromLocation } from '../extension/highlight-quote';

/**
 * "Open in paper" for papers read from ar5iv (older papers with no arxiv.org/html page): the
 * quote in the address's fragment is marked and scrolled to. No save button here: saving goes
 * through the arXiv pages, whose abs page gives the metadata.
 */
export default defineContentScript({
  matches: ['https://ar5iv.labs.arxiv.org/html/*'],
  main() {
    highlightQuoteFromLocation(document, location, history);
  },
});
