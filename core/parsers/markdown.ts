import matter from 'gray-matter';
import { stringify } from 'yaml';
import type { Parser } from './types.js';
import { parseYamlText } from './yaml.js';

/**
 * Markdown with YAML front matter. The front matter holds the fields; the body is the value of
 * the type's first `richtext` attribute (else its first `text` attribute).
 * gray-matter gets the `yaml` package as its engine: its default engine caches and shares parsed
 * objects and turns dates into Date objects.
 */
export const markdownParser: Parser = {
  name: 'markdown',
  extensions: ['.md'],
  parse: (text, file) => {
    // gray-matter hands over the front matter from just after the opening `---` (its line break
    // included), so YAML line numbers are already file line numbers.
    const parsed = matter(text, {
      engines: {
        yaml: {
          parse: (source: string) => (parseYamlText(source, file) ?? {}) as object,
          stringify: (data: object) => stringify(data),
        },
      },
    });
    // The blank line after the front matter and the file's final newline belong to the file, not the body.
    return { data: parsed.data, body: parsed.content.replace(/^\r?\n/, '').replace(/\r?\n$/, '') };
  },
  stringify: (data, body) => markdownDocument(Object.keys(data).length ? stringify(data, { lineWidth: 0 }) : '', body ?? ''),
};

/** Front matter and body as a file: a blank line between them and exactly one final newline, so bodies round-trip exactly. */
export function markdownDocument(frontMatter: string, body: string): string {
  return `---\n${frontMatter}---\n\n${body === '' ? '' : `${body}\n`}`;
}
