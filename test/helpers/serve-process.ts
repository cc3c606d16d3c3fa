import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** A `cms serve` process, once it said it is serving: its origin (`http://127.0.0.1:<port>`) and what it wrote to stderr. */
export interface ServeProcess {
  child: ChildProcess;
  base: string;
  port: number;
  stderr: () => string;
}

/** `cms serve` ended before it was serving: its exit code and all it wrote to stderr. */
export class ServeExited extends Error {
  constructor(readonly code: number | null, readonly stderr: string) {
    super(`cms serve exited with ${code}: ${stderr}`);
  }
}

/** The origin a `Serving <root> at <origin>/api` line names, once the whole line has come. */
const SERVING = /^Serving .* at (http:\/\/[^\s/]+:(\d+))[^\n]*\n/m;

/**
 * Start `node <bin> serve --port 0 --host 127.0.0.1 …args` and resolve once it is serving, on the port it was given by the
 * system; rejects with ServeExited when it exits first. A port probed free and handed to the child was free only until the
 * probe closed it: another test's server or connection could take it before `cms serve` listened (EADDRINUSE).
 */
export function startServe(bin: string, args: string[], options: SpawnOptions = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [bin, 'serve', ...args, '--port', '0', '--host', '127.0.0.1'],
    { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  let stderr = '';
  return new Promise<ServeProcess>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const serving = SERVING.exec(stderr);
      if (serving) resolve({ child, base: serving[1], port: Number(serving[2]), stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new ServeExited(code, stderr)));
  });
}
