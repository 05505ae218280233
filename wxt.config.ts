import { defineConfig } from 'wxt';

// https://wxt.dev/api/config.html
export default defineConfig({
  // Explicit imports everywhere: what a file uses is visible in the file.
  imports: false,
  manifest: {
    name: 'Verbatim',
    description: 'Save arXiv papers to a local library and ask them questions; every answer quotes its source, verified.',
    permissions: ['storage'],
    host_permissions: ['*://arxiv.org/*', '*://*.arxiv.org/*'],
    action: { default_title: 'Open Verbatim' },
  },
  vite: () => ({
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  }),
});
