import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountSaveButton } from '../extension/save-button';
import { highlightQuoteFromLocation } from '../extension/highlight-quote';

export default defineContentScript({
  // https only: on an http page anyone on the network could rewrite the page the button saves.
  matches: ['https://arxiv.org/abs/*', 'https://arxiv.org/html/*', 'https://arxiv.org/pdf/*', 'https://www.arxiv.org/abs/*', 'https://www.arxiv.org/html/*', 'https://www.arxiv.org/pdf/*'],
  main(ctx) {
    const host = mountSaveButton(() => location.href);
    // "Open in paper" from the side panel: the quote to show is in the address's fragment.
    highlightQuoteFromLocation(document, location, history);
    ctx.onInvalidated(() => host.remove());
  },
});
