/**
 * The ONNX Runtime WebAssembly file that transformers.js's browser bundle (onnxruntime-web's
 * WebGPU-capable build) loads; wxt.config.ts copies it into the package at /ort/.
 */
export const ORT_WASM_FILE = 'ort-wasm-simd-threaded.asyncify.wasm';

/** TensorFlow.js's WebAssembly backend files, copied by wxt.config.ts into /tfjs/ (not the threaded build: its threads start from blob: URLs, which the CSP forbids). */
export const TFJS_WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];
