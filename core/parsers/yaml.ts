import type { Document } from 'yaml';
import { flowBeyondIndentedDepth } from './bounded-indent.js';
import { FileError } from '../errors.js';
import { readFlatYaml } from './flat-yaml.js';
import { lineColumnAt } from './json.js';
import type { Parser } from './types.js';
import { yamlLib } from './yaml-lib.js';

/** Aliases a content file may resolve; more is an alias bomb (the yaml package's own guard). */
export const MAX_YAML_ALIASES = 100;

/** Where the first alias of a document stands: an alias bomb is reported there. */
function firstAliasOffset(document: Document): number {
  let offset = 0;
  const { isAlias, visit } = yamlLib();
  visit(document, (_key, node) => {
    if (isAlias(node) && node.range) {
      offset = node.range[0];
      return visit.BREAK;
    }
    return undefined;
  });
  return offset;
}

/** YAML text → plain data, with `file:line:col` on the first error. */
export function parseYamlText(text: string, file: string): unknown {
  // The plainest YAML (most front matter) is read without building a document: the same answer, a tenth of the time.
  const flat = readFlatYaml(text);
  if (flat) return flat;
  const document = yamlLib().parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const [first] = document.errors;
  if (first) {
    // Without prettyErrors the message stays one line and `linePos` is unset: locate `pos` ourselves.
    const { line, column } = lineColumnAt(text, first.pos[0]);
    throw new FileError(file, `invalid YAML: ${first.message.split('\n')[0]}`, line, column);
  }
  try {
    // Dates stay strings: the yaml package's core schema has no timestamp type.
    return document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    // The yaml package throws a bare ReferenceError for an alias bomb: make it this file's problem.
    const { line, column } = lineColumnAt(text, firstAliasOffset(document));
    throw new FileError(file, `invalid YAML: ${(error as Error).message} (at most ${MAX_YAML_ALIASES} aliases)`, line, column);
  }
}

/** YAML file text as the yaml package writes it (no line folding), deep collections in flow style. */
export const stringifyYamlFile = (data: unknown): string =>
  flowBeyondIndentedDepth(new (yamlLib().Document)(data)).toString({ lineWidth: 0 });

export const yamlParser: Parser = {
  name: 'yaml',
  extensions: ['.yaml', '.yml'],
  parse: (text, file) => ({ data: parseYamlText(text, file) ?? {}, body: undefined }),
  stringify: (data) => stringifyYamlFile(data),
};
