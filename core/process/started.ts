import { spawn } from 'node:child_process';
import { getSystemErrorName } from 'node:util';
import { KeptOutput } from './kept-output.js';
import { streamVia, type Ending, type ErrorFields, type Run, type Sink, type SpawnRequest, type Started } from './spawner.js';

/** Start a program in this process (a fork of it): the same face as one started through the spawner. */
export function startHere({ file, args, cwd, env, input }: SpawnRequest): Started {
  const child = spawn(file, args, { cwd, env });
  const ended = new Promise<Ending>((resolve) => {
    child.on('error', (error) => {
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ error });
    });
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  // A closed pipe (the program gone early) is told by its exit code.
  child.stdin.on('error', () => undefined);
  if (input !== undefined) child.stdin.end(input);
  return { stdout: child.stdout, stderr: child.stderr, ended, kill: (signal) => { child.kill(signal); } };
}

/** Start a program here or through the spawner. */
export const start = (request: SpawnRequest, via: 'spawner' | 'direct'): Started => (via === 'spawner' ? streamVia : startHere)(request);

/** The command line execFile names on its errors (`cmd`). */
export const commandLine = (file: string, args: string[]) => (args.length ? `${file} ${args.join(' ')}` : file);

/** The spawner's error as execFile's would be: same class for the ones it makes (Error, RangeError past maxBuffer), same fields. */
function rebuilt(error: Error | ErrorFields): Error {
  if (error instanceof Error) return error;
  const { name, message, stack, own } = error;
  const made = name === 'RangeError' ? new RangeError(message) : new Error(message);
  return Object.assign(made, { stack: stack ?? made.stack }, own);
}

/** What execFile's error says past maxBuffer: a RangeError naming the stream. */
export const overBuffer = (stream: 'stdout' | 'stderr') =>
  Object.assign(new RangeError(`${stream} maxBuffer length exceeded`), { code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' });

/** What execFile's error is on an aborted signal. */
export const aborted = (signal?: AbortSignal) =>
  Object.assign(new Error('The operation was aborted', { cause: signal?.reason }), { name: 'AbortError', code: 'ABORT_ERR' });

/**
 * How execFile ends a run: nothing when the program exited 0 without a signal; else the error it met (`met`: past maxBuffer,
 * aborted, a kill that failed), the error that ended the run (it could not start), or `Command failed: <cmd>\n<stderr>` with the
 * exit `code`, `signal` and whether it was `killed` by the caller; `cmd` on each.
 */
export function failure(ending: Ending | undefined, cmd: string, stderr: string, killed: boolean, met?: Error): Error | undefined {
  if (!met && ending && !ending.error && ending.code === 0 && ending.signal === null) return undefined;
  let error = met;
  if (!error && ending?.error) error = rebuilt(ending.error);
  if (!error && ending && !ending.error) {
    const { code, signal } = ending;
    error = Object.assign(new Error(`Command failed: ${cmd}\n${stderr}`), {
      code: code !== null && code < 0 ? getSystemErrorName(code) : code, killed, signal,
    });
  }
  return Object.assign(error ?? new Error(`Command failed: ${cmd}`), { cmd });
}

export interface CollectOptions {
  file: string;
  args: string[];
  maxBuffer: number;
  timeout: number;
  killSignal: NodeJS.Signals | number;
  encoding: BufferEncoding | 'buffer';
  signal?: AbortSignal;
}

/**
 * A program's whole output, answered as execFile answers (its timeout, maxBuffer and abort signal included): the outputs as
 * Buffers, and the error execFile would give. `begin` starts it, delivering to the sink it is given.
 */
export function collect(begin: (sink: Sink) => Run, { file, args, maxBuffer, timeout, killSignal, encoding, signal }: CollectOptions) {
  const cmd = commandLine(file, args);
  const kept = { 1: new KeptOutput(maxBuffer), 2: new KeptOutput(maxBuffer) };
  let met: Error | undefined;
  let killed = false;
  let settled = false;
  return new Promise<{ stdout: Buffer; stderr: Buffer; error?: Error }>((resolve) => {
    const answer = (ending?: Ending) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const stdout = kept[1].bytes();
      const stderr = kept[2].bytes();
      const text = encoding === 'buffer' ? stderr.toString() : stderr.toString(encoding);
      resolve({ stdout, stderr, error: failure(ending, cmd, text, killed, met) });
    };
    const kill = () => {
      killed = true;
      try {
        run.kill(killSignal);
      } catch (error) {
        met ??= error as Error;
        answer();
      }
    };
    const onAbort = () => {
      met ??= aborted(signal);
      try { run.kill(killSignal); } catch { /* gone already: the abort is the answer either way */ }
      answer();
    };
    const run = begin({
      // Taken whatever happens: what comes after a kill or past maxBuffer is dropped, as execFile drops it.
      data: (fd, chunk) => {
        run.taken(chunk.length);
        if (killed || settled || !kept[fd].keep(chunk)) return;
        met ??= overBuffer(fd === 1 ? 'stdout' : 'stderr');
        kill();
      },
      end: answer,
    });
    const timer = timeout > 0 ? setTimeout(kill, timeout) : undefined;
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
