import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { copySampleSite } from '../helpers/project.js';
import { answers, snapshotPath, start } from './helpers.js';
import { editSnapshot, readSnapshotFile, writeSnapshotFile } from './snapshot-file.js';

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
  ['a metadata line is damaged', (root) => {
    const bytes = readFileSync(snapshotPath(root));
    const at = bytes.lastIndexOf('content/articles/');
    bytes.write('content/artic1es/', at);
    writeFileSync(snapshotPath(root), bytes);
  }, /metadata damaged \(CRC-32\)/],
  ['it holds another format version', (root) => {
    const { header, entries } = readSnapshotFile(root);
    writeSnapshotFile(root, { header: JSON.stringify({ ...JSON.parse(header), format: 999 }), entries });
  }, /format 999/],
  ['it holds format 2 (every document\'s fields inline)', (root) => {
    const { header, entries } = readSnapshotFile(root);
    const lines = entries.map(({ meta, fields }) => [...meta.slice(0, 15), fields].join('\t'));
    const format2 = [JSON.stringify({ ...JSON.parse(header), format: 2 }), ...lines, `end ${lines.length}`, ''];
    writeFileSync(snapshotPath(root), format2.join('\n'));
  }, /format 2 \(this version reads 3\)/],
  ['its end line miscounts the entries', (root) => {
    const text = readFileSync(snapshotPath(root), 'utf8');
    writeFileSync(snapshotPath(root), text.replace(/end (\d+) /, (_, count) => `end ${Number(count) + 1} `));
  }, /end line does not match the entries/],
  ['its end line points outside the file', (root) => {
    const text = readFileSync(snapshotPath(root), 'utf8');
    writeFileSync(snapshotPath(root), text.replace(/end (\d+) (\d+) /, (_, count) => `end ${count} ${text.length * 2} `));
  }, /end line does not match the file/],
  ['a metadata line has a field too many', (root) => editSnapshot(root, (entries) => {
    entries[1].meta[2] += '\textra';
  }), /expected 18 fields, found more/],
  ['an entry\'s fields lie outside the fields region', (root) => {
    const text = readFileSync(snapshotPath(root), 'latin1');
    const metadataAt = Number(text.slice(text.lastIndexOf('end ')).split(' ')[2]);
    const bytes = readFileSync(snapshotPath(root));
    const { entries } = readSnapshotFile(root);
    // The last entry's length, pushed past the metadata offset (and the metadata's CRC made to agree).
    entries.at(-1)!.meta[16] = String(metadataAt);
    const lines = Buffer.from(entries.map(({ meta }) => `${meta.join('\t')}\n`).join(''));
    const endLine = Buffer.from(`end ${entries.length} ${metadataAt} ${crc32(lines)}\n`);
    writeFileSync(snapshotPath(root), Buffer.concat([bytes.subarray(0, metadataAt), lines, endLine]));
  }, /fields out of bounds/],
  ['its listing line is not a listing', (root) => {
    const file = readSnapshotFile(root);
    writeSnapshotFile(root, { ...file, listing: JSON.stringify({ folders: 5, extras: [], links: [] }) });
  }, /listing damaged/],
  ['its first line is far longer than a header', (root) => writeFileSync(snapshotPath(root), `${'x'.repeat(100_000)}\nend 0\n`),
    /header too long/],
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
