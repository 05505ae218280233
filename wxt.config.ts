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
    // A model endpoint the user chooses (OpenAI, a local Ollama…) is granted when they save it.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Open Verbatim' },
  },
  vite: () => ({
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  }),
});
