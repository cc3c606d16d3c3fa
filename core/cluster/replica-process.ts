import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { ApplicationError } from '../errors.js';

export interface ReplicaProcessOptions {
  /** How to run the CLI: `[node, /path/to/cms]`; `serve …` is appended. */
  command: string[];
  /** The replica's project folder (in its clone). */
  root: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Its stdout and stderr are appended here. */
  logFile: string;
  /** Its process id is written here at every start (a torture run kills it by this). */
  pidFile: string;
  report: (message: string) => void;
}

export interface ReplicaProcess {
  url: string;
  /** Stop it (SIGTERM: `cms serve` closes its server and state store) and do not restart it. */
  stop(): Promise<void>;
}

/**
 * One replica: `cms serve` on its clone and port, restarted when it dies unexpectedly (a crash, a
 * `kill -9`), as a process supervisor would. Resolves once it serves.
 *
 * @example
 * const replica = await startReplica({ command: [process.execPath, bin], root, port: 4001, env, logFile, pidFile, report });
 */
export async function startReplica(options: ReplicaProcessOptions): Promise<ReplicaProcess> {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  let child: ChildProcess;
  let stopping = false;
  const args = [...options.command.slice(1), 'serve', '--root', options.root, '--port', String(options.port), '--host', '127.0.0.1'];
  args.push('--no-watch');

  const launch = () => new Promise<void>((resolveStarted, reject) => {
    // Its own process group: a terminal's Ctrl-C reaches `cms cluster`, which stops the replicas in order (not restarts them).
    child = spawn(options.command[0], args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    writeFileSync(options.pidFile, `${child.pid}\n`);
    let started = false, tail = '';
    child.stdout!.pipe(log, { end: false });
    child.stderr!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (started) return;
      tail = (tail + chunk.toString()).slice(-4000);
      if (/^Serving /m.test(tail)) { started = true; resolveStarted(); }
    });
    child.once('exit', (code, signal) => {
      if (!started) {
        const lastLine = tail.trim().split('\n').pop() ?? '';
        reject(new ApplicationError(`cms serve on port ${options.port} exited (${signal ?? code}): ${lastLine}`));
        return;
      }
      if (stopping) return;
      options.report(`replica on port ${options.port} died (${signal ?? code}); restarting it`);
      launch().catch((error: Error) => options.report(error.message));
    });
  });

  await launch();
  return {
    url: `http://127.0.0.1:${options.port}`,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
      log.end();
    },
  };
}
