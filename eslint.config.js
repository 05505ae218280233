// One lint config for every context. The engine boundary lives here: shared/ is plain
// TypeScript that never touches extension, Office or page globals, and never imports
// from the contexts that use it.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import officeAddins from 'eslint-plugin-office-addins';
import tseslint from 'typescript-eslint';

const PLATFORM_GLOBALS = ['chrome', 'browser', 'Office', 'Word', 'window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'indexedDB', 'IDBKeyRange', 'fetch', 'self', 'XMLHttpRequest'].map((name) => ({
  name,
  message: `The engine (shared/) must not use the platform global "${name}": take it through a port (shared/ports.ts) or an adapter argument.`,
}));

export default tseslint.config(
  { ignores: ['node_modules/', '.output/', '.wxt/', 'scratch/', 'test-output/', 'bin/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      'no-undef': 'off', // TypeScript checks names
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-restricted-paths': ['error', {
        zones: [
          { target: './shared', from: ['./entrypoints', './extension', './addin', './panes', './ui', './cli', './tools', './tests'], message: 'The engine (shared/) must not import from the contexts that use it.' },
          { target: './ui', from: ['./entrypoints', './extension', './addin', './cli'], message: 'ui/ components are shared by the side panel and the Word pane: pass context-specific behaviour in as props.' },
          { target: './addin', from: ['./entrypoints', './extension'], message: 'The Word pane does not run in the extension.' },
          { target: './extension', from: ['./addin'], message: 'The extension does not run in Word.' },
          { target: './panes', from: ['./entrypoints', './extension', './addin', './cli'], message: 'panes/ is the library every writing pane (Word, Google Docs) shares: no extension, Word or CLI code.' },
          { target: './shared', from: ['./gdocs'], message: 'The engine (shared/) must not import from the Google Docs add-on.' },
          { target: './gdocs', from: ['./entrypoints', './extension', './addin', './cli'], message: 'The Google Docs add-on runs in Apps Script and its sidebar: no extension, Word or CLI code.' },
          { target: './gdocs/server', from: ['./gdocs/sidebar', './panes', './ui', './shared/cite'], message: 'The Apps Script server only reads and writes the document: rendering (the cite engine) and the library stay in the sidebar.' },
        ],
      }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...PLATFORM_GLOBALS],
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['webextension-polyfill', 'wxt', 'wxt/*', '@wxt-dev/*'], message: 'Extension APIs belong in extension/, not the engine.' },
          { group: ['node:*', 'fs', 'path', 'child_process'], message: 'The engine runs in browsers too: Node APIs belong in cli/ or tools/.' },
          { group: ['preact', 'preact/*'], message: 'The engine has no UI.' },
          { group: ['@huggingface/transformers', 'onnxruntime-*'], allowTypeImports: true, message: 'The engine takes transformers.js as an argument (shared/search/embedding-model.ts): only the adapter that runs the model imports it, so nobody who has not opted in loads it.' },
          { group: ['@tensorflow/*', '@energetic-ai/*'], allowTypeImports: true, message: 'The engine takes TensorFlow.js as an argument (shared/search/use-lite-model.ts): only the adapter that runs the model (cli/use-lite-node.ts) imports it.' },
        ],
      }],
    },
  },
  {
    // Server logic takes the document and its properties as arguments (DocsServices), so it runs on the fake in tests.
    files: ['gdocs/server/**/*.ts'],
    ignores: ['gdocs/server/apps-script-entry.ts', 'gdocs/server/docs-port-check.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['DocumentApp', 'PropertiesService', 'HtmlService', 'Session', 'google'].map((name) => ({ name, message: `Take "${name}" through DocsServices (gdocs/server/docs-port.ts); only apps-script-entry.ts binds the real services.` }))],
    },
  },
  {
    files: ['addin/**/*.ts', 'addin/**/*.tsx'],
    plugins: { 'office-addins': officeAddins },
    rules: {
      'office-addins/call-sync-after-load': 'error',
      'office-addins/call-sync-before-read': 'error',
      'office-addins/load-object-before-read': 'error',
      'office-addins/no-context-sync-in-loop': 'error',
      'office-addins/no-empty-load': 'error',
      'office-addins/no-office-initialize': 'error',
    },
  },
);
