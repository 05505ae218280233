import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { CAPTURE_MATCH_PATTERNS } from './shared/capture/url-policy';
import { PANE_MATCH_PATTERNS } from './shared/pane-origins';
import { EXTENSION_PUBLIC_KEY } from './shared/extension-key';
import { ORT_WASM_FILE, TFJS_WASM_FILES } from './extension/ort-files';

/** Local model servers (Ollama, LM Studio, vLLM) on this computer: the only place plain http may go. */
const LOOPBACK_PATTERNS = ['http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'];

/**
 * Every extension page and the service worker: our own scripts only, no eval, no plugins,
 * no framing. Network: arXiv and model endpoints over https, loopback over http.
 * 'wasm-unsafe-eval' lets the embedding worker compile ONNX Runtime's WebAssembly (shipped in
 * the package, /ort/); it allows WebAssembly only, not eval of JavaScript.
 */
const EXTENSION_PAGES_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "worker-src 'self'",
  "connect-src 'self' https: http://127.0.0.1:* http://localhost:* http://[::1]:*",
].join('; ');

// https://wxt.dev/api/config.html
export default defineConfig({
  // Explicit imports everywhere: what a file uses is visible in the file.
  imports: false,
  manifest: {
    name: 'Verbatim',
    description: 'Save arXiv papers to a local library and ask them questions; every answer quotes its source, verified.',
    // webRequest (observe only) reads where the background's own arXiv requests are redirected, so each hop is checked before it is fetched.
    // contextMenus: "Find in my Verbatim library" / "Ask my Verbatim library" on selected text (the browser hands the menu the text; no page access).
    permissions: ['storage', 'webRequest', 'contextMenus'],
    host_permissions: [...CAPTURE_MATCH_PATTERNS, ...LOOPBACK_PATTERNS],
    // A remote model endpoint the user chooses (OpenAI, OpenRouter…) is granted when they save it.
    optional_host_permissions: ['https://*/*'],
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    action: { default_title: 'Open Verbatim' },
    // The toolbar button opens the side panel, so its shortcut does too.
    commands: { _execute_action: { suggested_key: { default: 'Alt+Shift+V' }, description: 'Open the Verbatim side panel' } },
    // The writing panes reach the library from their own web origins (shared/pane-origins.ts); no other page or extension can.
    externally_connectable: { matches: [...PANE_MATCH_PATTERNS] },
    // A fixed public key gives the extension a fixed id, which the panes address it by (panes/extension-id.ts).
    key: EXTENSION_PUBLIC_KEY,
  },
  hooks: {
    // ONNX Runtime's WebAssembly for the opt-in embedding worker: packaged, since MV3 runs no code fetched from the network.
    'build:publicAssets': (_wxt, files) => {
      files.push({ absoluteSrc: resolve('node_modules/onnxruntime-web/dist', ORT_WASM_FILE), relativeDest: `ort/${ORT_WASM_FILE}` });
      // TensorFlow.js's WebAssembly backend, for the Universal Sentence Encoder (it picks the SIMD or plain build itself).
      for (const file of TFJS_WASM_FILES) files.push({ absoluteSrc: resolve('node_modules/@tensorflow/tfjs-backend-wasm/dist', file), relativeDest: `tfjs/${file}` });
    },
  },
  vite: () => ({
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  }),
});
