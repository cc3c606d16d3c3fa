import { extname } from 'node:path';
import { jsonParser } from './json.js';
import { markdownParser } from './markdown.js';
import type { Parser } from './types.js';
import { yamlParser } from './yaml.js';

export type { Parser, ParsedFile } from './types.js';

/** Content-file formats by extension. Adding a format is one entry here. */
export const PARSERS: readonly Parser[] = [jsonParser, yamlParser, markdownParser];

const BY_EXTENSION = new Map(PARSERS.flatMap((parser) => parser.extensions.map((ext) => [ext, parser] as const)));

export const CONTENT_EXTENSIONS = [...BY_EXTENSION.keys()];

/** The parser for a file name, or undefined when the extension is not a content format. */
export function getParser(file: string): Parser | undefined {
  return BY_EXTENSION.get(extname(file).toLowerCase());
}
