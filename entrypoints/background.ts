import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../extension/background-main';

export default defineBackground({
  type: 'module',
  main() {
    startBackground();
  },
});
