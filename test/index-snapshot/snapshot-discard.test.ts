import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySampleSite } from '../helpers/project.js';
import { answers, snapshotPath, start } from './helpers.js';

/** Spoil the snapshot (or what shaped it) after a first start; the next start must read every file and answer as a full read. */
const cases: [string, (root: string) => void, RegExp][] = [
  ['a schema changed', (root) => {
    const path = join(root, 'schemas/tag.json');
    const schema = JSON.parse(readFileSync(path, 'utf8'));
    schema.attributes.note = { type: 'string' };
    writeFileSync(path, JSON.stringify(schema, null, 2));
  }, /schemas, config or package version changed/],
  ['the config changed', (root) => {
    const path = join(root, 'cms.config.json');
    const config = JSON.parse(readFileSync(path, 'utf8'));
    config.api.rest.defaultLimit = 10;
    writeFileSync(path, JSON.stringify(config, null, 2));
  }, /schemas, config or package version changed/],
  ['it is truncated', (root) => {
    const text = readFileSync(snapshotPath(root));
    writeFileSync(snapshotPath(root), text.subarray(0, Math.floor(text.length / 2)));
  }, /truncated|end line/],
  ['it lost its end line', (root) => {
    const text = readFileSync(snapshotPath(root), 'utf8');
    writeFileSync(snapshotPath(root), text.slice(0, text.lastIndexOf('end ')));
  }, /truncated/],
  ['a line is corrupt', (root) => {
    const lines = readFileSync(snapshotPath(root), 'utf8').split('\n');
    lines[3] = lines[3].slice(0, -5);
    writeFileSync(snapshotPath(root), lines.join('\n'));
  }, /discarded: /],
  ['it holds another format version', (root) => {
    const lines = readFileSync(snapshotPath(root), 'utf8').split('\n');
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), format: 999 });
    writeFileSync(snapshotPath(root), lines.join('\n'));
  }, /format 999/],
  ['its end line miscounts the entries', (root) => {
    const text = readFileSync(snapshotPath(root), 'utf8');
    writeFileSync(snapshotPath(root), text.replace(/end (\d+)\n$/, (_, count) => `end ${Number(count) + 1}\n`));
  }, /end line does not match the entries/],
  ['an entry has no data', (root) => {
    const lines = readFileSync(snapshotPath(root), 'utf8').split('\n');
    lines[1] = lines[1].slice(0, lines[1].indexOf('\t{'));
    writeFileSync(snapshotPath(root), lines.join('\n'));
  }, /an entry without data/],
  ['its first line is far longer than a header', (root) => writeFileSync(snapshotPath(root), `${'x'.repeat(100_000)}\nend 0\n`), /header too long/],
  ['it is not a snapshot at all', (root) => writeFileSync(snapshotPath(root), '\u0000\u0001garbage'), /discarded: /],
];

describe('index snapshot: discarded on any doubt', { timeout: 60_000 }, () => {
  it.each(cases)('is discarded when %s, and every file is read', async (_, spoil, reason) => {
    const root = copySampleSite();
    const first = await start(root);
    spoil(root);
    const restart = await start(root);
    expect(restart.stats.snapshot).toMatch(reason);
    expect(restart.stats.snapshot).toMatch(/^discarded: /);
    expect(restart.stats.fromSnapshot + restart.stats.verified).toBe(0);
    expect(restart.stats.read).toBeGreaterThanOrEqual(first.stats.read);
    expect(await answers(restart.cms)).toEqual(await answers((await start(root, false)).cms));
    // …and rewritten: the start after it uses the new one.
    expect((await start(root)).stats.snapshot).toBe('used');
  });
});
