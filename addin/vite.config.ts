// Builds the Word task pane into .output/addin (served over https for sideloading).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** office.js ships in @microsoft/office-js; the pane loads it from its own origin, not a CDN. */
function copyOfficeJs(): Plugin {
  return {
    name: 'verbatim-copy-office-js',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'office.js', source: readFileSync(require.resolve('@microsoft/office-js/dist/office.js')) });
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  publicDir: resolve(here, 'public'),
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  plugins: [copyOfficeJs()],
  build: {
    chunkSizeWarningLimit: 1024,
    outDir: resolve(here, '..', '.output', 'addin'),
    emptyOutDir: true,
    rollupOptions: { input: resolve(here, 'taskpane.html') },
  },
});
