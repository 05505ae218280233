/** Paper JSON (and bundles, answers) made hostile: wrong types, huge strings, prototype keys, NaN versions, broken links between parts. */
import type { SeededRandom } from './random';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const WRONG_VALUES: Json[] = [null, true, -1, 1e308, 'vX', 'NaN', '', [], {}, [[[]]], { polluted: true }, 'x'.repeat(100_000)];

/** Paths to every value inside a JSON value, up to a limit. */
function paths(value: Json, limit: number): (string | number)[][] {
  const out: (string | number)[][] = [];
  const stack: { value: Json; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length && out.length < limit) {
    const { value: current, path } = stack.pop()!;
    out.push(path);
    if (Array.isArray(current)) current.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    else if (current && typeof current === 'object') for (const [key, item] of Object.entries(current)) stack.push({ value: item, path: [...path, key] });
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  let parent = root as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  parent[path[path.length - 1]!] = value;
  return root;
}

/** One random mutation of a valid document: a value of the wrong type, a removed key, or an added hostile key. */
export function mutateJson(random: SeededRandom, valid: Json): string {
  const copy = structuredClone(valid);
  const all = paths(copy, 20_000);
  const mutations = 1 + random.below(3);
  let root = copy;
  for (let i = 0; i < mutations; i++) {
    const path = random.pick(all);
    const choice = random.below(4);
    if (choice === 0 && path.length) {
      const parentPath = path.slice(0, -1);
      let parent = root as Record<string | number, Json>;
      for (const key of parentPath) parent = parent[key] as Record<string | number, Json>;
      if (parent && typeof parent === 'object') delete parent[path[path.length - 1]!];
    } else if (choice === 1) {
      // "__proto__" as an own key, the way JSON.parse creates it.
      return JSON.stringify(root).replace(/^\{/, '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}},');
    } else {
      try {
        root = setAt(root, path, random.pick(WRONG_VALUES));
      } catch {
        // the path went away with an earlier mutation
      }
    }
  }
  return JSON.stringify(root);
}

/** Hand-made hostile documents that are not mutations of a valid one. */
export function fixedHostileJson(): { name: string; text: string }[] {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  return [
    { name: 'json-not-json', text: '{"title": "x", ' },
    { name: 'json-deep-array', text: nested(100_000) },
    { name: 'json-deep-object', text: '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) },
    { name: 'json-huge-string', text: JSON.stringify({ title: 'x'.repeat(5_000_000), authors: [], abstract: '', sections: [], paragraphs: [], references: [] }) },
    { name: 'json-nan-version', text: JSON.stringify({ arxivId: '2104.01180', version: 'vX', source: 'arxiv-html', title: 't', authors: [], abstract: '', sections: [], paragraphs: [], references: [] }) },
    { name: 'json-proto-only', text: '{"__proto__": {"title": "t", "paragraphs": []}}' },
    { name: 'json-array-root', text: '[1,2,3]' },
    { name: 'json-null', text: 'null' },
    { name: 'json-bom', text: '\ufeff{"title":"t"}' },
  ];
}
