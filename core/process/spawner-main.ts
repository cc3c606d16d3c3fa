/**
 * The spawner's whole program: it runs in a small Node process of its own (spawner.ts starts it with `node -e`, this function's
 * source as the script), so it uses nothing but what it is handed: `require` of Node's builtins and `process`. Per message from
 * its parent it runs one program by `execFile` (answers as Buffers, sent back with their error's fields), kills one on request,
 * and it exits once its parent's channel closes: when the parent exits, is killed (SIGKILL included) or lets it go.
 */
export function spawnerMain(require: (id: string) => unknown, process: NodeJS.Process): void {
  const { execFile } = require('node:child_process') as typeof import('node:child_process');
  type Run = { id: number; file: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; input?: string | Uint8Array;
    maxBuffer: number; timeout: number; killSignal: NodeJS.Signals | number };
  const running = new Map<number, ReturnType<typeof execFile>>();
  /** An error as plain fields: structured clone keeps an Error's message but not `code`, `signal`, `killed`, `cmd`. */
  const fields = (error: Error) => {
    const own: Record<string, unknown> = {};
    for (const key of Object.keys(error)) own[key] = (error as unknown as Record<string, unknown>)[key];
    return { name: error.name, message: error.message, stack: error.stack, own };
  };
  process.title = 'cms-spawner';
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: Run | { kill: number }) => {
    if ('kill' in message) { running.get(message.kill)?.kill(); return; }
    const { id, file, args, cwd, env, input, maxBuffer, timeout, killSignal } = message;
    let child: ReturnType<typeof execFile>;
    try {
      child = execFile(file, args, { cwd, env, maxBuffer, timeout, killSignal, encoding: 'buffer' }, (error, stdout, stderr) => {
        running.delete(id);
        if (process.connected) process.send!({ id, stdout, stderr, error: error ? fields(error) : undefined });
      });
    } catch (error) {
      // What execFile throws at once (an argument it refuses) is that call's answer too.
      process.send!({ id, error: fields(error as Error) });
      return;
    }
    running.set(id, child);
    if (input !== undefined) {
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input);
    }
  });
}
