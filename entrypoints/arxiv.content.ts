import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountSaveButton } from '../extension/save-button';

export default defineContentScript({
  matches: ['*://arxiv.org/abs/*', '*://arxiv.org/html/*', '*://arxiv.org/pdf/*', '*://www.arxiv.org/abs/*', '*://www.arxiv.org/html/*', '*://www.arxiv.org/pdf/*'],
  main(ctx) {
    const host = mountSaveButton(() => location.href);
    ctx.onInvalidated(() => host.remove());
  },
});
