import { describe, expect, it } from 'vitest';
import { fencesOf } from './doc-files.js';
import { curlCommands, expectedOutput } from './run-example.js';

describe('reading fenced blocks', () => {
  it('reads the language and the runnable/static word', () => {
    const [fence] = fencesOf('x.md', 'text\n\n```sh runnable\ncurl a\n```\n');
    expect(fence).toMatchObject({ line: 3, lang: 'sh', meta: ['runnable'], body: 'curl a' });
  });

  it.each([
    ['a closing fence glued to prose (the old v4 example)',
      '```sh\ncurl a\n``` `Strapi-Response-Format: v4` answers:\n\n```sh\ncurl b\n```\n', 'x.md:3: a fence with text after it'],
    ['a fence that never closes', 'intro\n```sh\ncurl a\n', 'x.md:2: a fence that never closes'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => fencesOf('x.md', text)).toThrow(message);
  });

  it('keeps an indented block (inside a list item) with its indentation taken off', () => {
    const [fence] = fencesOf('x.md', '- item\n\n  ```yaml\n  - run: npm ci\n  ```\n');
    expect(fence).toMatchObject({ lang: 'yaml', body: '- run: npm ci' });
  });
});

describe('what a shell block announces', () => {
  it.each([
    ["curl 'http://x/api/a'", [{ expected: null }]],
    ["curl -X POST 'http://x/api/a' \\\n  -d '{}'   # → 201", [{ expected: 201 }]],
    ['ID=$(curl -g "http://x/api/a" | node -p 1)\ncurl -X DELETE "http://x/api/a/$ID"   # → 204', [{ expected: null }, { expected: 204 }]],
    ['# curl in a comment is no command\nnpx cms ls', []],
  ] as const)('%s', (body, expected) => {
    expect(curlCommands(body)).toMatchObject(expected);
  });

  it('reads expected output from non-curl commands only', () => {
    const fence = { file: 'x.md', line: 1, lang: 'sh', meta: ['runnable'], body: "npx cms validate   # → ok:\ncurl 'http://x'   # → 404" };
    expect(expectedOutput(fence)).toEqual(['ok:']);
  });
});
