// A spilling slab hands its full buffers to the thread pool (`fs.write`) and fills the next one meanwhile. The disk is
// steered here through `fs.write`: its writes held back until released, cut short, or failing as a full disk does.
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { TextSlab, type KeptText } from '../../core/index/text-slab.js';

type WriteDone = (error: NodeJS.ErrnoException | null, written: number) => void;
const disk = vi.hoisted(() => ({
  calls: 0, failAt: 0, mostBytes: Infinity, hold: false, held: [] as (() => void)[],
  /** Writes whose answer the slab has had, and who waits to hear of the next one. */
  answered: 0, onAnswer: undefined as (() => void) | undefined,
}));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const write = ((fd: number, bytes: Buffer, offset: number, length: number, position: number, answer: WriteDone) => {
    const call = ++disk.calls;
    const done: WriteDone = (error, written) => {
      answer(error, written);
      disk.answered++;
      disk.onAnswer?.();
    };
    const go = () => {
      if (call === disk.failAt) done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 0);
      else real.write(fd, bytes, offset, Math.min(length, disk.mostBytes), position, done);
    };
    if (disk.hold) disk.held.push(go);
    else go();
  }) as unknown as typeof real.write;
  return { ...real, write, default: { ...real, write } };
});
/** Until the slab has had the answer of every write it handed to the pool (`ready()` is quiet while one is still on its way). */
const everyWriteAnswered = () => new Promise<void>((resolve) => {
  const check = () => { if (disk.answered === disk.calls) resolve(); else disk.onAnswer = check; };
  check();
});
// A test's last write may still be on its way when it ends: its answer, counted in the next test, would make that one's
// count look complete while one of its own writes is still flying.
afterEach(async () => {
  await everyWriteAnswered();
  Object.assign(disk, { calls: 0, failAt: 0, mostBytes: Infinity, hold: false, held: [], answered: 0, onAnswer: undefined });
});

const dir = mkdtempSync(join(tmpdir(), 'text-slab-write-behind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = Array.from({ length: 400 }, (_, i) => `{"title":"Crème brûlée ${i} 🍮","body":"${'x'.repeat((i * 37) % 9000)}"}`);
const files = texts.map((text, i) => {
  const path = join(dir, `f${i}.json`);
  writeFileSync(path, text);
  return path;
});

/** Read every file into a slab spilling past 128 KB buffers (a file read wants 64 KB of room); `wait`: between files, as a load does, await its writes. */
async function spill(wait: boolean): Promise<{ slab: TextSlab; kept: KeptText[]; spillDir: string }> {
  const spillDir = mkdtempSync(join(dir, 'spill-'));
  const slab = TextSlab.spilling(spillDir, 128 << 10);
  const kept: KeptText[] = [];
  for (const path of files) {
    const written = wait ? slab.ready() : undefined;
    if (written) await written;
    const fd = openSync(path, 'r');
    try {
      kept.push(slab.keep(slab.readFile(fd)));
    } finally {
      closeSync(fd);
    }
  }
  return { slab, kept, spillDir };
}


const order = texts.map((_, i) => (i * 7919) % texts.length);
const readAll = (slab: TextSlab, kept: KeptText[]) => [...kept.map((at) => slab.text(at)), ...order.map((i) => slab.text(kept[i]))];
const expected = [...texts, ...order.map((i) => texts[i])];

describe('TextSlab.spilling writes its full buffers behind, on the thread pool', () => {
  it('answers every text while writes are under way and after they ended, holding no more than three buffers', async () => {
    const { slab, kept, spillDir } = await spill(true);
    expect(disk.calls).toBeGreaterThan(20);
    expect(readAll(slab, kept)).toEqual(expected);
    await everyWriteAnswered();
    expect(slab.spills).toBe(true);
    expect(readAll(slab, kept)).toEqual(expected);
    // The current buffer and two on their way; each used again once written (a text too large for one takes its own).
    expect(slab.buffers).toBeLessThanOrEqual(3);
    expect(readdirSync(spillDir)).toEqual([]);
  });

  it('lets its spare buffers go once the load is done: only the buffer it fills stays in memory', async () => {
    const { slab, kept } = await spill(true);
    // the load ends while its last writes are on their way: buffers they free are not kept either
    slab.loaded();
    await everyWriteAnswered();
    expect(slab.bufferBytes).toBe(128 << 10);
    expect(readAll(slab, kept)).toEqual(expected);
  });

  it('gives every caller the one promise of the next write\'s end', async () => {
    disk.hold = true;
    const { slab } = await spill(false);
    const [first, second] = [slab.ready(), slab.ready()];
    expect(first).toBeDefined();
    expect(second).toBe(first);
    for (const go of disk.held.splice(0)) go();
    await Promise.all([first, second]);
    await everyWriteAnswered();
  });

  it('uses no buffer again before its write ends: writes held back, the texts after them still read as kept', async () => {
    disk.hold = true;
    const { slab, kept } = await spill(false);
    // Two buffers on their way, the rest written in place: a caller that never waits holds no more buffers.
    expect(disk.held).toHaveLength(2);
    expect(slab.buffers).toBeLessThanOrEqual(3);
    expect(readAll(slab, kept)).toEqual(expected);
    for (const go of disk.held.splice(0)) go();
    await everyWriteAnswered();
    expect(readAll(slab, kept)).toEqual(expected);
  });

  it('writes on after a short write, to where the buffer ends', async () => {
    disk.mostBytes = 1000;
    const { slab, kept } = await spill(true);
    await everyWriteAnswered();
    expect(slab.spills).toBe(true);
    expect(readAll(slab, kept)).toEqual(expected);
  });

  it('keeps the texts in memory from a write that fails mid-way (a full disk) on, and answers every text the same', async () => {
    disk.failAt = 5;
    const { slab, kept } = await spill(true);
    await everyWriteAnswered();
    expect(disk.calls).toBeGreaterThanOrEqual(5);
    expect(slab.spills).toBe(false);
    expect(readAll(slab, kept)).toEqual(expected);
  });

  it('answers alike when a write fails while later ones are still on their way', async () => {
    disk.hold = true;
    disk.failAt = 1;
    const { slab, kept } = await spill(false);
    const [first, second] = disk.held.splice(0);
    second();
    await new Promise((resolve) => setImmediate(resolve));
    expect(readAll(slab, kept)).toEqual(expected);
    first();
    await everyWriteAnswered();
    expect(slab.spills).toBe(false);
    expect(readAll(slab, kept)).toEqual(expected);
  });
});
