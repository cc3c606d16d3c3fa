import { lineColumnAt } from './json.js';

/** Where `key:` first appears in a file, so a problem can point at its line. */
export function locateKey(text: string, key: string): { line: number; column: number } | undefined {
  const leaf = key.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? key;
  const escaped = leaf.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^[\\t -]*["']?${escaped}["']?\\s*:`, 'm').exec(text);
  if (!match) {
    // Compact JSON keeps several keys on one line.
    const inline = new RegExp(`"${escaped}"\\s*:`).exec(text);
    return inline ? lineColumnAt(text, inline.index) : undefined;
  }
  const offset = match.index + match[0].search(/\S/);
  const at = match[0].slice(match[0].search(/\S/)).startsWith('-')
    ? offset + match[0].slice(offset - match.index).search(/[^-\s]/)
    : offset;
  return lineColumnAt(text, at);
}
