import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

interface Syncer {
  child: ChildProcessByStdio<Writable, Readable, null>;
  waiting: Array<(synced: boolean) => void>;
}
let syncer: Syncer | undefined;

function start(): Syncer {
  // `read` ends at the pipe's end: the shell goes when this process does, however it ends.
  const child = spawn('sh', ['-c', 'while read -r at; do sync -f "$at" 2>/dev/null && echo ok || echo no; done'],
    { stdio: ['pipe', 'pipe', 'ignore'] });
  const started: Syncer = { child, waiting: [] };
  const fail = () => {
    if (syncer === started) syncer = undefined;
    for (const done of started.waiting.splice(0)) done(false);
  };
  child.on('error', fail).on('exit', fail);
  child.stdin.on('error', fail);
  createInterface({ input: child.stdout }).on('line', (line) => started.waiting.shift()?.(line === 'ok'));
  // Neither the shell nor its pipes keep this process alive: a checkpoint left undone is the next open's.
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  return started;
}

/**
 * `syncfs` of the file system that holds `path` (Linux, `sync -f` of GNU coreutils): every file written there is
 * durable once this resolves true (one journal commit for all of them); false where the system cannot do it. Through
 * one long-lived shell per process: spawning `sync` from a server each time forked the whole server, which blocked
 * its event loop for ~100 ms under load (seen in --cpu-prof as ChildProcess.spawn).
 *
 * @example
 * if (!(await syncFileSystem('/site'))) await fsyncEachFile();
 */
export function syncFileSystem(path: string): Promise<boolean> {
  if (process.platform !== 'linux' || path.includes('\n')) return Promise.resolve(false);
  const running = (syncer ??= start());
  return new Promise((resolve) => {
    running.waiting.push(resolve);
    running.child.stdin.write(`${path}\n`);
  });
}
