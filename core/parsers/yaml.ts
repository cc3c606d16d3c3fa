import { parseDocument, stringify } from 'yaml';
import { FileError } from '../errors.js';
import type { Parser } from './types.js';

/** YAML text → plain data, with `file:line:col` on the first error. */
export function parseYamlText(text: string, file: string): unknown {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const [first] = document.errors;
  if (first) {
    const position = first.linePos?.[0];
    throw new FileError(file, `invalid YAML: ${first.message.split('\n')[0]}`, position?.line, position?.col);
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
