/**
 * The spawner's whole program: it runs in a small Node process of its own (spawner.ts starts it with `node -e`, this function's
 * source as the script), so it uses nothing but what it is handed: `require` of Node's builtins and `process`. Per message from
 * its parent it starts one program by `spawn` and streams its stdout and stderr back in chunks of 64 KiB, at most `window`
 * bytes ahead of what the parent acknowledged having taken (past that it stops reading the program's pipes, so the program waits
 * on its own writes): memory stays bounded on both sides whatever the output's size, and no message is larger than a pipe read.
 * The program's environment is the one its parent last sent whole (`envBase`) with that call's differences (`envSet`,
 * `envUnset`), so the parent's environment crosses the channel once rather than with every call. It kills one program on
 * request, and it exits once its parent's channel closes: when the parent exits, is killed (SIGKILL included) or lets it go.
 */
export function spawnerMain(require: (id: string) => unknown, process: NodeJS.Process): void {
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  type Env = Record<string, string>;
  type Run = { id: number; file: string; args: string[]; cwd: string; envBase?: Env; envSet?: Env; envUnset?: string[];
    input?: string | Uint8Array; window: number };
  type Kill = { kill: number; signal: NodeJS.Signals | number };
  type Ack = { ack: number; bytes: number };
  const running = new Map<number, { child: ReturnType<typeof spawn>; ahead: number; window: number; finish: (message: object) => void }>();
  let base: Env = {};
  /** Bytes of one output held before they are sent (a pipe read). */
  const FLUSH = 1 << 16;
  /** An error as plain fields: structured clone keeps an Error's message but not `code`, `errno`, `syscall`, `path`. */
  const fields = (error: Error) => {
    const own: Record<string, unknown> = {};
    for (const key of Object.keys(error)) own[key] = (error as unknown as Record<string, unknown>)[key];
    return { name: error.name, message: error.message, stack: error.stack, own };
  };
  const send = (message: object) => { if (process.connected) process.send!(message); };
  const pipes = (child: ReturnType<typeof spawn>) => [child.stdout, child.stderr];

  const start = ({ id, file, args, cwd, envBase, envSet, envUnset, input, window }: Run) => {
    if (envBase) base = envBase;
    const env: Env = { ...base, ...envSet };
    for (const name of envUnset ?? []) delete env[name];
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(file, args, { cwd, env });
    } catch (error) {
      // What spawn throws at once (an argument it refuses) is that call's answer too.
      send({ id, error: fields(error as Error) });
      return;
    }
    let over = false;
    const finish = (message: object) => {
      if (over) return;
      over = true;
      running.delete(id);
      send({ id, ...message });
    };
    const run = { child, ahead: 0, window, finish };
    running.set(id, run);
    // Output is held until a pipe read's worth (FLUSH) has come, then sent in one message: a short run's whole output goes
    // with its exit, in one message.
    const held: Buffer[][] = [[], []];
    const heldBytes = [0, 0];
    const flush = (at: number) => {
      if (!heldBytes[at]) return undefined;
      const data = held[at].length === 1 ? held[at][0] : Buffer.concat(held[at], heldBytes[at]);
      held[at] = [];
      heldBytes[at] = 0;
      return data;
    };
    pipes(child).forEach((pipe, at) => pipe?.on('data', (chunk: Buffer) => {
      held[at].push(chunk);
      heldBytes[at] += chunk.length;
      if (heldBytes[at] < FLUSH) return;
      run.ahead += heldBytes[at];
      send({ id, fd: at + 1, data: flush(at) });
      if (run.ahead >= run.window) for (const each of pipes(child)) each?.pause();
    }));
    child.on('error', (error) => {
      for (const each of pipes(child)) each?.destroy();
      finish({ error: fields(error), stdout: flush(0), stderr: flush(1) });
    });
    child.on('close', (code, signal) => finish({ exit: { code, signal }, stdout: flush(0), stderr: flush(1) }));
    // A closed pipe (the program gone early) is told by its exit code. Without input, stdin stays open as execFile leaves it.
    child.stdin?.on('error', () => undefined);
    if (input !== undefined) child.stdin?.end(input);
  };

  process.title = 'cms-spawner';
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: Run | Kill | Ack) => {
    if ('ack' in message) {
      const run = running.get(message.ack);
      if (!run) return;
      run.ahead -= message.bytes;
      if (run.ahead < run.window) for (const each of pipes(run.child)) each?.resume();
    } else if ('kill' in message) {
      const run = running.get(message.kill);
      if (!run) return;
      // As execFile's kill: the pipes are let go, then the program is signalled; its close answers the call.
      for (const each of pipes(run.child)) each?.destroy();
      try {
        run.child.kill(message.signal);
      } catch (error) {
        run.finish({ error: fields(error as Error) });
      }
    } else {
      start(message);
    }
  });
}
