import matter from 'gray-matter';
import { stringify } from 'yaml';
import { FileError } from '../errors.js';
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
    // The front matter starts on line 2, after the opening `---`.
    const frontMatterLineOffset = 1;
    const parsed = matter(text, {
      engines: {
        yaml: {
          parse: (source: string) => {
            try {
              return (parseYamlText(source, file) ?? {}) as object;
            } catch (error) {
              if (error instanceof FileError && error.line !== undefined) {
                throw new FileError(file, error.message, error.line + frontMatterLineOffset, error.column);
              }
              throw error;
            }
          },
          stringify: (data: object) => stringify(data),
        },
      },
    });
    return { data: parsed.data, body: parsed.content.replace(/^\r?\n/, '') };
  },
  stringify: (data, body) => {
    const frontMatter = Object.keys(data).length ? stringify(data, { lineWidth: 0 }) : '';
    const text = body ?? '';
    return `---\n${frontMatter}---\n\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}`;
  },
};
