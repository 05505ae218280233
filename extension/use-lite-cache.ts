/** The Cache API cache the Universal Sentence Encoder's downloaded files are kept in (a file of its own, so the panel can delete it without loading TensorFlow.js). */
export const USE_LITE_CACHE = 'verbatim-use-lite';
