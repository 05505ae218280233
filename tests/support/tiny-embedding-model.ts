/**
 * A tiny embedding model in the layout of a Hugging Face model repository, made here so
 * the real transformers.js loading path (hub URLs, tokenizer, ONNX Runtime, pooling,
 * cache) can run in tests without a model hub: a BERT-style WordPiece tokenizer over a
 * small vocabulary, and an ONNX graph that looks up each token's row of a fixed table
 * and outputs, at every position, the mean of the sequence's rows; so mean pooling and
 * [CLS] pooling (bge's) both yield the direction of the mean of the words' rows.
 * It measures nothing about a real model.
 */

// ---- the few protobuf encodings ONNX's ModelProto needs ----
function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}
const key = (field: number, wireType: number) => varint(field * 8 + wireType);
const intField = (field: number, value: number) => [...key(field, 0), ...varint(value)];
const bytesField = (field: number, bytes: readonly number[] | Uint8Array) => [...key(field, 2), ...varint(bytes.length), ...bytes];
const stringField = (field: number, text: string) => bytesField(field, [...new TextEncoder().encode(text)]);

const FLOAT = 1;
const INT64 = 7;

/** ValueInfoProto: a named tensor of an element type and a shape of named or fixed dimensions. */
function valueInfo(name: string, elemType: number, dims: (string | number)[]): number[] {
  const shape = dims.flatMap((d) => bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d)));
  const tensorType = [...intField(1, elemType), ...bytesField(2, shape)];
  return [...stringField(1, name), ...bytesField(2, bytesField(1, tensorType))];
}

function floatTensor(name: string, dims: number[], values: Float32Array): number[] {
  return [...dims.flatMap((d) => intField(1, d)), ...intField(2, FLOAT), ...stringField(8, name), ...bytesField(9, new Uint8Array(values.buffer))];
}

const INTS = 7;
const INT = 2;

/** AttributeProto: a list of ints (axes) or one int (keepdims). */
function attribute(name: string, value: number | number[]): number[] {
  return Array.isArray(value)
    ? [...stringField(1, name), ...value.flatMap((v) => intField(8, v)), ...intField(20, INTS)]
    : [...stringField(1, name), ...intField(3, value), ...intField(20, INT)];
}

function node(op: string, name: string, inputs: string[], outputs: string[], attributes: number[][] = []): number[] {
  return [...inputs.flatMap((i) => stringField(1, i)), ...outputs.flatMap((o) => stringField(2, o)), ...stringField(3, name), ...stringField(4, op), ...attributes.flatMap((a) => bytesField(5, a))];
}

/** rows = table[input_ids]; last_hidden_state[b, s, :] = mean over s' of rows[b, s', :] (special tokens' rows are zero). */
function gatherModel(table: Float32Array, vocabSize: number, dims: number): Uint8Array {
  const graph = [
    ...bytesField(1, node('Gather', 'lookup', ['embeddings', 'input_ids'], ['rows'])),
    ...bytesField(1, node('ReduceMean', 'mean', ['rows'], ['mean'], [attribute('axes', [1]), attribute('keepdims', 1)])),
    ...bytesField(1, node('Mul', 'zeroed', ['rows', 'zero'], ['zeros'])),
    ...bytesField(1, node('Add', 'spread', ['zeros', 'mean'], ['last_hidden_state'])),
    ...stringField(2, 'tiny-embedding'),
    ...bytesField(5, floatTensor('embeddings', [vocabSize, dims], table)),
    ...bytesField(5, floatTensor('zero', [], Float32Array.of(0))),
    ...bytesField(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    ...bytesField(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
    ...bytesField(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', dims])),
  ];
  const model = [...intField(1, 8), ...stringField(2, 'verbatim-tests'), ...bytesField(7, graph), ...bytesField(8, [...stringField(1, ''), ...intField(2, 13)])];
  return Uint8Array.from(model);
}

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;

export interface TinyModel {
  /** File path inside the repository -> content. */
  files: Map<string, Uint8Array>;
  vocab: string[];
  dims: number;
  /** The row of a token: what the model outputs for it. */
  rowOf(token: string): Float32Array;
}

/**
 * Deterministic rows: a token's vector is seeded by its index; [PAD], [CLS] and [SEP] are zero, so they do
 * not move a mean. `synonyms` adds words whose row is another word's ("automobile" -> "car"): what a dense model finds
 * and a lexical index cannot.
 */
export function makeTinyModel(words: readonly string[], dims = 8, synonyms: Readonly<Record<string, string>> = {}): TinyModel {
  const vocab = [...SPECIAL_TOKENS, ...words, ...Object.keys(synonyms)];
  const table = new Float32Array(vocab.length * dims);
  let seed = 12345;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let t = SPECIAL_TOKENS.length; t < SPECIAL_TOKENS.length + words.length; t++) for (let d = 0; d < dims; d++) table[t * dims + d] = next();
  // [UNK] gets a small row of its own, so a text of unknown words still has a direction (as with any real model).
  for (let d = 0; d < dims; d++) table[1 * dims + d] = 0.3 * next();
  for (const [word, same] of Object.entries(synonyms)) {
    const from = vocab.indexOf(same);
    if (from < 0) throw new Error(`${same} is not in the tiny vocabulary`);
    table.copyWithin(vocab.indexOf(word) * dims, from * dims, (from + 1) * dims);
  }
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
      special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(vocab.map((w, i) => [w, i])) },
  };
  const tokenizerConfig = { tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 64, cls_token: '[CLS]', sep_token: '[SEP]', pad_token: '[PAD]', unk_token: '[UNK]', mask_token: '[UNK]', clean_up_tokenization_spaces: true };
  const config = { model_type: 'bert', architectures: ['BertModel'], hidden_size: dims, vocab_size: vocab.length, max_position_embeddings: 64 };
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const onnx = gatherModel(table, vocab.length, dims);
  const files = new Map<string, Uint8Array>([
    ['config.json', json(config)],
    ['tokenizer.json', json(tokenizer)],
    ['tokenizer_config.json', json(tokenizerConfig)],
    ['onnx/model_quantized.onnx', onnx],
    ['onnx/model.onnx', onnx],
  ]);
  return {
    files,
    vocab,
    dims,
    rowOf(token) {
      const t = vocab.indexOf(token);
      if (t < 0) throw new Error(`${token} is not in the tiny vocabulary`);
      return table.slice(t * dims, (t + 1) * dims);
    },
  };
}
