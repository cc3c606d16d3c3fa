import { FileError } from '../errors.js';
import { stringifyJsonFile } from './bounded-indent.js';
import { jsonErrorOffset } from './json-error-offset.js';
import type { Parser } from './types.js';

/** Line and column (1-based) of a character offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** JSON.parse with `file:line:col` errors (Node 20 only reports "at position N"). */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : jsonErrorOffset(text);
    const { line, column } = lineColumnAt(text, offset);
    // One line: Node 20 may quote the whole text back (`Unexpected token '}', "…" is not valid JSON`).
    const reason = message.replace(/ in JSON at position \d+[\s\S]*$/, '').replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, '')
      .replace(/ at position \d+[\s\S]*$/, '');
    throw new FileError(file, `invalid JSON: ${reason}`, line, column);
  }
}

export const jsonParser: Parser = {
  name: 'json',
  extensions: ['.json'],
  parse: (text, file) => {
    const data = parseJsonText(text, file);
    return { data, body: undefined };
  },
  stringify: (data) => stringifyJsonFile(data),
};
