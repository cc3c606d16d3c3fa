import { resolve } from 'node:path';
import type { Cms, CreateCmsOptions } from '../core/cms.js';

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  /** A stream's `drain`: a long output waits for it when `write` answers false (backpressure). */
  once?(event: 'drain', listener: () => void): unknown;
}

/** Wait until a stream that answered `false` to a write has room again (at once for a plain sink). */
export function drained(output: Output): Promise<void> {
  return new Promise((resolve) => (output.once ? output.once('drain', resolve) : resolve()));
}

export interface CliIO {
  stdout: Output;
  stderr: Output;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** What every command gets: the IO streams and a lazily loaded CMS for `--root`. */
export interface CliContext extends CliIO {
  /** `--json` was given anywhere on the command line: stdout carries only JSON. */
  json?: boolean;
  loadCms(root?: string, options?: Omit<CreateCmsOptions, 'root'>): Promise<Cms>;
  /** Print a JSON value: pretty on a terminal, compact when piped (as the HTTP body). */
  printJson(value: unknown, pretty?: boolean): void;
  /** Close every project loaded (their state stores' connections). */
  close(): Promise<void>;
}

export function createContext(io: CliIO): CliContext {
  const loaded = new Map<string, Promise<Cms>>();
  return {
    ...io,
    loadCms(root, options = {}) {
      const dir = resolve(io.cwd, root ?? io.env.CMS_ROOT ?? '.');
      const fromEnv = io.env.CMS_GIT_COMMIT ? io.env.CMS_GIT_COMMIT === '1' || io.env.CMS_GIT_COMMIT === 'true' : undefined;
      const gitCommit = options.gitCommit ?? fromEnv;
      // Every call starts from the index snapshot (CMS_INDEX_SNAPSHOT=0 reads every file instead).
      const indexSnapshot = options.indexSnapshot ?? io.env.CMS_INDEX_SNAPSHOT !== '0';
      if (!loaded.has(dir)) {
        const report = (message: string) => io.stderr.write(`${message}\n`);
        // Imported here, not at the top: `cms --version`, `cms init` and the token commands never load a project.
        const settings = { report, ...options, gitCommit, indexSnapshot, root: dir };
        loaded.set(dir, import('../core/cms.js').then(({ createCms }) => createCms(settings)));
      }
      return loaded.get(dir)!;
    },
    async close() {
      const projects = await Promise.allSettled([...loaded.values()]);
      for (const project of projects) if (project.status === 'fulfilled') await project.value.close();
    },
    printJson(value, pretty = !!io.stdout.isTTY) {
      io.stdout.write(`${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
    },
  };
}
