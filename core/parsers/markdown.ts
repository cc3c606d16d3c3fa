import { createRequire } from 'node:module';
import { FileError } from '../errors.js';
import type { Parser } from './types.js';
import { parseYamlText, stringifyYamlFile } from './yaml.js';
import { yamlLib } from './yaml-lib.js';

/**
 * gray-matter on first use, not at load: it brings js-yaml and esprima (~0.1 s of start), and most
 * starts read no Markdown (the merge driver git starts per JSON or YAML file, the CLI on a JSON project).
 */
let grayMatter: typeof import('gray-matter') | undefined;
const matter = (...args: Parameters<typeof import('gray-matter')>) => {
  grayMatter ??= createRequire(import.meta.url)('gray-matter') as typeof import('gray-matter');
  return grayMatter(...args);
};

/** Front-matter languages read: YAML only (`---`, `---yaml`, `---yml`). */
const YAML_LANGUAGES = new Set(['', 'yaml', 'yml']);

/**
 * gray-matter picks an engine from the fence (`---js`) and its built-in `javascript` engine
 * `eval`s the front matter. Every engine it ships besides YAML is replaced by one that refuses,
 * so even a fence that slipped past `frontMatterLanguage` can never run code.
 */
const refuse = (language: string) => ({
  parse: (): never => { throw new Error(`front matter in ${language} is not read`); },
  stringify: (): never => { throw new Error(`front matter in ${language} is not written`); },
});
const REFUSED_ENGINES = Object.fromEntries([
  'javascript', 'js', 'coffee', 'coffeescript', 'cson', 'json', 'toml',
].map((name) => [name, refuse(name)]));

/** The language named after the opening `---`, as gray-matter reads it ('' for none). */
function frontMatterLanguage(text: string): string {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!source.startsWith('---')) return '';
  const lineEnd = source.search(/\r?\n/);
  return source.slice(3, lineEnd === -1 ? undefined : lineEnd).trim().toLowerCase();
}

/**
 * Markdown with YAML front matter. The front matter holds the fields; the body is the value of
 * the type's first `richtext` attribute (else its first `text` attribute).
 * gray-matter gets the `yaml` package as its engine: its default engine caches and shares parsed
 * objects and turns dates into Date objects. Any other front-matter language is a file error.
 */
export const markdownParser: Parser = {
  name: 'markdown',
  extensions: ['.md'],
  parse: (text, file) => {
    const language = frontMatterLanguage(text);
    if (!YAML_LANGUAGES.has(language)) {
      throw new FileError(file, `front matter "---${language}" is not read: only YAML front matter (--- or ---yaml) is allowed`, 1, 4);
    }
    // gray-matter hands over the front matter from just after the opening `---` (its line break
    // included), so YAML line numbers are already file line numbers.
    const parsed = matter(text, {
      engines: {
        ...REFUSED_ENGINES,
        yaml: {
          parse: (source: string) => (parseYamlText(source, file) ?? {}) as object,
          stringify: (data: object) => yamlLib().stringify(data),
        },
      },
    });
    // The blank line after the front matter and the file's final newline belong to the file, not the body.
    return { data: parsed.data, body: parsed.content.replace(/^\r?\n/, '').replace(/\r?\n$/, '') };
  },
  stringify: (data, body) => markdownDocument(Object.keys(data).length ? stringifyYamlFile(data) : '', body ?? ''),
};

/** Front matter and body as a file: a blank line between them and exactly one final newline, so bodies round-trip exactly. */
export function markdownDocument(frontMatter: string, body: string): string {
  return `---\n${frontMatter}---\n\n${body === '' ? '' : `${body}\n`}`;
}
