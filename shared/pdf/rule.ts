/**
 * A named PDF rule: what it is called in traces, why it exists (one line), the
 * constants or pattern it uses, and its predicate. Stages call `rule.test(...)` and
 * record `rule.name` when the rule split, merged, dropped or labelled something, so
 * `verbatim extract --debug` can say which rule shaped each block.
 */
export interface PdfRule<Args extends unknown[], Constants extends object = Record<string, never>> {
  readonly name: string;
  readonly why: string;
  readonly constants: Constants;
  readonly test: (...args: Args) => boolean;
}

export function defineRule<Args extends unknown[], Constants extends object = Record<string, never>>(rule: {
  name: string;
  why: string;
  constants?: Constants;
  test: (...args: Args) => boolean;
}): PdfRule<Args, Constants> {
  return { name: rule.name, why: rule.why, constants: (rule.constants ?? {}) as Constants, test: rule.test };
}

/** Rule names per block, in the order they fired: the debug trace. */
export type RuleTrace = string[];
