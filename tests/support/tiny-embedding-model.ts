/**
 * A tiny embedding model in the layout of a Hugging Face model repository, made here so
 * the real transformers.js loading path (hub URLs, tokenizer, ONNX Runtime, pooling,
 * cache) can run in tests without a model hub: a BERT-style WordPiece tokenizer over a
 * small vocabulary, and an ONNX graph whose output is one Gather of a fixed embedding
 * table (each token's vector), so mean pooling yields the mean of the words' rows.
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

function node(op: string, inputs: string[], outputs: string[]): number[] {
  return [...inputs.flatMap((i) => stringField(1, i)), ...outputs.flatMap((o) => stringField(2, o)), ...stringField(3, op.toLowerCase()), ...stringField(4, op)];
}

/** last_hidden_state[b, s, :] = table[input_ids[b, s], :] */
function gatherModel(table: Float32Array, vocabSize: number, dims: number): Uint8Array {
  const graph = [
    ...bytesField(1, node('Gather', ['embeddings', 'input_ids'], ['last_hidden_state'])),
    ...stringField(2, 'tiny-embedding'),
    ...bytesField(5, floatTensor('embeddings', [vocabSize, dims], table)),
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

/** Deterministic rows: a token's vector is seeded by its index; special tokens are zero, so they do not move a mean. */
export function makeTinyModel(words: readonly string[], dims = 8): TinyModel {
  const vocab = [...SPECIAL_TOKENS, ...words];
  const table = new Float32Array(vocab.length * dims);
  let seed = 12345;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let t = SPECIAL_TOKENS.length; t < vocab.length; t++) for (let d = 0; d < dims; d++) table[t * dims + d] = next();
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
