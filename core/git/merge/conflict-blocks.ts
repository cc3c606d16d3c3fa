import { yamlLib } from '../../parsers/yaml-lib.js';
import { pickSide } from './three-way.js';

/** The placeholder a conflicting field holds while the document is serialised. */
export const conflictPlaceholder = (at: number): string => `CMS-MERGE-CONFLICT-${at}`;

/** One field as it would stand in the file, at the placeholder line's indentation and comma. */
function fieldLines(format: 'json' | 'yaml', key: string, value: unknown, line: string): string[] {
  if (value === undefined) return [];
  const indent = /^\s*/.exec(line)![0];
  if (format === 'json') {
    const lines = JSON.stringify({ [key]: value }, null, 2).split('\n').slice(1, -1).map((text) => indent + text.slice(2));
    if (line.trimEnd().endsWith(',')) lines[lines.length - 1] += ',';
    return lines;
  }
  return yamlLib().stringify({ [key]: value }, { lineWidth: 0 }).trimEnd().split('\n').map((text) => indent + text);
}

/**
 * Replace each placeholder line with git's conflict block for that field only: ours, `=======`,
 * theirs, each side with the rest of the field merged. The text is then not valid JSON or YAML,
 * as with any conflict, until someone picks a side.
 *
 * @example
 * insertConflictBlocks(text, 'json', [{ key: 'title', value: new Conflict('A', 'B') }], { path: 'x.json' })
 */
export function insertConflictBlocks(
  text: string, format: 'json' | 'yaml', fields: { key: string; value: unknown }[], labels: { path: string; markerSize?: number },
): string {
  const marker = (char: string) => char.repeat(labels.markerSize ?? 7);
  const lines = text.split('\n');
  fields.forEach(({ key, value }, at) => {
    const index = lines.findIndex((line) => line.includes(conflictPlaceholder(at)));
    if (index < 0) return;
    const line = lines[index];
    lines.splice(index, 1,
      `${marker('<')} ${labels.path} (ours)`, ...fieldLines(format, key, pickSide(value, 'ours'), line),
      marker('='), ...fieldLines(format, key, pickSide(value, 'theirs'), line),
      `${marker('>')} ${labels.path} (theirs)`);
  });
  return lines.join('\n');
}
