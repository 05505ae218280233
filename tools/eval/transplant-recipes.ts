/**
 * The transplant recipes (tools/eval/transplants.json) read through a schema, and the edit a recipe makes to a
 * paper's main .tex file. Kept apart from tools/eval/transplant.ts, which compiles, so both can be tested.
 */
import * as v from 'valibot';
import { CITATION_STYLES } from './pdf-corpus';

const EditSchema = v.object({
  /** A regular expression (flags gm) over the main .tex file. */
  find: v.pipe(v.string(), v.minLength(1)),
  replace: v.string(),
});

/** A path inside the corpus folder (`<paper>/source/<file>`): relative, with no empty, `.` or `..` step. */
const CorpusPathSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9-]*\//, 'a corpus path starts with a corpus folder'),
  v.check((path) => path.split('/').every((step) => step !== '' && step !== '.' && step !== '..'), 'a corpus path has no empty, . or .. step'),
);

const RecipeSchema = v.object({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/)),
  from: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/)),
  template: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.+-]*$/)),
  citationStyle: v.optional(v.picklist(CITATION_STYLES)),
  /** Lines put before the new \documentclass line (e.g. \PassOptionsToPackage). */
  prelude: v.optional(v.array(v.string()), []),
  documentClass: v.pipe(v.string(), v.startsWith('\\documentclass')),
  edits: v.optional(v.array(EditSchema), []),
  /**
   * Class and style files TeX Live does not have (a journal's .cls, its .bst, a logo the class draws), as
   * paths inside the corpus folder; they are copied next to the main .tex file of the build only, so
   * source/ (LaTeXML's input) does not load the class.
   */
  classFiles: v.optional(v.array(CorpusPathSchema), []),
  /** The meta.json `latexmlStubs` of the transplant, in place of its origin's (whose class the recipe replaced). */
  latexmlStubs: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/)))),
  /** Classes such as acmart read the abstract before \maketitle. */
  abstractBeforeMaketitle: v.optional(v.boolean(), false),
  notes: v.pipe(v.string(), v.minLength(1)),
});
export type Recipe = v.InferOutput<typeof RecipeSchema>;

const RecipesSchema = v.object({ description: v.string(), transplants: v.array(RecipeSchema) });

/** The recipes of a transplants.json text, checked by the schema. */
export function parseRecipes(json: string): Recipe[] {
  return v.parse(RecipesSchema, JSON.parse(json)).transplants;
}

const DOCUMENT_CLASS = /^[ \t]*\\documentclass\s*(\[[^\]]*\])?\s*\{[^}]*\}[^\n]*$/m;
const ABSTRACT = /\\begin\{abstract\}[\s\S]*?\\end\{abstract\}\n?/;

/** The recipe's changes to the main file's text: the class line, its edits, the abstract's place. */
export function transplantText(tex: string, recipe: Pick<Recipe, 'prelude' | 'documentClass' | 'edits' | 'abstractBeforeMaketitle'>): string {
  if (!DOCUMENT_CLASS.test(tex)) throw new Error('no \\documentclass line');
  let text = tex.replace(DOCUMENT_CLASS, () => [...recipe.prelude, recipe.documentClass].join('\n'));
  for (const edit of recipe.edits) {
    const pattern = new RegExp(edit.find, 'gm');
    if (!pattern.test(text)) throw new Error(`edit matches nothing: ${edit.find}`);
    text = text.replace(pattern, edit.replace);
  }
  if (recipe.abstractBeforeMaketitle) {
    const abstract = ABSTRACT.exec(text)?.[0];
    const maketitle = text.indexOf('\\maketitle');
    if (abstract && maketitle >= 0 && text.indexOf(abstract) > maketitle) {
      text = text.replace(abstract, '');
      text = text.replace('\\maketitle', `${abstract}\\maketitle`);
    }
  }
  return text;
}

