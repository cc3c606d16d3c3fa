import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { KeptOutput } from '../process/kept-output.js';

/** Bytes of a pipe's stderr kept for its failure's message (runFile's default maxBuffer). */
const STDERR_KEPT = 1024 * 1024;

/**
 * One long-lived git process spoken to line by line (`cat-file --batch`, `mktree --batch`): write a request, read its answer
 * (a line, or so many bytes) before writing the next, so an answer can shape the next question. Answers are read from a list
 * of chunks joined once per answer, so a 60 MB tree costs one copy.
 *
 * @example
 * const pipe = gitPipe(root, ['cat-file', '--batch']); pipe.write('HEAD\n'); const header = await pipe.line(); await pipe.close();
 */
export function gitPipe(root: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child: ChildProcessWithoutNullStreams = spawn('git', args, { cwd: root, env: { ...process.env, ...env } });
  const chunks: Buffer[] = [];
  let buffered = 0;
  // Kept for the failure's message only, bounded: the pipe may live as long as the server (commit-pipes.ts).
  const stderr = new KeptOutput(STDERR_KEPT);
  let exit: { code: number | null; error?: Error } | undefined;
  let want: { size: number | 'line'; resolve: (data: Buffer) => void; reject: (error: Error) => void } | undefined;

  const failure = () => new Error(`git ${args.join(' ')}: ${stderr.bytes().toString().trim() || exit?.error?.message || `exit ${exit?.code}`}`);
  const take = (size: number, skip: number): Buffer => {
    const joined = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, buffered);
    chunks.length = 0;
    const rest = joined.subarray(size + skip);
    if (rest.length) chunks.push(rest);
    buffered = rest.length;
    return joined.subarray(0, size);
  };
  const pump = () => {
    if (!want) return;
    let size = want.size;
    if (size === 'line') {
      let seen = 0;
      let end = -1;
      for (const chunk of chunks) {
        const at = chunk.indexOf(0x0a);
        if (at >= 0) { end = seen + at; break; }
        seen += chunk.length;
      }
      if (end < 0) { if (exit) want.reject(failure()); return; }
      size = end;
    } else if (buffered < size) {
      if (exit) want.reject(failure());
      return;
    }
    const { resolve } = want;
    const skip = want.size === 'line' ? 1 : 0;
    want = undefined;
    resolve(take(size, skip));
  };
  child.stdout.on('data', (chunk: Buffer) => { chunks.push(chunk); buffered += chunk.length; pump(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr.keep(chunk); });
  const closed = new Promise<void>((resolve) => {
    child.on('error', (error) => { exit = { code: null, error }; pump(); resolve(); });
    child.on('close', (code) => { exit ??= { code }; pump(); resolve(); });
  });
  // A closed pipe (git gone) is told by the exit code.
  child.stdin.on('error', () => undefined);

  const read = (size: number | 'line') => new Promise<Buffer>((resolve, reject) => {
    if (want) throw new Error('gitPipe: one read at a time');
    want = { size, resolve, reject };
    pump();
  });

  return {
    write(data: string | Buffer): void { child.stdin.write(data); },
    /** The next line of the answer, without its newline. */
    async line(): Promise<string> { return (await read('line')).toString('utf8'); },
    /** The next `size` bytes of the answer. */
    bytes(size: number): Promise<Buffer> { return read(size); },
    /** End the input and wait for git to exit; a failure exit throws with git's words. */
    async close(): Promise<void> {
      child.stdin.end();
      await closed;
      if (exit?.error || exit?.code !== 0) throw failure();
    },
    /** End the input without waiting: git exits by itself once it has answered what was asked. */
    end(): void { child.stdin.end(); },
    /** Whether git is still there to answer (false once it has exited or failed to start). */
    get alive(): boolean { return !exit; },
    /**
     * Whether this process keeps Node running: a pipe kept between uses is let go (false), so a CLI command can exit with it
     * open, and held (true) while an answer is awaited.
     */
    hold(held: boolean): void {
      for (const handle of [child, child.stdin, child.stdout, child.stderr] as Array<{ ref(): void; unref(): void }>) {
        if (held) handle.ref(); else handle.unref();
      }
    },
  };
}

export type GitPipe = ReturnType<typeof gitPipe>;
