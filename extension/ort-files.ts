/**
 * The ONNX Runtime WebAssembly file that transformers.js's browser bundle (onnxruntime-web's
 * WebGPU-capable build) loads; wxt.config.ts copies it into the package at /ort/.
 */
export const ORT_WASM_FILE = 'ort-wasm-simd-threaded.asyncify.wasm';
