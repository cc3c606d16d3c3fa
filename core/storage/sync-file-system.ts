import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { dirname } from 'node:path';
import { diskFs, type DurableFs } from './durable-fs.js';

interface Syncer {
  child: ChildProcessByStdio<Writable, Readable, null>;
  waiting: Array<(synced: boolean) => void>;
}
let syncer: Syncer | undefined;
/** A child's pipe as the socket it is (ref/unref). */
const pipe = (stream: Readable | Writable) => stream as unknown as { ref(): void; unref(): void };

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
  createInterface({ input: child.stdout }).on('line', (line) => {
    started.waiting.shift()?.(line === 'ok');
    if (!started.waiting.length) pipe(child.stdout).unref();
  });
  // The shell and its pipes keep this process alive only while a sync is awaited (a start's recovery, say, has nothing
  // else to wait on); a checkpoint not yet begun when the process ends is the next open's.
  child.unref();
  pipe(child.stdin).unref();
  pipe(child.stdout).unref();
  return started;
}

/**
 * Start the shell `syncFileSystem` runs its syncs through, if none runs (Linux). A server calls it before loading its
 * site: started at the first checkpoint, it forked a process of the site's size (~16 ms of the event loop at 1M rows).
 */
export function startSyncFileSystem(): void {
  if (process.platform === 'linux') syncer ??= start();
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
    pipe(running.child.stdout).ref();
    running.child.stdin.write(`${path}\n`);
  });
}

/** Up to this many files, a checkpoint fsyncs each (a CLI's close waits for a few files, not for the file system's). */
const FSYNC_EACH_UP_TO = 8;
/**
 * Make every file named durable (and the folder entries that name them): one `syncfs` of the site's file system where the
 * system has it and there are more than a few files (one journal commit for all of them, no thread-pool call); else an
 * fsync of each file and folder.
 */
export async function syncFiles(root: string, paths: Iterable<string>, fs: DurableFs = diskFs): Promise<void> {
  const all = [...new Set(paths)];
  if (all.length > FSYNC_EACH_UP_TO && await syncFileSystem(root)) return;
  await Promise.all([...new Set([...all, ...all.map((path) => dirname(path))])].map((path) => fs.syncDirectory(path)));
}
