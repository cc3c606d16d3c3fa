import { parseDocument, stringify } from 'yaml';
import { FileError } from '../errors.js';
import { lineColumnAt } from './json.js';
import type { Parser } from './types.js';

/** YAML text → plain data, with `file:line:col` on the first error. */
export function parseYamlText(text: string, file: string): unknown {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const [first] = document.errors;
  if (first) {
    // Without prettyErrors the message stays one line and `linePos` is unset: locate `pos` ourselves.
    const { line, column } = lineColumnAt(text, first.pos[0]);
    throw new FileError(file, `invalid YAML: ${first.message.split('\n')[0]}`, line, column);
  }
  // Dates stay strings: the yaml package's core schema has no timestamp type.
  return document.toJS({ maxAliasCount: 100 });
}

export const yamlParser: Parser = {
  name: 'yaml',
  extensions: ['.yaml', '.yml'],
  parse: (text, file) => ({ data: parseYamlText(text, file) ?? {}, body: undefined }),
  stringify: (data) => stringify(data, { lineWidth: 0 }),
};
