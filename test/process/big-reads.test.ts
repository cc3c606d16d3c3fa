import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runFile, stopSpawner } from '../../core/process/run-file.js';
import { streamFile } from '../../core/process/stream-file.js';

const MB = 2 ** 20;
/** The blob read: past the 64 MB the brief names, so a copy of it would show far above the bounds asserted. */
const BLOB_MB = 192;

const made: string[] = [];
afterAll(() => {
  stopSpawner();
  for (const repo of made) rmSync(repo, { recursive: true, force: true });
});

/** A repository holding one blob of `size` bytes of text; its object name. */
function bigBlob(size: number) {
  const repo = mkdtempSync(join(tmpdir(), 'cms-big-reads-'));
  made.push(repo);
  execFileSync('git', ['init', '--quiet', repo]);
  const file = join(repo, 'big.txt');
  writeFileSync(file, Buffer.alloc(size, 'line of text\n'));
  return { repo, oid: execFileSync('git', ['hash-object', '-w', file], { cwd: repo, encoding: 'utf8' }).trim() };
}

/**
 * In a Node process of its own (so nothing else counts in its peak), read the blob through the spawner with a consumer that
 * yields to the event loop after each chunk (slower than git writes it), and say: the bytes read, how much that process's peak
 * resident memory (maxRSS) grew over the read, and the spawner's own peak (VmHWM).
 */
function readInOwnProcess(repo: string, oid: string) {
  const module = (name: string) => JSON.stringify(join(import.meta.dirname, `../../core/process/${name}.ts`));
  const script = `const { streamFile } = (await import(${module('stream-file')})).default;
    const { spawnerPid } = (await import(${module('run-file')})).default;
    const { readFileSync } = await import('node:fs');
    const drain = async (stdout) => { for await (const chunk of stdout) void chunk; };
    await streamFile('true', [], { via: 'spawner' }, drain);
    const before = process.resourceUsage().maxRSS * 1024;
    let bytes = 0;
    await streamFile('git', ['cat-file', 'blob', ${JSON.stringify(oid)}], { cwd: ${JSON.stringify(repo)}, via: 'spawner' }, async (stdout) => {
      for await (const chunk of stdout) { bytes += chunk.length; await new Promise(setImmediate); }
    });
    const spawner = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/' + spawnerPid() + '/status', 'utf8'))[1]) * 1024;
    console.log(JSON.stringify({ bytes, grown: process.resourceUsage().maxRSS * 1024 - before, spawner }));`;
  const child = spawn(process.execPath, ['--import', 'jiti/register', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk; });
  return new Promise<{ bytes: number; grown: number; spawner: number }>((resolve, reject) => child.on('close', (code) =>
    (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the reading process exited ${code}: ${out}`)))));
}

/** A consumer that counts what it reads. */
const counted = () => {
  const seen = { bytes: 0 };
  return { seen, consume: async (stdout: Readable) => { for await (const chunk of stdout) seen.bytes += (chunk as Buffer).length; } };
};

describe('big reads stream through the spawner in bounded memory', () => {
  it(`reads a ${BLOB_MB} MB blob with the reader's and the spawner's peak memory far below the blob's size`, async () => {
    const { repo, oid } = bigBlob(BLOB_MB * MB);
    const { bytes, grown, spawner } = await readInOwnProcess(repo, oid);
    expect(bytes).toBe(BLOB_MB * MB);
    // A whole-output answer held the blob at least once on each side (and twice while it was (de)serialised). Measured on a
    // 96 MB and a 384 MB blob alike: 30-44 MB of growth here (chunks not yet collected), 83-88 MB for the whole spawner.
    expect(grown).toBeLessThan(64 * MB);
    expect(spawner).toBeLessThan(128 * MB);
  });

  it('fails as runFile fails: the exit code and stderr after a streamed output, and a timeout kills the program', async () => {
    const failing = counted();
    const failed = await streamFile('sh', ['-c', 'head -c 3000000 /dev/zero; echo bad >&2; exit 3'], { via: 'spawner' }, failing.consume)
      .catch((error: Record<string, unknown>) => error);
    expect(failing.seen.bytes).toBe(3_000_000);
    expect(failed).toMatchObject({ code: 3, killed: false, signal: null, stderr: 'bad\n', cmd: expect.stringContaining('sh -c') });
    const slow = counted();
    const timedOut = await streamFile('sh', ['-c', 'head -c 3000000 /dev/zero; exec sleep 30'], { via: 'spawner', timeout: 200 }, slow.consume)
      .catch((error: Record<string, unknown>) => error);
    // However much came before the timeout (all of it on a quiet machine), the stream ended with the kill.
    expect(slow.seen.bytes).toBeLessThanOrEqual(3_000_000);
    expect(timedOut).toMatchObject({ killed: true, signal: 'SIGTERM', code: null });
  });

  it('kills the program when its consumer fails mid-read, answers with the consumer\'s error, and answers the next call', async () => {
    const broken = streamFile('head', ['-c', String(512 * MB), '/dev/zero'], { via: 'spawner' }, async (stdout) => {
      for await (const chunk of stdout) if (chunk) throw new Error('the consumer gave up');
    });
    await expect(broken).rejects.toThrow('the consumer gave up');
    expect((await runFile('echo', ['next'], { via: 'spawner' })).stdout).toBe('next\n');
  });

  it.each(['spawner', 'direct'] as const)('%s: a program that fails before answering is the error, not the short answer its consumer met', async (via) => {
    const strict = streamFile('sh', ['-c', 'echo not a repository >&2; exit 4'], { via }, async (stdout) => {
      await stdout.toArray();
      throw new Error('answered 0 of 1 names');
    });
    await expect(strict).rejects.toMatchObject({ code: 4, stderr: 'not a repository\n', killed: false });
  });

  it.each(['spawner', 'direct'] as const)('%s: a stderr past maxBuffer ends the program, with its first maxBuffer bytes on the RangeError', async (via) => {
    // Ended by the bound, or it would sleep 30 s after writing its stderr.
    const failed = await streamFile('sh', ['-c', 'head -c 300000 /dev/zero | tr "\\0" e >&2; exec sleep 30'], { via, maxBuffer: 100_000 },
      (stdout) => stdout.toArray()).catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'RangeError', code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', stderr: 'e'.repeat(100_000) });
  });

  it.each(['spawner', 'direct'] as const)('%s: a consumer that stops reading ends the program and keeps its answer', async (via) => {
    const first = streamFile('head', ['-c', String(64 * MB), '/dev/zero'], { via }, async (stdout) => {
      for await (const chunk of stdout as AsyncIterable<Buffer>) return chunk.length > 0;
      return false;
    });
    await expect(first).resolves.toBe(true);
    expect((await runFile('echo', ['next'], { via })).stdout).toBe('next\n');
  });

  it('answers the same bytes either way, each program\'s output its own while several stream at once', async () => {
    const size = 5 * MB + 123;
    const read = (via: 'spawner' | 'direct', at: number) => streamFile('sh', ['-c', `head -c ${size} /dev/zero | tr '\\0' '${at}'`], { via },
      async (stdout) => Buffer.concat(await stdout.toArray()));
    const answers = await Promise.all([0, 1, 2, 3].map((at) => read(at % 2 ? 'direct' : 'spawner', at)));
    answers.forEach((answer, at) => expect(answer.equals(Buffer.alloc(size, String(at)))).toBe(true));
  });
});
