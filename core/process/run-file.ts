import { execFile } from 'node:child_process';
import { spawnerPid, startVia } from './spawner.js';
import { aborted, collect } from './started.js';

export { spawnerPid, stopSpawner } from './spawner.js';

/**
 * Short-lived child processes (git above all) for core: `runFile` answers as `promisify(execFile)` does (stdout and stderr as
 * text or Buffers; on failure an Error carrying `code`, `signal`, `killed`, `cmd`, `stdout`, `stderr`), with stdin `input`.
 *
 * Where the process is started from: Node forks on Linux (libuv, no CLONE_VM), so a start costs page-table copying and
 * copy-on-write faults in proportion to this process's resident memory: a `cms serve` holding a large site, or a test worker,
 * pays tens of milliseconds of CPU per git run. Past SPAWNER_RSS_MB of resident memory the start is handed to the spawner
 * (spawner.ts), a small Node process started once, which forks from its ~45 MB instead; below it (a one-shot `cms get`), the
 * program is started here and no spawner is ever paid for. Once a spawner runs, it is used whatever the size.
 * `CMS_SPAWNER=on` or `off` (or the `via` option) forces either way, for tests and measurements. Through the spawner the output
 * comes in 64 KiB messages (spawner.ts); an output too large to hold whole is read as a stream with `streamFile` (stream-file.ts).
 */
export interface RunFileOptions {
  cwd?: string;
  /** The program's whole environment (default this process's). */
  env?: NodeJS.ProcessEnv;
  /** Written to the program's stdin, which is then closed; without it stdin is a pipe left open, as execFile leaves it. */
  input?: string | Uint8Array;
  /** Bytes of stdout or stderr past which the program is killed and the call fails (execFile's default: 1 MiB). */
  maxBuffer?: number;
  /** Milliseconds after which the program is sent `killSignal` (0: none). */
  timeout?: number;
  killSignal?: NodeJS.Signals | number;
  /** 'buffer' for Buffers; any other for text (default utf8). */
  encoding?: BufferEncoding | 'buffer';
  /** Kills the program when aborted, as execFile's `signal`. */
  signal?: AbortSignal;
  /** Forces where the program is started: 'spawner' or 'direct' (default: the policy above). */
  via?: 'spawner' | 'direct';
}

export interface RunFileResult<T> { stdout: T; stderr: T }

/** Resident memory (MB) from which a start through the spawner costs less CPU than a fork of this process (bench/spawn-cost.mjs). */
export const SPAWNER_RSS_MB = 200;

/** Whether this call goes through the spawner. */
export function viaSpawner(via?: 'spawner' | 'direct'): boolean {
  const forced = via ?? ({ on: 'spawner', off: 'direct' } as const)[process.env.CMS_SPAWNER as 'on' | 'off'];
  if (forced) return forced === 'spawner';
  return spawnerPid() !== undefined || process.memoryUsage.rss() >= SPAWNER_RSS_MB * 2 ** 20;
}

export function runFile(file: string, args: string[], options: RunFileOptions & { encoding: 'buffer' }): Promise<RunFileResult<Buffer>>;
export function runFile(file: string, args: string[], options?: RunFileOptions): Promise<RunFileResult<string>>;
export function runFile(file: string, args: string[], options: RunFileOptions = {}): Promise<RunFileResult<string | Buffer>> {
  const { encoding = 'utf8', input, signal, via, ...rest } = options;
  const decode = (out: Buffer | undefined) => (encoding === 'buffer' ? out ?? Buffer.alloc(0) : (out ?? Buffer.alloc(0)).toString(encoding));
  const settle = ({ stdout, stderr, error }: { stdout?: Buffer; stderr?: Buffer; error?: Error }): RunFileResult<string | Buffer> => {
    const answer = { stdout: decode(stdout), stderr: decode(stderr) };
    if (!error) return answer;
    throw Object.assign(error, answer);
  };
  if (signal?.aborted) return Promise.reject(aborted(signal));
  const request = { file, args, cwd: rest.cwd ?? process.cwd(), env: rest.env ?? process.env, input };
  const limits = { maxBuffer: rest.maxBuffer ?? 1024 * 1024, timeout: rest.timeout ?? 0, killSignal: rest.killSignal ?? 'SIGTERM' };
  // Through the spawner the output comes in chunks (spawner.ts), gathered here as execFile gathers a pipe's.
  if (viaSpawner(via)) return collect((sink) => startVia(request, sink), { file, args, encoding, signal, ...limits }).then(settle);
  return new Promise<{ stdout?: Buffer; stderr?: Buffer; error?: Error }>((resolve) => {
    const { input: text, file: program, args: list, ...spawnOptions } = request;
    const child = execFile(program, list, { ...spawnOptions, ...limits, signal, encoding: 'buffer' }, (error, stdout, stderr) =>
      resolve({ stdout, stderr, error: error ?? undefined }));
    if (text !== undefined) {
      // A closed pipe (the program gone early) is told by its exit code.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(text);
    }
  }).then(settle);
}
