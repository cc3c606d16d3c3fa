import { constants, lstatSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../core/storage/atomic-write.js';
import { diskFs, SYNCED_OPEN_FLAGS } from '../../core/storage/durable-fs.js';
import { readTextNoFollow } from '../../core/storage/no-follow.js';

const folder = () => mkdtempSync(join(tmpdir(), 'cms-round-trips-'));

describe('a durable write opens its temp file synced (no separate fdatasync)', () => {
  it.runIf(constants.O_DSYNC !== undefined)('opens with O_DSYNC, creating and truncating, where the system has it', () => {
    const flags = SYNCED_OPEN_FLAGS!;
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    expect(flags & constants.O_CREAT).toBe(constants.O_CREAT);
    expect(flags & constants.O_TRUNC).toBe(constants.O_TRUNC);
    expect(flags & constants.O_WRONLY).toBe(constants.O_WRONLY);
  });

  it.each([
    ['text', 'héllo wörld', 'héllo wörld'],
    ['bytes', new Uint8Array([0, 1, 2, 255]), Buffer.from([0, 1, 2, 255]).toString('latin1')],
  ])('writes %s whole, replacing a longer file', async (_kind, content, expected) => {
    const path = join(folder(), 'a.tmp');
    writeFileSync(path, 'x'.repeat(100));
    await diskFs.writeSynced(path, content);
    expect(readFileSync(path, typeof content === 'string' ? 'utf8' : 'latin1')).toBe(expected);
  });

  it('answers the modification time a stat of the renamed file gives (told by the open descriptor, no stat after the rename)', async () => {
    const path = join(folder(), 'a.json');
    writeFileSync(path, 'old');
    const mtimeMs = await writeFileAtomic(path, '{"new":true}');
    expect(readFileSync(path, 'utf8')).toBe('{"new":true}');
    expect(mtimeMs).toBe(lstatSync(path).mtimeMs);
  });
});

describe('readTextNoFollow: a whole file without asking its size first', () => {
  it.each([
    ['empty', 0],
    ['small', 10],
    ['exactly the first read', 64 * 1024],
    ['longer than two reads', 200 * 1024 + 7],
  ])('reads a %s file whole', async (_case, size) => {
    const path = join(folder(), 'a.json');
    const text = 'é'.repeat(Math.floor(size / 2)) + (size % 2 ? 'x' : '');
    writeFileSync(path, text);
    await expect(readTextNoFollow(path, 'content/a.json')).resolves.toBe(text);
  });

  it('reads many files at once, and again, each whole and its own (the first-read buffers are reused, never shared)', async () => {
    const dir = folder();
    const texts = Array.from({ length: 24 }, (_, at) => `${at}:`.padEnd(100 + at * 997, String.fromCharCode(97 + (at % 26))));
    texts.forEach((text, at) => writeFileSync(join(dir, `${at}.json`), text));
    for (let round = 0; round < 2; round++) {
      const read = await Promise.all(texts.map((_, at) => readTextNoFollow(join(dir, `${at}.json`), `content/${at}.json`)));
      expect(read).toEqual(texts);
    }
  });
});
