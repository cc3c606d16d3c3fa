import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readFlatYaml } from '../../core/parsers/flat-yaml.js';
// Deterministic pseudo-random numbers (the benchmarks' mulberry32), so a failure replays.
import { random } from '../../bench/generate.mjs';

const yamlPackage = (text: string) => parseDocument(text, { uniqueKeys: true }).toJS();

// Values chosen to sit on every edge the core schema has: numbers spelled many ways, nulls, booleans, dates, quotes,
// indicators, comments, colons, odd spaces.
const VALUES = [
  'hello', 'Hello, world', "it's", 'a "b"', '"quoted"', "'single'", '007', '0', '12', '1.50', '0.5', '.5', '1e3', '0x1F', '0o17',
  '+5', '-5', '-', '~', 'null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'yes', 'no', 'false', 'off', '2025-03-15',
  '2024-01-01T00:00:00.000Z', '2024-01-01 10:00', '10:30', 'a: b', 'a:b', 'http://x.org/a', 'end:', 'x # comment', 'x#y',
  '[a, b]', '{a: 1}', '&anchor x', '*alias', '!tag x', '| text', '> text', '%x', '@x', '`x`', '?x', ':x', ',x', '.inf', '.nan',
  'trailing   ', 'tab\there', 'nbsp\u00a0x', 'café ☕', '12345678901234567890', '1.2.3', '123abc', 'a\\b', '<<', '=',
];
const KEYS = ['title', 'slug', 'a-b', 'a_b', '_x', 'null', 'true', 'False', '__proto__', 'Title2', '1abc', 'k y', 'tags'];

function randomDocument(rand: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const lines: string[] = [];
  const count = 1 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const key = pick(KEYS);
    const roll = rand();
    if (roll < 0.2) {
      lines.push(`${key}:`);
      const indent = pick(['', '  ', '    ']);
      const items = Math.floor(rand() * 3);
      for (let j = 0; j < items; j++) lines.push(`${rand() < 0.1 ? ' ' : ''}${indent}- ${pick(VALUES)}`);
      if (rand() < 0.1) lines.push('  nested: x');
    } else if (roll < 0.25) lines.push(`${key}:${pick(['', ' ', '   '])}`);
    else if (roll < 0.3) lines.push(pick(['', '# comment', ' indented: x', '---', `${key}:  ${pick(VALUES)}`]));
    else lines.push(`${key}: ${pick(VALUES)}`);
  }
  return `${lines.join('\n')}${rand() < 0.5 ? '\n' : ''}`;
}

describe('readFlatYaml', () => {
  it('reads typical front matter as the yaml package does', () => {
    const text = 'title: Coffee in Rome\nslug: coffee-rome\nviews: 120\nrating: 4.5\nfeatured: false\ndraft: ~\n'
      + 'publishDate: 2025-03-15\ntags:\n  - coffee\n  - rome\ncreatedAt: 2024-01-01T00:00:00.000Z\n';
    expect(readFlatYaml(text)).toEqual(yamlPackage(text));
    expect(readFlatYaml(text)).toMatchObject({ views: 120, rating: 4.5, featured: false, draft: null, tags: ['coffee', 'rome'] });
  });

  it('leaves to the yaml package what it does not vouch for: quotes, comments, numbers spelled otherwise, nesting', () => {
    for (const text of ['title: "x"', 'a: 1 # c', 'a: 0x1F', 'a: 1e3', 'a: 007', 'a:\n  b: c', 'a: [1]', 'a: x\na: y', 'null: x']) {
      expect(readFlatYaml(text), text).toBeUndefined();
    }
  });

  it('answers exactly the yaml package wherever it answers, over 20,000 random documents', () => {
    const rand = random(7);
    let read = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = randomDocument(rand);
      const flat = readFlatYaml(text);
      if (flat === undefined) continue;
      read++;
      let expected: unknown;
      try {
        expected = yamlPackage(text);
      } catch (error) {
        throw new Error(`read ${JSON.stringify(text)}, which the yaml package refuses: ${(error as Error).message}`);
      }
      expect(flat, JSON.stringify(text)).toEqual(expected);
    }
    // The generator must give the fast path real work, not only texts it refuses.
    expect(read).toBeGreaterThan(1_000);
  });
});
