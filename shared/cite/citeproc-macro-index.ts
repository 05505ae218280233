/**
 * citeproc-js looks a macro up by walking the whole parsed style, once for every call
 * of the macro it expands while building an engine (`CSL.XmlJSON#getNodesByName(root,
 * 'macro', name)`). APA and Chicago call macros from macros hundreds of times, so that
 * walk was 40% of building Chicago's engine (a CPU profile, `npm run bench`'s
 * engineBuildMs). This indexes a style's macros by name on the first such lookup and
 * answers the later ones from the index. Every other lookup, and every lookup below the
 * root, goes to citeproc's own walk unchanged.
 *
 * The index is sound because citeproc has finished editing the style tree (the name,
 * institution, publisher and date-macro passes run when it is parsed) before it expands
 * the first macro, and those passes change the macros' contents, never which macros
 * exist; the nodes are shared, not copied. A unit test renders every bundled style
 * with and without the index and asks for the same text.
 */

interface StyleNode {
  name?: string;
  attrs?: Record<string, string | undefined>;
  children?: unknown[];
}

interface XmlJsonReader {
  dataObj: StyleNode;
  getNodesByName(node: StyleNode, name: string, nameAttribute?: string, into?: StyleNode[]): StyleNode[];
}

type NodesByName = XmlJsonReader['getNodesByName'];

const macrosByStyle = new WeakMap<StyleNode, Map<string, StyleNode[]>>();
let citeprocWalk: NodesByName | null = null;

/** Installs the index on citeproc's XML reader (idempotent). */
export function installMacroIndex(csl: unknown): void {
  const reader = (csl as { XmlJSON?: { prototype: XmlJsonReader } }).XmlJSON?.prototype;
  if (!reader || citeprocWalk) return;
  const walk = reader.getNodesByName;
  citeprocWalk = walk;
  reader.getNodesByName = function indexedLookup(this: XmlJsonReader, node, name, nameAttribute, into) {
    if (name !== 'macro' || !nameAttribute || into || node !== this.dataObj) return walk.call(this, node, name, nameAttribute, into);
    let macros = macrosByStyle.get(node);
    if (!macros) {
      macros = new Map();
      for (const macro of walk.call(this, node, 'macro')) {
        const key = macro.attrs?.name ?? '';
        const same = macros.get(key);
        if (same) same.push(macro);
        else macros.set(key, [macro]);
      }
      macrosByStyle.set(node, macros);
    }
    // A fresh array, as the walk returns: callers may push onto it.
    return [...(macros.get(nameAttribute) ?? [])];
  };
}

/** Puts citeproc's own walk back (for the test that compares the two). */
export function uninstallMacroIndex(csl: unknown): void {
  const reader = (csl as { XmlJSON?: { prototype: XmlJsonReader } }).XmlJSON?.prototype;
  if (!reader || !citeprocWalk) return;
  reader.getNodesByName = citeprocWalk;
  citeprocWalk = null;
}
