import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { copySampleSite } from '../helpers/project.js';
import { answers, snapshotPath, start } from './helpers.js';
import { editColumns, metadataRegion, readSnapshotFile, snapshotRegions, writeSnapshotFile } from './snapshot-file.js';

/** The same snapshot in format 3: the fields region kept, one tab-separated metadata line per entry. */
function writeFormat3(root: string): void {
  const bytes = readFileSync(snapshotPath(root));
  const { metadataAt } = snapshotRegions(bytes);
  const { header, entries, listing } = readSnapshotFile(root);
  const lines = entries.map(({ meta }) => `${meta.join('\t')}\n`).join('') + (listing === undefined ? '' : `listing\t${listing}\n`);
  const metadata = Buffer.from(lines);
  const first = Buffer.from(`${JSON.stringify({ ...JSON.parse(header), format: 3 })}\n`);
  // The header's length changes by none (one digit for another): the offsets still point at each entry's fields.
  const fields = bytes.subarray(bytes.indexOf('\n') + 1, metadataAt);
  writeFileSync(snapshotPath(root), Buffer.concat([first, fields, metadata, Buffer.from(`end ${entries.length} ${metadataAt} ${crc32(metadata)}\n`)]));
}

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
    const text = readFileSync(snapshotPath(root), 'latin1');
    writeFileSync(snapshotPath(root), text.slice(0, text.lastIndexOf('end ')), 'latin1');
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
  }, /format 2 \(this version reads 4\)/],
  ['it holds format 3 (one tab-separated metadata line per file)', (root) => writeFormat3(root), /format 3 \(this version reads 4\)/],
  ['its end line miscounts the entries', (root) => {
    const text = readFileSync(snapshotPath(root), 'latin1');
    writeFileSync(snapshotPath(root), text.replace(/end (\d+) /, (_, count) => `end ${Number(count) + 1} `), 'latin1');
  }, /end line does not match the entries/],
  ['its end line points outside the file', (root) => {
    const text = readFileSync(snapshotPath(root), 'latin1');
    writeFileSync(snapshotPath(root), text.replace(/end (\d+) (\d+) /, (_, count) => `end ${count} ${text.length * 2} `), 'latin1');
  }, /end line does not match the file/],
  ['a text end in its columns goes backwards', (root) => editColumns(root, (region, at) => {
    region.writeUInt32LE(0, at.ends + 4 * 7);
  }), /columns damaged: text ends/],
  ['an entry names a type its columns do not hold', (root) => editColumns(root, (region, at, preamble) => {
    region.writeUInt16LE(preamble.types.length, at.keys + 2);
  }), /columns damaged: a name out of range/],
  ['an entry names a locale its columns do not hold', (root) => editColumns(root, (region, at, preamble) => {
    region.writeUInt16LE(preamble.locales.length + 1, at.keys + 2 * preamble.count);
  }), /columns damaged: a name out of range/],
  ['an entry\'s flags are out of range', (root) => editColumns(root, (region, at) => {
    region[at.flags + 1] = 0x80;
  }), /columns damaged: flags/],
  ['its columns are a byte longer than they say', (root) => editColumns(root, (region) => Buffer.concat([region.subarray(0, -1), Buffer.from([0, 10])])),
    /columns damaged: sizes do not add up/],
  ['its preamble names one type twice', (root) => editColumns(root, (region, _, preamble) => {
    // The longest type name replaced by the shortest, the line padded to its length: every other check still holds.
    const byLength = [...preamble.types.keys()].sort((a, b) => preamble.types[a].length - preamble.types[b].length);
    const types = [...preamble.types];
    types[byLength.at(-1)!] = types[byLength[0]];
    region.write(JSON.stringify({ ...preamble, types }).padEnd(region.indexOf('\n'), ' '), 0, 'utf8');
  }), /columns damaged: preamble/],
  ['its preamble is not JSON', (root) => editColumns(root, (region) => {
    region[0] = 0x7b + 1;
  }), /columns damaged: no preamble/],
  ['an entry\'s fields lie outside the fields region', (root) => {
    const bytes = readFileSync(snapshotPath(root));
    const { metadataAt } = snapshotRegions(bytes);
    const { entries, listing } = readSnapshotFile(root);
    // The last entry's length, pushed past the metadata offset (and the metadata's CRC made to agree).
    entries.at(-1)!.meta[16] = String(metadataAt);
    const region = metadataRegion(entries, listing);
    const endLine = Buffer.from(`end ${entries.length} ${metadataAt} ${crc32(region)}\n`);
    writeFileSync(snapshotPath(root), Buffer.concat([bytes.subarray(0, metadataAt), region, endLine]));
  }, /fields out of bounds/],
  ['its listing line is not a listing', (root) => {
    const file = readSnapshotFile(root);
    writeSnapshotFile(root, { ...file, listing: JSON.stringify({ folders: 5, extras: [], links: [] }) });
  }, /listing damaged/],
  ['its first line is far longer than a header', (root) => writeFileSync(snapshotPath(root), `${'x'.repeat(100_000)}\nend 0\n`),
    /header too long/],
  ['it is not a snapshot at all', (root) => writeFileSync(snapshotPath(root), '\u0000\u0001garbage'), /discarded: /],
];

describe('index snapshot: discarded on any doubt', () => {
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
