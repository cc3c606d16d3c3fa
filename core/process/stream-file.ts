import type { Readable } from 'node:stream';
import { KeptOutput } from './kept-output.js';
import { viaSpawner, type RunFileOptions } from './run-file.js';
import { aborted, commandLine, failure, overBuffer, start } from './started.js';

/**
 * Run a program whose output may be large (a `cat-file --batch` of many files, an `ls-tree` or `ls-files` of a million paths, a
 * whole `log --name-only`) and hand its stdout to `consume` as a stream, read with backpressure: the caller holds what it keeps,
 * never the whole output. Started as `runFile` starts programs (here, or through the spawner past the memory threshold, the
 * output then coming over in chunks of a pipe read, at most spawner.ts's WINDOW ahead of `consume`). Resolves with what
 * `consume` returned once the program exited 0; fails as runFile fails (`code`, `signal`, `killed`, `cmd`, `stderr`, timeout,
 * abort, stderr past `maxBuffer`), and when `consume` throws, with its error after the program is killed (the program's own
 * failure instead, when it failed first). What `consume` leaves unread is read and dropped; a `consume` that stopped reading
 * (left a `for await`) ends the program.
 */
export async function streamFile<T>(file: string, args: string[], options: Omit<RunFileOptions, 'encoding'>,
  consume: (stdout: Readable) => Promise<T>): Promise<T> {
  const { signal, via, timeout = 0, killSignal = 'SIGTERM', maxBuffer = 1024 * 1024 } = options;
  if (signal?.aborted) throw aborted(signal);
  const started = start({ file, args, cwd: options.cwd ?? process.cwd(), env: options.env ?? process.env, input: options.input },
    viaSpawner(via) ? 'spawner' : 'direct');
  let met: Error | undefined;
  let killed = false;
  const kill = (error?: Error) => {
    met ??= error;
    killed = true;
    try { started.kill(killSignal); } catch (failed) { met ??= failed as Error; }
  };
  const stderr = new KeptOutput(maxBuffer);
  started.stderr.on('data', (chunk: Buffer) => { if (stderr.keep(chunk)) kill(overBuffer('stderr')); });
  const timer = timeout > 0 ? setTimeout(() => kill(), timeout) : undefined;
  const onAbort = () => kill(aborted(signal));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let value: T;
    try {
      value = await consume(started.stdout);
    } catch (error) {
      // Stopped by the timeout, the signal or stderr's bound, or ended with a failure after all it wrote was read (the
      // answer was short because the program stopped): that, not what `consume` then met, is what went wrong.
      const early = killed;
      const readToEnd = started.stdout.readableEnded;
      kill();
      started.stdout.resume();
      const ending = await started.ended;
      const text = stderr.bytes().toString();
      const failedFirst = early || (readToEnd && (ending.error !== undefined || (typeof ending.code === 'number' && ending.code !== 0)));
      const own = failedFirst ? failure(ending, commandLine(file, args), text, early, met) : undefined;
      throw own ? Object.assign(own, { stdout: '', stderr: text }) : error;
    }
    // `consume` stopped reading (it left a `for await`, which destroys the stream): the rest is not wanted.
    if (started.stdout.destroyed && !started.stdout.readableEnded) {
      kill();
      await started.ended;
      return value;
    }
    started.stdout.resume();
    const ending = await started.ended;
    const text = stderr.bytes().toString();
    const error = failure(ending, commandLine(file, args), text, killed, met);
    if (error) throw Object.assign(error, { stdout: '', stderr: text });
    return value;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Each record of a stream cut at `separator` (a newline, or NUL for git's `-z`), as text, handed to `each` as it comes: a
 * listing of a million paths is never one string. A last record without its separator is handed too. `each` returning
 * `false` stops the reading (the stream is destroyed: under `streamFile`, the program is ended).
 */
export async function eachRecord(stream: Readable, separator: number, each: (record: string) => void | false): Promise<void> {
  let rest: Buffer | undefined;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data = rest ? Buffer.concat([rest, chunk]) : chunk;
    let at = 0;
    for (let end = data.indexOf(separator, at); end >= 0; end = data.indexOf(separator, at)) {
      if (each(data.toString('utf8', at, end)) === false) return;
      at = end + 1;
    }
    rest = at < data.length ? data.subarray(at) : undefined;
  }
  if (rest) each(rest.toString('utf8'));
}
