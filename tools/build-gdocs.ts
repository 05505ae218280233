/**
 * `npm run build:gdocs`: the Google Docs add-on as Apps Script wants it, in .output/gdocs:
 * - Code.js: the server code bundled into one script (Apps Script has one global scope and no
 *   modules), followed by a top-level function per entry point, which is how Apps Script and
 *   google.script.run find them;
 * - Sidebar.html: the sidebar page with its script and styles inlined (HtmlService serves one file);
 * - appsscript.json: the manifest (V8, the two OAuth scopes).
 * `clasp push` from that folder uploads exactly these three files.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from './fixture-papers';
import { TOP_LEVEL_FUNCTIONS } from '../gdocs/server/apps-script-entry';

export const GDOCS_OUTPUT = join(PROJECT_ROOT, '.output', 'gdocs');
const SERVER_GLOBAL = 'VerbatimServer';

async function bundle(entry: string, name: string, target: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'verbatim-gdocs-'));
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir,
        emptyOutDir: true,
        target,
        minify: false,
        lib: { entry: resolve(PROJECT_ROOT, entry), formats: ['iife'], name, fileName: () => `${name}.js` },
        rollupOptions: { output: { inlineDynamicImports: true } },
      },
    });
    return readFileSync(join(outDir, `${name}.js`), 'utf8');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Code.js: the bundle, then one top-level function per entry point. */
export async function buildServerScript(): Promise<string> {
  // es2019: Apps Script's V8 runs modern syntax, but its exact level is not published; older is safe.
  const server = await bundle('gdocs/server/apps-script-entry.ts', SERVER_GLOBAL, 'es2019');
  const stubs = TOP_LEVEL_FUNCTIONS.map((fn) => `function ${fn}(a) { return ${SERVER_GLOBAL}.${fn}(a); }`).join('\n');
  return `${server}\n// Entry points Apps Script and google.script.run call by name.\n${stubs}\n`;
}

export async function buildGdocs(): Promise<void> {
  rmSync(GDOCS_OUTPUT, { recursive: true, force: true });
  mkdirSync(GDOCS_OUTPUT, { recursive: true });
  writeFileSync(join(GDOCS_OUTPUT, 'Code.js'), await buildServerScript());

  const sidebarScript = await bundle('gdocs/sidebar/sidebar-main.tsx', 'VerbatimSidebar', 'es2022');
  const template = readFileSync(join(PROJECT_ROOT, 'gdocs', 'sidebar', 'sidebar.html'), 'utf8');
  const css = readFileSync(join(PROJECT_ROOT, 'gdocs', 'sidebar', 'sidebar.css'), 'utf8');
  // A function replacement: the bundle may contain "$&" and other replacement patterns.
  const html = template.replace('/*SIDEBAR_CSS*/', () => css).replace('/*SIDEBAR_SCRIPT*/', () => sidebarScript.replace(/<\/script/gi, '<\\/script'));
  writeFileSync(join(GDOCS_OUTPUT, 'Sidebar.html'), html);

  copyFileSync(join(PROJECT_ROOT, 'gdocs', 'appsscript.json'), join(GDOCS_OUTPUT, 'appsscript.json'));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(PROJECT_ROOT, 'tools', 'build-gdocs.ts')) {
  await buildGdocs();
  console.log(`Google Docs add-on written to ${GDOCS_OUTPUT}: Code.js, Sidebar.html, appsscript.json`);
}
