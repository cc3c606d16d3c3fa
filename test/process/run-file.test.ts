import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runFile, spawnerPid, stopSpawner, viaSpawner, type RunFileOptions } from '../../core/process/run-file.js';

const direct = promisify(execFile);

/**
 * A Node process that runs one program through the spawner, prints the spawner's pid, then ends by itself or (`stay`) waits to be
 * killed. Resolves with that pid and a promise of its stderr's end: the spawner inherits the parent's stderr, so that end comes
 * only once the spawner is gone too.
 */
function parentOfSpawner(stay: boolean) {
  const module = join(import.meta.dirname, '../../core/process/run-file.ts');
  // jiti hands a TypeScript module's exports as its default.
  const script = `const { runFile, spawnerPid } = (await import(${JSON.stringify(module)})).default;
    await runFile('true', [], { via: 'spawner' });
    console.log(spawnerPid());
    ${stay ? 'setInterval(() => undefined, 1000);' : ''}`;
  const child = spawn(process.execPath, ['--import', 'jiti/register', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const closed = new Promise<void>((done) => child.stderr.on('end', done).resume());
  const pid = new Promise<number>((done) => child.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString()))));
  return { child, pid, closed };
}

/** Whether a process is gone (or a zombie left to init, which reaps it). */
const gone = (pid: number) => !existsSync(`/proc/${pid}`) || / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1] ?? ' Z ');

/** What a call answered, or the fields of its error, comparable across both ways. */
async function outcome(call: Promise<{ stdout: unknown; stderr: unknown }>) {
  try {
    return { answer: await call };
  } catch (error) {
    const { name, message, code, signal, killed, cmd, stdout, stderr } = error as Record<string, unknown>;
    return { error: { class: (error as Error).constructor.name, name, message, code, signal, killed, cmd, stdout, stderr } };
  }
}

afterAll(() => stopSpawner());

describe.each(['spawner', 'direct'] as const)('runFile started %s answers as execFile does', (via) => {
  const both = (file: string, args: string[], options: RunFileOptions = {}) => Promise.all([
    outcome(runFile(file, args, { ...options, via })),
    outcome(direct(file, args, options as Parameters<typeof direct>[2]) as Promise<{ stdout: unknown; stderr: unknown }>),
  ]);

  it('gives stdout and stderr as text, or as Buffers with encoding "buffer"', async () => {
    const [ours, theirs] = await both('sh', ['-c', 'printf "out é"; printf err >&2']);
    expect(ours).toEqual(theirs);
    expect(ours.answer).toEqual({ stdout: 'out é', stderr: 'err' });
    const buffers = await runFile('sh', ['-c', 'printf "\\377\\000"'], { encoding: 'buffer', via });
    expect(buffers.stdout).toEqual(Buffer.from([0xff, 0]));
  });

  it('fails with the exit code, the command, stdout and stderr on the error', async () => {
    const [ours, theirs] = await both('sh', ['-c', 'echo partial; echo bad >&2; exit 3']);
    expect(ours).toEqual(theirs);
    expect(ours.error).toMatchObject({ class: 'Error', code: 3, killed: false, signal: null, stdout: 'partial\n', stderr: 'bad\n' });
  });

  it('fails with ENOENT for a program that does not exist', async () => {
    const [ours, theirs] = await both('no-such-program-here', ['x']);
    expect(ours).toEqual(theirs);
    expect(ours.error).toMatchObject({ code: 'ENOENT' });
  });

  it('runs in the cwd asked, with the env asked, and writes input to stdin', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'run-file-')));
    const options = { cwd: folder, env: { PATH: process.env.PATH, ASKED: 'yes' } };
    const [ours, theirs] = await both('sh', ['-c', 'pwd; echo "$ASKED"'], options);
    expect(ours).toEqual(theirs);
    expect(ours.answer?.stdout).toBe(`${folder}\nyes\n`);
    const input = 'line one\nline two\n'.repeat(10_000);
    expect((await runFile('cat', [], { input, maxBuffer: 1 << 24, via })).stdout).toBe(input);
    expect((await runFile('wc', ['-c'], { input: Buffer.from([1, 2, 3]), via })).stdout.trim()).toBe('3');
  });

  it('passes output far past a pipe\'s 64 KB whole, and fails past maxBuffer with execFile\'s RangeError', async () => {
    const big = await runFile('head', ['-c', String(5 << 20), '/dev/zero'], { encoding: 'buffer', maxBuffer: 8 << 20, via });
    expect(big.stdout.length).toBe(5 << 20);
    const [ours, theirs] = await both('head', ['-c', String(2 << 20), '/dev/zero'], { maxBuffer: 1 << 20 });
    expect(ours.error).toMatchObject({ class: 'RangeError', code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' });
    expect(ours.error?.message).toBe(theirs.error?.message);
  });

  it('keeps the first maxBuffer bytes of a stderr past it on its RangeError, as execFile does', async () => {
    const [ours, theirs] = await both('sh', ['-c', 'head -c 300000 /dev/zero | tr "\\0" e >&2'], { maxBuffer: 100_000 });
    expect(ours.error).toMatchObject({ class: 'RangeError', code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', stderr: 'e'.repeat(100_000) });
    expect(ours.error?.stderr).toBe(theirs.error?.stderr);
  });

  it('kills a program past its timeout with killSignal, and on an aborted signal', async () => {
    const [ours, theirs] = await both('sleep', ['30'], { timeout: 50 });
    expect(ours).toEqual(theirs);
    expect(ours.error).toMatchObject({ killed: true, signal: 'SIGTERM', code: null });
    const abort = new AbortController();
    const running = outcome(runFile('sleep', ['30'], { signal: abort.signal, via }));
    setImmediate(() => abort.abort());
    expect((await running).error).toBeDefined();
  });

  it('answers many calls at once, each with its own output', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, at) => runFile('sh', ['-c', `echo ${at}`], { via })));
    expect(answers.map(({ stdout }) => Number(stdout))).toEqual(Array.from({ length: 40 }, (_, at) => at));
  });
});

describe('the spawner process', () => {
  it('is started again by the next call after it died, and the calls it held fail rather than hang', async () => {
    await runFile('true', [], { via: 'spawner' });
    const first = spawnerPid()!;
    const held = outcome(runFile('sleep', ['30'], { via: 'spawner' }));
    process.kill(first, 'SIGKILL');
    expect((await held).error?.message).toMatch(/spawner process ended/);
    expect((await runFile('echo', ['again'], { via: 'spawner' })).stdout).toBe('again\n');
    expect(spawnerPid()).not.toBe(first);
  });

  it('never keeps its parent alive, and ends with it: after its parent ends by itself, and after a SIGKILL of its parent', async () => {
    const ending = parentOfSpawner(false);
    const first = await ending.pid;
    await ending.closed;
    expect(gone(first)).toBe(true);
    const killed = parentOfSpawner(true);
    const second = await killed.pid;
    expect(gone(second)).toBe(false);
    killed.child.kill('SIGKILL');
    await killed.closed;
    expect(gone(second)).toBe(true);
  });

  it('runs each program in the env asked when only what differs from the env it holds is sent, in any order of calls', async () => {
    const env = (extra: NodeJS.ProcessEnv = {}, without: string[] = []) => {
      const made = { ...process.env, ...extra };
      for (const name of without) delete made[name];
      return made;
    };
    const echo = async (options: RunFileOptions) =>
      (await runFile('sh', ['-c', 'echo "${ONE-none} ${TWO-none} ${HOME-none}"'], { ...options, via: 'spawner' })).stdout.trim();
    expect(await echo({})).toBe(`none none ${process.env.HOME ?? 'none'}`);
    expect(await echo({ env: env({ ONE: '1' }) })).toBe(`1 none ${process.env.HOME ?? 'none'}`);
    expect(await echo({ env: env({ TWO: '2' }, ['HOME']) })).toBe('none 2 none');
    expect(await echo({})).toBe(`none none ${process.env.HOME ?? 'none'}`);
    // Most names gone: sent whole, and held from then on.
    expect(await echo({ env: { PATH: process.env.PATH, TWO: 'two' } })).toBe('none two none');
    expect(await echo({ env: { PATH: process.env.PATH, ONE: 'one' } })).toBe('one none none');
    expect(await echo({})).toBe(`none none ${process.env.HOME ?? 'none'}`);
  });

  it('is used by policy once running, or past the resident-memory threshold, and CMS_SPAWNER forces either way', () => {
    const saved = process.env.CMS_SPAWNER;
    try {
      process.env.CMS_SPAWNER = 'off';
      expect(viaSpawner()).toBe(false);
      process.env.CMS_SPAWNER = 'on';
      expect(viaSpawner()).toBe(true);
      expect(viaSpawner('direct')).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.CMS_SPAWNER; else process.env.CMS_SPAWNER = saved;
    }
  });
});
